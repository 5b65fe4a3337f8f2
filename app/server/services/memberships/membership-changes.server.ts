import type Stripe from "stripe";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { membershipCharges, membershipSubscriptions } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { createSetupCheckout } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { today } from "./membership-periods.server";
import { scheduleRenewals, renewDueMemberships } from "./membership-renewals.server";
import { CHECKOUT_MINUTES } from "./membership-subscribe.server";

// The customer's changes to a membership: pause, resume, cancel, and a past-due membership's new
// card (ADR 095, amended).

/**
 * Pause (no renewal at the period's end; the paid period stays usable), resume, or cancel (no
 * renewal; the paid period stays usable). Each a conditional update on the customer's own row.
 */
export async function changeMembership(
  db: Db,
  input: { userId: string; action: "pause" | "resume" | "cancel"; now: Date },
): Promise<void> {
  const mine = eq(membershipSubscriptions.userId, input.userId);
  const day = today(input.now);
  if (input.action === "pause") {
    const rows = await db
      .update(membershipSubscriptions)
      .set({ status: "paused", pausedAt: input.now })
      .where(and(mine, eq(membershipSubscriptions.status, "active")))
      .returning({ id: membershipSubscriptions.id });
    if (rows.length === 0)
      throw new AppError("MEMBERSHIP_REFUSED", "Seul un abonnement actif peut être mis en pause.");
    return;
  }
  if (input.action === "resume") {
    // A period that ended during the pause starts again today: the job charges it now.
    const rows = await db
      .update(membershipSubscriptions)
      .set({
        status: "active",
        pausedAt: null,
        currentPeriodEnd: sql`greatest(${membershipSubscriptions.currentPeriodEnd}, ${day}::date)`,
        currentPeriodStart: sql`least(${membershipSubscriptions.currentPeriodStart}, ${day}::date)`,
      })
      .where(and(mine, eq(membershipSubscriptions.status, "paused")))
      .returning({ id: membershipSubscriptions.id, end: membershipSubscriptions.currentPeriodEnd });
    if (rows.length === 0) throw new AppError("MEMBERSHIP_REFUSED", "Cet abonnement n'est pas en pause.");
    if (rows[0]!.end! <= day) await scheduleRenewals(db, input.now, rows[0]!.id);
    return;
  }
  const rows = await db
    .update(membershipSubscriptions)
    .set({ status: "cancelled", cancelledAt: input.now })
    .where(and(mine, inArray(membershipSubscriptions.status, ["active", "paused", "past_due"])))
    .returning({ id: membershipSubscriptions.id });
  if (rows.length === 0) throw new AppError("MEMBERSHIP_REFUSED", "Aucun abonnement à annuler.");
}

/**
 * « Changer de carte » on a past-due membership: a hosted Checkout page in setup mode (nothing
 * charged there) for the franchisee that sold it, on the Stripe customer kept at subscription.
 * The form's one-time key makes a double submit one page. Returns the page's URL.
 */
export async function startCardChange(
  db: Db,
  input: { userId: string; requestKey: string; now: Date; stripe: StripeClient | undefined },
): Promise<string> {
  if (!input.stripe)
    throw new AppError("MEMBERSHIP_REFUSED", "Le paiement en ligne n'est pas offert pour l'instant.");
  const [sub] = await db
    .select()
    .from(membershipSubscriptions)
    .where(
      and(eq(membershipSubscriptions.userId, input.userId), eq(membershipSubscriptions.status, "past_due")),
    );
  if (!sub) {
    throw new AppError(
      "MEMBERSHIP_REFUSED",
      "Seul un abonnement dont le renouvellement a été refusé peut changer de carte.",
    );
  }
  const back = `${env().PUBLIC_URL}/client/abonnement`;
  const page = await createSetupCheckout(input.stripe, {
    customerId: sub.stripeCustomerId,
    accountId: sub.stripeAccountId,
    successUrl: `${back}?carte={CHECKOUT_SESSION_ID}`,
    cancelUrl: back,
    // Stripe wants 30 minutes or more; the minute makes a double submit the same request.
    expiresAt: new Date(Math.floor(input.now.getTime() / 60_000) * 60_000 + CHECKOUT_MINUTES * 60_000),
    metadata: { membership_subscription_id: sub.id, membership_card_change: "1" },
    idempotencyKey: `membership:${sub.id}:card:${input.requestKey}`,
  });
  return page.url;
}

