import type Stripe from "stripe";
import { and, asc, desc, eq, inArray, lt, lte, or, sql, sum } from "drizzle-orm";
import {
  appSettings,
  franchisees,
  membershipCharges,
  membershipPlans,
  membershipSubscriptions,
  membershipUsages,
  payments,
  serviceZones,
  services,
  users,
} from "#db/schema";
import {
  addMonth,
  inPeriod,
  memberDiscount,
  nextRenewalAttempt,
  periodCharge,
  type MembershipPlanForm,
  type SubscribeForm,
} from "~/domain/memberships/memberships";
import { royaltyRate } from "~/domain/payments/royalty";
import { BUSINESS_TIME_ZONE, localDate } from "~/domain/time/zoned";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { enqueue } from "../../jobs/queue.server";
import { chargeSavedCard, createPaymentCheckout } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { NETWORK_ROYALTY_SETTING } from "../payments/payment-setup.server";
import { queueReceipts } from "../payments/receipts.server";
import { customerFor } from "../payments/start-card-step.server";

// Memberships (issue 34, item 3; ADR 095): the admin's plans, a customer's subscription paid on a
// hosted Checkout page that keeps the card, renewed by our own daily job off-session, once per
// period; and what a member's booking takes of the period's included washes.

const today = (now: Date) => localDate(now.toISOString(), BUSINESS_TIME_ZONE);
/** A claim older than this is a worker that stopped mid-charge: the same try is sent again. */
const STALE_CLAIM_MS = 10 * 60_000;
const CHECKOUT_MINUTES = 60;

// ---------------------------------------------------------------------------------------------
// Plans (admin)

export async function listPlans(db: Db | Tx, { activeOnly = false } = {}) {
  return db
    .select({ plan: membershipPlans, serviceName: services.name })
    .from(membershipPlans)
    .innerJoin(services, eq(services.id, membershipPlans.serviceId))
    .where(activeOnly ? eq(membershipPlans.isActive, true) : undefined)
    .orderBy(asc(membershipPlans.monthlyPriceCents), asc(membershipPlans.name));
}

/** Creates a plan, or edits one: its price applies to new subscriptions (the others keep theirs). */
export async function savePlan(db: Db, form: MembershipPlanForm): Promise<string> {
  const values = {
    name: form.name,
    description: form.description,
    monthlyPriceCents: form.monthlyPrice,
    serviceId: form.serviceId,
    includedWashes: form.includedWashes,
    extrasDiscountBasisPoints: form.extrasDiscountPercent,
    isActive: form.isActive,
  };
  if (form.id) {
    const [row] = await db
      .update(membershipPlans)
      .set(values)
      .where(eq(membershipPlans.id, form.id))
      .returning({ id: membershipPlans.id });
    if (!row) throw new AppError("NOT_FOUND");
    return row.id;
  }
  const [row] = await db.insert(membershipPlans).values(values).returning({ id: membershipPlans.id });
  return row!.id;
}

// ---------------------------------------------------------------------------------------------
// Subscribing (customer)

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

/**
 * A paid period's row in the payments ledger (ADR 095), in the transaction that made its charge
 * succeed (a one-way step, taken once): the franchisee's money less the royalty (the
 * application fee), with its own idempotency key, a receipt and the refund path of any card
 * payment. A second call inserts nothing (the key, and one row per charge).
 */
