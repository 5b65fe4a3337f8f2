import type Stripe from "stripe";
import { and, eq, inArray } from "drizzle-orm";
import {
  appSettings,
  franchisees,
  membershipCharges,
  membershipPlans,
  membershipSubscriptions,
  serviceZones,
} from "#db/schema";
import { addMonth, periodCharge, type SubscribeForm } from "~/domain/memberships/memberships";
import { royaltyRate } from "~/domain/payments/royalty";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { createPaymentCheckout } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { NETWORK_ROYALTY_SETTING } from "../payments/payment-setup.server";
import { customerFor } from "../payments/start-card-step.server";
import { today, recordInLedger } from "./membership-periods.server";

// Subscribing (issue 34, item 3; ADR 095): a customer's subscription paid on a hosted Checkout
// page that keeps the card for the renewals, made active once its first month is paid.

export const CHECKOUT_MINUTES = 60;

/** The franchisee selling in a zone, when its Stripe account takes charges, and its royalty. */
async function sellerOf(db: Db, zoneSlug: string) {
  const [row] = await db
    .select({
      franchiseeId: franchisees.id,
      accountId: franchisees.stripeAccountId,
      state: franchisees.stripeAccountState,
      royalty: franchisees.royaltyBasisPoints,
    })
    .from(serviceZones)
    .innerJoin(franchisees, eq(franchisees.id, serviceZones.franchiseeId))
    .where(and(eq(serviceZones.routeSlug, zoneSlug), eq(serviceZones.status, "active")));
  if (!row) throw new AppError("MEMBERSHIP_REFUSED", "Ce secteur n'est pas desservi.");
  if (row.state !== "enabled" || !row.accountId) {
    throw new AppError("MEMBERSHIP_REFUSED", "Les abonnements ne sont pas encore offerts dans ce secteur.");
  }
  const [network] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, NETWORK_ROYALTY_SETTING));
  const networkRate = network && /^\d+$/.test(network.value) ? Number(network.value) : null;
  return {
    franchiseeId: row.franchiseeId,
    accountId: row.accountId,
    royaltyBasisPoints: royaltyRate(row.royalty, networkRate),
  };
}

/**
 * A subscription awaiting its first payment (under the form's one-time key: a double submit is
 * one), and the hosted Checkout page that charges the first month and keeps the card for the
 * renewals (`setup_future_usage: off_session`), for the zone's franchisee with its royalty.
 * Returns the page's URL.
 */
