import { and, eq, sql } from "drizzle-orm";
import { membershipSubscriptions, users } from "#db/schema";
import { BUSINESS_TIME_ZONE, zonedWallTimeToInstant } from "~/domain/time/zoned";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import type { StripeClient } from "../../payments/stripe.server";
import { renewDueMemberships } from "../memberships/membership-renewals.server";

/** Stripe's test card that declines every charge (test mode, and the local stand-in). */
const DECLINING_CARD = "pm_card_chargeDeclined";

/**
 * A demo tool for browser tests (ADR 041, demo mode and loopback only; ADR 095): an active
 * membership's renewal, as its period's last day will run it, refused by the card kept, now
 * Stripe's declining test card. The membership is then past due, as after a real refusal, and
 * its page offers « Changer de carte ». NOT_FOUND when the account has no active membership.
 */
export async function refuseMembershipRenewal(
  db: Db,
  stripe: StripeClient,
  { email }: { email: string },
): Promise<void> {
  const [row] = await db
    .select({ id: membershipSubscriptions.id, end: membershipSubscriptions.currentPeriodEnd })
    .from(membershipSubscriptions)
    .innerJoin(users, eq(users.id, membershipSubscriptions.userId))
    .where(
      and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(membershipSubscriptions.status, "active")),
    );
  if (!row?.end) throw new AppError("NOT_FOUND");
  await db
    .update(membershipSubscriptions)
    .set({ stripePaymentMethodId: DECLINING_CARD })
    .where(eq(membershipSubscriptions.id, row.id));
  await renewDueMemberships(db, {
    now: zonedWallTimeToInstant(row.end, "09:00:00", BUSINESS_TIME_ZONE),
    stripe,
    subscriptionId: row.id,
  });
}