async function recordInLedger(tx: Tx, charge: typeof membershipCharges.$inferSelect): Promise<void> {
  const rows = await tx
    .insert(payments)
    .values({
      membershipChargeId: charge.id,
      franchiseeId: charge.franchiseeId,
      kind: "membership",
      method: "stripe",
      status: "succeeded",
      amountCents: charge.amountCents,
      subtotalCents: charge.subtotalCents,
      tpsCents: charge.tpsCents,
      tvqCents: charge.tvqCents,
      applicationFeeCents: charge.applicationFeeCents,
      idempotencyKey: `membership:${charge.id}:paid`,
      stripeCheckoutSessionId: charge.stripeCheckoutSessionId,
      stripePaymentIntentId: charge.stripePaymentIntentId,
      settledAt: charge.settledAt,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  await queueReceipts(
    tx,
    rows.map((row) => row.id),
  );
}

// ---------------------------------------------------------------------------------------------
// The customer's space

export interface ClientMembership {
  id: string;
  status: (typeof membershipSubscriptions.$inferSelect)["status"];
  planName: string;
  serviceName: string;
  vehicles: number;
  periodStart: string | null;
  periodEnd: string | null;
  /** Per month, taxes included, for all the vehicles. */
  amountCents: number;
  included: number;
  used: number;
  extrasDiscountBasisPoints: number;
  failureCode: string | null;
  /** Its paid periods and refunds in the payments ledger, each with its receipt, newest first. */
  receipts: { id: string; periodStart: string; amountCents: number; refund: boolean }[];
}

/** The customer's live (or last) subscription, what its period includes and has used. */
export async function clientMembership(db: Db, userId: string): Promise<ClientMembership | null> {
  const [row] = await db
    .select({ sub: membershipSubscriptions, plan: membershipPlans, serviceName: services.name })
    .from(membershipSubscriptions)
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .innerJoin(services, eq(services.id, membershipPlans.serviceId))
    .where(
      and(
        eq(membershipSubscriptions.userId, userId),
        sql`${membershipSubscriptions.status} <> 'awaiting_payment'`,
      ),
    )
    .orderBy(
      sql`case when ${membershipSubscriptions.status} in ('active', 'paused', 'past_due') then 0 else 1 end`,
      desc(membershipSubscriptions.createdAt),
    )
    .limit(1);
  if (!row) return null;
  const { sub, plan } = row;
  const used = sub.currentPeriodStart ? await usedInPeriod(db, sub.id, sub.currentPeriodStart) : 0;
  const [failed] = await db
    .select({ code: membershipCharges.failureCode })
    .from(membershipCharges)
    .where(and(eq(membershipCharges.subscriptionId, sub.id), eq(membershipCharges.status, "failed")))
    .orderBy(desc(membershipCharges.periodStart))
    .limit(1);
  const receipts = await db
    .select({
      id: payments.id,
      periodStart: membershipCharges.periodStart,
      amountCents: payments.amountCents,
      kind: payments.kind,
    })
    .from(payments)
    .innerJoin(membershipCharges, eq(membershipCharges.id, payments.membershipChargeId))
    .where(and(eq(membershipCharges.subscriptionId, sub.id), eq(payments.status, "succeeded")))
    .orderBy(desc(payments.createdAt));
  return {
    id: sub.id,
    status: sub.status,
    planName: plan.name,
    serviceName: row.serviceName,
    vehicles: sub.vehicles,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    amountCents: periodCharge(sub).amountCents,
    included: plan.includedWashes * sub.vehicles,
    used,
    extrasDiscountBasisPoints: plan.extrasDiscountBasisPoints,
    failureCode: sub.status === "past_due" ? (failed?.code ?? null) : null,
    receipts: receipts.map(({ kind, ...row }) => ({ ...row, refund: kind === "refund" })),
  };
}

async function usedInPeriod(db: Db | Tx, subscriptionId: string, periodStart: string): Promise<number> {
  const [row] = await db
    .select({ used: sum(membershipUsages.washes) })
    .from(membershipUsages)
    .where(
      and(eq(membershipUsages.subscriptionId, subscriptionId), eq(membershipUsages.periodStart, periodStart)),
    );
  return Number(row?.used ?? 0);
}

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

// ---------------------------------------------------------------------------------------------
// Renewals (the daily job)

/** Queues the renewal run: the daily one (one per day, whatever the workers), or one subscription's now. */
export async function scheduleRenewals(db: Db, runAt: Date, subscriptionId?: string): Promise<void> {
  await enqueue(db, "memberships.renew", subscriptionId ? { subscriptionId } : {}, {
    runAt,
    singletonKey: subscriptionId
      ? `memberships.renew:${subscriptionId}:${runAt.toISOString().slice(0, 10)}`
      : `memberships.renew:${runAt.toISOString().slice(0, 10)}`,
  });
}

/**
 * The renewal run (idempotent): each active subscription whose period ends today or before gets
 * its next period's charge row, once (the unique (subscription, period) pair: a second run or a
 * second worker inserts nothing); then each charge due (new, a refused one whose retry time has
 * come, or one left claimed by a stopped worker) is claimed by one conditional update, so only
 * one worker sends it, and charged off-session on the card kept under
 * `membership:<charge>:<attempt>` (a repeated try replays Stripe's first answer). Paid: the
 * period moves on. Refused: the customer is told, and it is tried again after 1 and 3 days; the
 * third refusal cancels the membership. The royalty is the application fee, as on a wash.
 */
export async function renewDueMemberships(
  db: Db,
  deps: { now: Date; stripe: StripeClient | undefined; subscriptionId?: string },
): Promise<{ charged: number; refused: number }> {
  const day = today(deps.now);
  const only = deps.subscriptionId ? eq(membershipSubscriptions.id, deps.subscriptionId) : undefined;
  const due = await db
    .select()
    .from(membershipSubscriptions)
    .where(
      and(
        only,
        eq(membershipSubscriptions.status, "active"),
        lte(membershipSubscriptions.currentPeriodEnd, day),
      ),
    );
  for (const sub of due) {
    const start = sub.currentPeriodEnd!;
    await db
      .insert(membershipCharges)
      .values({
        subscriptionId: sub.id,
        franchiseeId: sub.franchiseeId,
        periodStart: start,
        periodEnd: addMonth(start),
        ...periodCharge(sub),
      })
      .onConflictDoNothing();
  }
  const ready = or(
    eq(membershipCharges.status, "pending"),
    and(eq(membershipCharges.status, "failed"), lte(membershipCharges.nextAttemptAt, deps.now)),
    and(
      eq(membershipCharges.status, "charging"),
      lt(membershipCharges.claimedAt, new Date(deps.now.getTime() - STALE_CLAIM_MS)),
    ),
  );
  const candidates = await db
    .select({ charge: membershipCharges })
    .from(membershipCharges)
    .innerJoin(membershipSubscriptions, eq(membershipSubscriptions.id, membershipCharges.subscriptionId))
    .where(and(only, ready, inArray(membershipSubscriptions.status, ["active", "past_due"])));
  let charged = 0;
  let refused = 0;
  for (const { charge } of candidates) {
    // A stopped worker's try is sent again under its own key; any other claim is a new try.
    const attempt = charge.status === "charging" ? charge.attempts : charge.attempts + 1;
    const [claimed] = await db
      .update(membershipCharges)
      .set({ status: "charging", attempts: attempt, claimedAt: deps.now, nextAttemptAt: null })
      .where(
        and(
          eq(membershipCharges.id, charge.id),
          eq(membershipCharges.status, charge.status),
          eq(membershipCharges.attempts, charge.attempts),
        ),
      )
      .returning();
    if (!claimed) continue;
    const outcome = await chargeClaimed(db, claimed, deps);
    if (outcome === "succeeded") charged += 1;
    else if (outcome === "failed") refused += 1;
  }
  return { charged, refused };
}

async function chargeClaimed(
  db: Db,
  charge: typeof membershipCharges.$inferSelect,
  deps: { now: Date; stripe: StripeClient | undefined },
): Promise<"succeeded" | "failed" | "pending"> {
  const [sub] = await db
    .select({ sub: membershipSubscriptions, planName: membershipPlans.name })
    .from(membershipSubscriptions)
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .where(eq(membershipSubscriptions.id, charge.subscriptionId));
  const { stripePaymentMethodId: card, stripeCustomerId, stripeAccountId } = sub!.sub;
  const result =
    card && deps.stripe
      ? await chargeSavedCard(deps.stripe, {
          customerId: stripeCustomerId,
          paymentMethodId: card,
          amountCents: charge.amountCents,
          description: `Abonnement ${sub!.planName}, période du ${charge.periodStart}`,
          to: { accountId: stripeAccountId, applicationFeeCents: charge.applicationFeeCents },
          metadata: { membership_charge_id: charge.id, membership_subscription_id: charge.subscriptionId },
          idempotencyKey: `membership:${charge.id}:${charge.attempts}`,
        })
      : ({ ok: false, code: card ? "payments_off" : "no_card_kept" } as const);
  const claimedBy = and(
    eq(membershipCharges.id, charge.id),
    eq(membershipCharges.status, "charging"),
    eq(membershipCharges.attempts, charge.attempts),
  );
  return db.transaction(async (tx) => {
    if (result.ok) {
      const done = result.status === "succeeded";
      const [paid] = await tx
        .update(membershipCharges)
        .set({
          stripePaymentIntentId: result.paymentIntentId,
          failureCode: null,
          ...(done ? { status: "succeeded" as const, settledAt: deps.now } : {}),
        })
        .where(claimedBy)
        .returning();
      if (!paid || !done) return "pending" as const;
      await recordInLedger(tx, paid);
      // The period moves on once: only from the period this charge follows.
      await tx
        .update(membershipSubscriptions)
        .set({ status: "active", currentPeriodStart: charge.periodStart, currentPeriodEnd: charge.periodEnd })
        .where(
          and(
            eq(membershipSubscriptions.id, charge.subscriptionId),
            eq(membershipSubscriptions.currentPeriodEnd, charge.periodStart),
            inArray(membershipSubscriptions.status, ["active", "past_due"]),
          ),
        );
      return "succeeded" as const;
    }
    const retryAt = nextRenewalAttempt(charge.attempts, deps.now);
    const rows = await tx
      .update(membershipCharges)
      .set({
        status: "failed",
        failureCode: ("declineCode" in result && result.declineCode) || result.code,
        stripePaymentIntentId: ("paymentIntentId" in result && result.paymentIntentId) || null,
        nextAttemptAt: retryAt,
      })
      .where(claimedBy)
      .returning({ id: membershipCharges.id });
    if (rows.length === 0) return "pending" as const;
    await tx
      .update(membershipSubscriptions)
      .set(retryAt ? { status: "past_due" } : { status: "cancelled", cancelledAt: deps.now })
      .where(
        and(
          eq(membershipSubscriptions.id, charge.subscriptionId),
          inArray(membershipSubscriptions.status, ["active", "past_due"]),
        ),
      );
    await enqueue(
      tx,
      "email.membership-refused",
      { chargeId: charge.id, retryAt: retryAt?.toISOString() ?? null },
      { singletonKey: `membership-refused:${charge.id}:${charge.attempts}`, maxAttempts: EMAIL_MAX_ATTEMPTS },
    );
    return "failed" as const;
  });
}

/** What the refusal e-mail needs: the customer, the plan, the amount. */
export async function refusedChargeMail(db: Db, chargeId: string) {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      planName: membershipPlans.name,
      amountCents: membershipCharges.amountCents,
    })
    .from(membershipCharges)
    .innerJoin(membershipSubscriptions, eq(membershipSubscriptions.id, membershipCharges.subscriptionId))
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .innerJoin(users, eq(users.id, membershipSubscriptions.userId))
    .where(eq(membershipCharges.id, chargeId));
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// Booking

export interface MemberPrice {
  subscriptionId: string;
  periodStart: string;
  washes: number;
  discountCents: number;
}

/**
 * What a client's membership takes off a booking, inside the booking's transaction: the
 * subscription's row is locked, so two bookings of one member take turns and cannot use the same
 * included wash twice. Applies when the booking's local day is inside a paid period (active, or
 * paused or cancelled until the period ends; not while a renewal is refused). Null otherwise.
 */
export async function memberPriceFor(
  tx: Tx,
  input: {
    userId: string | null;
    serviceId: string;
    carPricesCents: readonly number[];
    upsellsCents: number;
    startAt: Date;
  },
): Promise<MemberPrice | null> {
  if (!input.userId) return null;
  const [row] = await tx
    .select({ sub: membershipSubscriptions, plan: membershipPlans })
    .from(membershipSubscriptions)
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .where(
      and(
        eq(membershipSubscriptions.userId, input.userId),
        inArray(membershipSubscriptions.status, ["active", "paused", "cancelled"]),
      ),
    )
    .orderBy(desc(membershipSubscriptions.currentPeriodEnd))
    .limit(1)
    .for("update", { of: membershipSubscriptions });
  if (!row) return null;
  const { sub, plan } = row;
  const day = localDate(input.startAt.toISOString(), BUSINESS_TIME_ZONE);
  if (!inPeriod(day, sub.currentPeriodStart, sub.currentPeriodEnd)) return null;
  const used = await usedInPeriod(tx, sub.id, sub.currentPeriodStart!);
  const discount = memberDiscount({
    sameService: plan.serviceId === input.serviceId,
    carPricesCents: input.carPricesCents,
    upsellsCents: input.upsellsCents,
    left: plan.includedWashes * sub.vehicles - used,
    extrasDiscountBasisPoints: plan.extrasDiscountBasisPoints,
  });
  if (discount.discountCents === 0 && discount.washes === 0) return null;
  return {
    subscriptionId: sub.id,
    periodStart: sub.currentPeriodStart!,
    washes: discount.washes,
    discountCents: discount.discountCents,
  };
}

/** What the booking wizard's summary needs to price a member's booking as the server will. */
export interface MemberQuote {
  serviceId: string;
  /** Included washes left in the period. */
  left: number;
  extrasDiscountBasisPoints: number;
  periodStart: string;
  periodEnd: string;
}

/**
 * A client's membership as {@link memberPriceFor} will apply it (same subscription, same period,
 * same washes left), read without a lock: the summary shows the member price before
 * « Confirmer la réservation », the booking's transaction prices it for good. Null when none.
 */
export async function memberQuote(db: Db, userId: string): Promise<MemberQuote | null> {
  const [row] = await db
    .select({ sub: membershipSubscriptions, plan: membershipPlans })
    .from(membershipSubscriptions)
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .where(
      and(
        eq(membershipSubscriptions.userId, userId),
        inArray(membershipSubscriptions.status, ["active", "paused", "cancelled"]),
      ),
    )
    .orderBy(desc(membershipSubscriptions.currentPeriodEnd))
    .limit(1);
  if (!row?.sub.currentPeriodStart || !row.sub.currentPeriodEnd) return null;
  const { sub, plan } = row;
  const used = await usedInPeriod(db, sub.id, sub.currentPeriodStart!);
  return {
    serviceId: plan.serviceId,
    left: Math.max(0, plan.includedWashes * sub.vehicles - used),
    extrasDiscountBasisPoints: plan.extrasDiscountBasisPoints,
    periodStart: sub.currentPeriodStart!,
    periodEnd: sub.currentPeriodEnd!,
  };
}

/** Records what the booking took (after its row exists), in the booking's transaction. */
export async function recordMemberUse(tx: Tx, price: MemberPrice, appointmentId: string): Promise<void> {
  await tx.insert(membershipUsages).values({
    subscriptionId: price.subscriptionId,
    periodStart: price.periodStart,
    appointmentId,
    washes: price.washes,
    discountCents: price.discountCents,
  });
}

/** A cancelled booking gives its included washes back to its period. */
export async function restoreMemberUse(tx: Tx, appointmentId: string): Promise<void> {
  await tx.delete(membershipUsages).where(eq(membershipUsages.appointmentId, appointmentId));
}

/**
 * The e-mails (lower case) among `emails` of a franchisee's members now (active or paused): the
 * franchisee sees them first, with a badge.
 */
export async function memberEmailsOf(
  db: Db,
  franchiseeId: string,
  emails: readonly string[],
): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(membershipSubscriptions)
    .innerJoin(users, eq(users.id, membershipSubscriptions.userId))
    .where(
      and(
        eq(membershipSubscriptions.franchiseeId, franchiseeId),
        inArray(membershipSubscriptions.status, ["active", "paused"]),
        inArray(sql`lower(${users.email})`, wanted),
      ),
    );
  return new Set(rows.map((row) => row.email));
}