export async function subscribe(
  db: Db,
  input: {
    user: { id: string; email: string; name: string };
    form: SubscribeForm;
    now: Date;
    stripe: StripeClient | undefined;
  },
): Promise<string> {
  if (!input.stripe)
    throw new AppError("MEMBERSHIP_REFUSED", "Le paiement en ligne n'est pas offert pour l'instant.");
  const [live] = await db
    .select({ id: membershipSubscriptions.id })
    .from(membershipSubscriptions)
    .where(
      and(
        eq(membershipSubscriptions.userId, input.user.id),
        inArray(membershipSubscriptions.status, ["active", "paused", "past_due"]),
      ),
    );
  if (live) throw new AppError("MEMBERSHIP_REFUSED", "Vous avez déjà un abonnement.");
  const [plan] = await db
    .select()
    .from(membershipPlans)
    .where(and(eq(membershipPlans.id, input.form.planId), eq(membershipPlans.isActive, true)));
  if (!plan) throw new AppError("MEMBERSHIP_REFUSED", "Ce forfait n'est plus offert.");
  const seller = await sellerOf(db, input.form.zone);
  const customerId = await customerFor(db, input.stripe, input.user.email, input.user.name, input.user.id);
  const [created] = await db
    .insert(membershipSubscriptions)
    .values({
      userId: input.user.id,
      planId: plan.id,
      franchiseeId: seller.franchiseeId,
      vehicles: input.form.vehicles,
      unitPriceCents: plan.monthlyPriceCents,
      royaltyBasisPoints: seller.royaltyBasisPoints,
      stripeAccountId: seller.accountId,
      stripeCustomerId: customerId,
      requestKey: input.form.requestKey,
    })
    .onConflictDoNothing({ target: membershipSubscriptions.requestKey })
    .returning();
  const sub =
    created ??
    (
      await db
        .select()
        .from(membershipSubscriptions)
        .where(eq(membershipSubscriptions.requestKey, input.form.requestKey))
    )[0]!;
  if (sub.userId !== input.user.id) throw new AppError("REQUEST_KEY_REUSED");
  if (sub.stripeCheckoutUrl) return sub.stripeCheckoutUrl;
  const lines = periodCharge(sub);
  const back = `${env().PUBLIC_URL}/client/abonnement`;
  const page = await createPaymentCheckout(input.stripe, {
    customerId,
    amountCents: lines.amountCents,
    label: `Abonnement ${plan.name} (${sub.vehicles} véhicule${sub.vehicles > 1 ? "s" : ""}), premier mois`,
    to: { accountId: sub.stripeAccountId, applicationFeeCents: lines.applicationFeeCents },
    successUrl: `${back}?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: back,
    expiresAt: new Date(input.now.getTime() + CHECKOUT_MINUTES * 60_000),
    metadata: { membership_subscription_id: sub.id },
    idempotencyKey: `membership:${sub.id}:checkout`,
  });
  await db
    .update(membershipSubscriptions)
    .set({ stripeCheckoutSessionId: page.id, stripeCheckoutUrl: page.url })
    .where(eq(membershipSubscriptions.id, sub.id));
  return page.url;
}

/**
 * The first month paid, on the customer's return: the session read from Stripe, then
 * {@link activateMembership}. 'stale' when applied already (by the webhook, or a second return),
 * null when not a membership's.
 */
export async function membershipCheckoutCompleted(
  db: Db,
  stripe: StripeClient,
  sessionId: string,
  now: Date,
): Promise<"applied" | "stale" | "unpaid" | null> {
  const [sub] = await db
    .select({ status: membershipSubscriptions.status })
    .from(membershipSubscriptions)
    .where(eq(membershipSubscriptions.stripeCheckoutSessionId, sessionId));
  if (!sub) return null;
  if (sub.status !== "awaiting_payment") return "stale";
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const intentId =
    typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  const intent = intentId ? await stripe.paymentIntents.retrieve(intentId) : null;
  const paymentMethodId =
    typeof intent?.payment_method === "string" ? intent.payment_method : (intent?.payment_method?.id ?? null);
  return db.transaction((tx) => activateMembership(tx, session, paymentMethodId, now));
}

/**
 * A membership's first month paid (the return from Stripe, or the webhook's
 * `checkout.session.completed`; both may come at once): one conditional update
 * `awaiting_payment → active`, the period starting today, its charge row recorded as paid, with
 * its row in the payments ledger and its receipt; the card kept for the renewals. The loser of
 * two at once waits on the row and finds it active: 'stale'. Null when not a membership's.
 */
export async function activateMembership(
  tx: Tx,
  session: Pick<Stripe.Checkout.Session, "id" | "status" | "payment_status" | "payment_intent">,
  paymentMethodId: string | null,
  now: Date,
): Promise<"applied" | "stale" | "unpaid" | null> {
  const [sub] = await tx
    .select()
    .from(membershipSubscriptions)
    .where(eq(membershipSubscriptions.stripeCheckoutSessionId, session.id));
  if (!sub) return null;
  if (session.status !== "complete" || session.payment_status !== "paid") return "unpaid";
  const intentId =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  const start = today(now);
  const end = addMonth(start);
  const changed = await tx
    .update(membershipSubscriptions)
    .set({
      status: "active",
      currentPeriodStart: start,
      currentPeriodEnd: end,
      stripePaymentMethodId: paymentMethodId,
    })
    .where(
      and(eq(membershipSubscriptions.id, sub.id), eq(membershipSubscriptions.status, "awaiting_payment")),
    )
    .returning({ id: membershipSubscriptions.id });
  if (changed.length === 0) return "stale";
  const [charge] = await tx
    .insert(membershipCharges)
    .values({
      subscriptionId: sub.id,
      franchiseeId: sub.franchiseeId,
      periodStart: start,
      periodEnd: end,
      status: "succeeded",
      ...periodCharge(sub),
      attempts: 1,
      stripePaymentIntentId: intentId,
      stripeCheckoutSessionId: session.id,
      settledAt: now,
    })
    .returning();
  await recordInLedger(tx, charge!);
  return "applied";
}
