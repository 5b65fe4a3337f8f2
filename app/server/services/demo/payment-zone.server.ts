import { eq } from "drizzle-orm";
import { franchisees, serviceZones, zonePaymentSettings } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import type { StripeClient } from "../../payments/stripe.server";
import { invalidateOpenSlots } from "../booking/slot-cache.server";

/**
 * A browser test's zone takes a deposit (ADR 074): its franchisee gets a connected account (at
 * the Stripe of the environment, the local stand-in in tests) marked enabled, and the zone a
 * deposit of `percent` % of the total, kept on a late cancellation or a no-show. Only the zone
 * named changes: the other zones keep payment on site, so parallel tests are not disturbed.
 */
export async function makeDepositZone(
  db: Db,
  stripe: StripeClient,
  { zoneSlug, percent }: { zoneSlug: string; percent: number },
): Promise<void> {
  const [zone] = await db.select().from(serviceZones).where(eq(serviceZones.routeSlug, zoneSlug));
  if (!zone?.franchiseeId) throw new AppError("NOT_FOUND");
  const account = await stripe.accounts.create(
    { country: "CA" },
    { idempotencyKey: `demo-account:${zone.franchiseeId}` },
  );
  const setting = {
    mode: "deposit" as const,
    depositRule: "percent" as const,
    depositValue: percent * 100,
    lateCancelRule: "deposit" as const,
    noShowRule: "deposit" as const,
  };
  await db.transaction(async (tx) => {
    await tx
      .update(franchisees)
      .set({ stripeAccountId: account.id, stripeAccountState: "enabled" })
      .where(eq(franchisees.id, zone.franchiseeId!));
    await tx
      .insert(zonePaymentSettings)
      .values({ zoneId: zone.id, ...setting })
      .onConflictDoUpdate({ target: zonePaymentSettings.zoneId, set: setting });
  });
  invalidateOpenSlots();
}