/**
 * A card change's page completed (the return, or the webhook's `checkout.session.completed`;
 * both may come at once): the new card is kept by one conditional update (a past-due
 * subscription, a card other than the one kept), and the refused charge is made due now, so the
 * next run tries it once on the new card, under its next try's key. The loser of two at once, or
 * a second return, finds the card kept: 'stale', nothing retried twice. Null when not a card change.
 */
export async function membershipCardChanged(
  tx: Tx,
  session: Pick<Stripe.Checkout.Session, "mode" | "status" | "metadata">,
  paymentMethodId: string | null,
  now: Date,
): Promise<"applied" | "stale" | null> {
  const subscriptionId = session.metadata?.membership_subscription_id;
  if (session.mode !== "setup" || !subscriptionId || session.metadata?.membership_card_change !== "1")
    return null;
  if (session.status !== "complete" || !paymentMethodId) return "stale";
  const changed = await tx
    .update(membershipSubscriptions)
    .set({ stripePaymentMethodId: paymentMethodId })
    .where(
      and(
        eq(membershipSubscriptions.id, subscriptionId),
        eq(membershipSubscriptions.status, "past_due"),
        sql`${membershipSubscriptions.stripePaymentMethodId} is distinct from ${paymentMethodId}`,
      ),
    )
    .returning({ id: membershipSubscriptions.id });
  if (changed.length === 0) return "stale";
  await tx
    .update(membershipCharges)
    .set({ nextAttemptAt: now })
    .where(and(eq(membershipCharges.subscriptionId, subscriptionId), eq(membershipCharges.status, "failed")));
  // The webhook's way (the customer may never come back): the job tries it.
  await scheduleRenewals(tx, now, subscriptionId);
  return "applied";
}

/**
 * Back from the card change's page: the session read from Stripe (the customer's own
 * subscription only), the card kept ({@link membershipCardChanged}), and the refused charge
 * tried at once on it, so the page tells the outcome. Null when not this customer's card change.
 */
export async function membershipCardReturn(
  db: Db,
  stripe: StripeClient,
  input: { userId: string; sessionId: string; now: Date },
): Promise<"paid" | "refused" | "cancelled" | "pending" | null> {
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(input.sessionId)) return null;
  const session = await stripe.checkout.sessions.retrieve(input.sessionId);
  const subscriptionId = session.metadata?.membership_subscription_id;
  if (!subscriptionId) return null;
  const [owned] = await db
    .select({ id: membershipSubscriptions.id })
    .from(membershipSubscriptions)
    .where(
      and(eq(membershipSubscriptions.id, subscriptionId), eq(membershipSubscriptions.userId, input.userId)),
    );
  if (!owned) return null;
  const setupId = typeof session.setup_intent === "string" ? session.setup_intent : session.setup_intent?.id;
  const setup = setupId ? await stripe.setupIntents.retrieve(setupId) : null;
  const card =
    typeof setup?.payment_method === "string" ? setup.payment_method : (setup?.payment_method?.id ?? null);
  const outcome = await db.transaction((tx) => membershipCardChanged(tx, session, card, input.now));
  if (outcome === null) return null;
  // Only a charge due is tried: a second return, or one after the job's try, charges nothing.
  await renewDueMemberships(db, { now: input.now, stripe, subscriptionId });
  const [last] = await db
    .select({ charge: membershipCharges.status, sub: membershipSubscriptions.status })
    .from(membershipCharges)
    .innerJoin(membershipSubscriptions, eq(membershipSubscriptions.id, membershipCharges.subscriptionId))
    .where(eq(membershipCharges.subscriptionId, subscriptionId))
    .orderBy(desc(membershipCharges.periodStart))
    .limit(1);
  if (last?.charge === "succeeded") return "paid";
  if (last?.charge === "failed") return last.sub === "cancelled" ? "cancelled" : "refused";
  return "pending";
}
