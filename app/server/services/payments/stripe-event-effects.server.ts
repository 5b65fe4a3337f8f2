import { activateMembership } from "../memberships/membership-subscribe.server";
import { membershipCardChanged } from "../memberships/membership-changes.server";
import { membershipIntentSettled } from "../memberships/membership-charge-outcome.server";
import { restoreMemberUse } from "../memberships/member-price.server";
import { and, eq, inArray, ne } from "drizzle-orm";
import type Stripe from "stripe";
import { appointmentPaymentPlans, appointments, franchisees, giftCardRefunds, payments } from "#db/schema";
import { paymentsMessages } from "~/lib/messages/payments.fr";
import type { Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { queueBookingReleased, sendAwaitedConfirmation } from "../messaging/notify.server";
import { queueReceipts } from "./receipts.server";
import { giftCardPaid } from "../giftcards/gift-cards.server";
import { restoreGiftCard } from "../giftcards/gift-card-redemption.server";
import { giftCardRefundSettled } from "../giftcards/refund-gift-card.server";
import { shopCheckoutExpired, shopOrderPaid } from "../shop/shop-checkout.server";

// What each Stripe event changes (ADR 073), inside the transaction that marks it processed.
// Every change is a one-way step (awaiting_card -> secured | released; pending -> succeeded |
// failed), taken only from the state it starts from: a duplicate or a late event finds the
// row past that state and changes nothing ('stale'), so any delivery order ends the same.

export type EffectOutcome = "applied" | "stale" | "unknown_object" | "ignored" | "late_payment_refunded";

async function lockPlanOfSession(tx: Tx, sessionId: string) {
  const [plan] = await tx
    .select()
    .from(appointmentPaymentPlans)
    .where(eq(appointmentPaymentPlans.stripeCheckoutSessionId, sessionId))
    .for("update");
  return plan;
}

/** The hosted page finished: the card is kept (and the deposit paid) for this booking. */
export async function checkoutCompleted(
  tx: Tx,
  session: Stripe.Checkout.Session,
  paymentMethodId: string | null,
  now: Date,
): Promise<EffectOutcome> {
  const intentId =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  // A refused balance paid on its hosted page (ADR 079): the row goes failed -> succeeded once.
  const paidByLink = await tx
    .update(payments)
    .set({ status: "succeeded", stripePaymentIntentId: intentId, settledAt: now })
    .where(
      and(
        eq(payments.stripeCheckoutSessionId, session.id),
        eq(payments.kind, "balance"),
        eq(payments.status, "failed"),
      ),
    )
    .returning({ id: payments.id });
  if (paidByLink.length > 0) {
    await queueReceipts(
      tx,
      paidByLink.map((row) => row.id),
    );
    return "applied";
  }
  // A gift card's purchase (ADR 087): the network's own page, no booking.
  const gift = await giftCardPaid(tx, session, now);
  if (gift) return gift;
  // A shop order (ADR 094): the network's own page too.
  const shop = await shopOrderPaid(tx, session, now);
  if (shop) return shop;
  // A membership's first month (ADR 095), idempotent with the customer's return.
  const membership = await activateMembership(tx, session, paymentMethodId, now);
  if (membership) return membership === "unpaid" ? "ignored" : membership;
  // A past-due membership's new card (ADR 095, amended): kept once, its refused charge tried again.
  const card = await membershipCardChanged(tx, session, paymentMethodId, now);
  if (card) return card;
  const plan = await lockPlanOfSession(tx, session.id);
  if (!plan) return "unknown_object";
  const depositSettled = { status: "succeeded" as const, stripePaymentIntentId: intentId, settledAt: now };
  const pendingDeposit = and(
    eq(payments.stripeCheckoutSessionId, session.id),
    eq(payments.kind, "deposit"),
    eq(payments.status, "pending"),
  );
  if (plan.status === "awaiting_card") {
    await tx
      .update(appointmentPaymentPlans)
      .set({ status: "secured", stripePaymentMethodId: paymentMethodId, holdUntil: null })
      .where(eq(appointmentPaymentPlans.appointmentId, plan.appointmentId));
    const paid = await tx
      .update(payments)
      .set(depositSettled)
      .where(pendingDeposit)
      .returning({ id: payments.id });
    await queueReceipts(
      tx,
      paid.map((row) => row.id),
    );
    // The booking's confirmation waited for this (ADR 074).
    await sendAwaitedConfirmation(tx, plan.appointmentId, now);
    return "applied";
  }
  if (plan.status !== "released" || !intentId) return "stale";
  // Paid after the hold ran out and the slot went to someone else: the money moved, so it is
  // recorded, and given back in full by the refund job.
  // Its deposit row was cancelled with the release (or is still pending): it is paid after all.
  const unpaidDeposit = and(
    eq(payments.stripeCheckoutSessionId, session.id),
    eq(payments.kind, "deposit"),
    inArray(payments.status, ["pending", "cancelled"]),
  );
  const [deposit] = await tx.update(payments).set(depositSettled).where(unpaidDeposit).returning();
  if (!deposit) return "stale";
  await queueReceipts(tx, [deposit.id]);
  const [refund] = await tx
    .insert(payments)
    .values({
      appointmentId: deposit.appointmentId,
      franchiseeId: deposit.franchiseeId,
      kind: "refund",
      amountCents: deposit.amountCents,
      subtotalCents: deposit.subtotalCents,
      tpsCents: deposit.tpsCents,
      tvqCents: deposit.tvqCents,
      tipCents: deposit.tipCents,
      applicationFeeCents: deposit.applicationFeeCents,
      refundOf: deposit.id,
      idempotencyKey: `refund:late-payment:${session.id}`,
      stripePaymentIntentId: intentId,
      reason: paymentsMessages.lateRefund,
    })
    .returning({ id: payments.id });
  await enqueue(tx, "payments.refund", { paymentId: refund!.id });
  return "late_payment_refunded";
}

/**
 * The hosted page expired unpaid: the booking stops holding its slot (cancelled), its plan is
 * released and its pending deposit cancelled. Run inside a slot change (the slot opens again).
 */
export async function checkoutExpired(
  tx: Tx,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<EffectOutcome> {
  const shop = await shopCheckoutExpired(tx, session, now);
  if (shop) return shop;
  const plan = await lockPlanOfSession(tx, session.id);
  if (!plan) return "unknown_object";
  if (plan.status !== "awaiting_card") return "stale";
  await tx
    .update(appointmentPaymentPlans)
    .set({ status: "released", holdUntil: null })
    .where(eq(appointmentPaymentPlans.appointmentId, plan.appointmentId));
  await tx
    .update(appointments)
    .set({ status: "cancelled", cancelledAt: now, cancelReason: paymentsMessages.releasedUnpaid })
    .where(and(eq(appointments.id, plan.appointmentId), eq(appointments.status, "scheduled")));
  await tx
    .update(payments)
    .set({ status: "cancelled" })
    .where(and(eq(payments.stripeCheckoutSessionId, session.id), eq(payments.status, "pending")));
  // The gift card's part goes back to the card (ADR 087).
  await restoreGiftCard(tx, plan.appointmentId, now);
  await restoreMemberUse(tx, plan.appointmentId);
  // No confirmation was sent: the customer learns that the slot was released (ADR 074).
  await queueBookingReleased(tx, plan.appointmentId, { tell: true });
  return "applied";
}

/** An off-session charge we started (balance, tip, fee) succeeded or was refused. */
export async function paymentIntentSettled(
  tx: Tx,
  intent: Stripe.PaymentIntent,
  succeeded: boolean,
  now: Date,
): Promise<EffectOutcome> {
  // A membership's renewal (ADR 095, amended): its charge row, not a ledger row, waits on it.
  const renewal = await membershipIntentSettled(tx, intent, now);
  if (renewal) return renewal;
  const changed = await tx
    .update(payments)
    .set(
      succeeded
        ? { status: "succeeded", settledAt: now }
        : { status: "failed", failureCode: intent.last_payment_error?.code ?? "payment_failed" },
    )
    .where(
      and(
        eq(payments.stripePaymentIntentId, intent.id),
        eq(payments.status, "pending"),
        // A refund row shares its payment's intent id; refunds settle through refund events.
        ne(payments.kind, "refund"),
      ),
    )
    .returning({ id: payments.id });
  if (succeeded)
    await queueReceipts(
      tx,
      changed.map((row) => row.id),
    );
  if (changed.length > 0) return "applied";
  const [known] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.stripePaymentIntentId, intent.id));
  return known ? "stale" : "unknown_object";
}

/** A refund we asked for went through, or failed (refund.created, refund.updated, refund.failed). */
export async function refundSettled(tx: Tx, refund: Stripe.Refund, now: Date): Promise<EffectOutcome> {
  // A gift card's refund (ADR 087, amended) has its own row, outside the franchisees' ledger.
  const giftRefundId = refund.metadata?.gift_card_refund_id;
  if (giftRefundId && /^[0-9a-f-]{36}$/.test(giftRefundId)) {
    const [known] = await tx
      .select({ status: giftCardRefunds.status })
      .from(giftCardRefunds)
      .where(eq(giftCardRefunds.id, giftRefundId));
    if (!known) return "unknown_object";
    if (known.status !== "pending") return "stale";
    const after = await giftCardRefundSettled(tx, {
      refundId: giftRefundId,
      stripeRefundId: refund.id,
      stripeStatus: refund.status,
      now,
    });
    return after === "pending" ? "stale" : "applied";
  }
  const status =
    refund.status === "succeeded"
      ? "succeeded"
      : ["failed", "canceled"].includes(refund.status ?? "")
        ? "failed"
        : null;
  const paymentId = refund.metadata?.payment_id;
  const [row] = await tx
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(eq(payments.stripeRefundId, refund.id))
    .for("update");
  const target = row ?? (paymentId ? await pendingRefund(tx, paymentId) : undefined);
  if (!target) return "unknown_object";
  if (!status || target.status !== "pending") return "stale";
  await tx
    .update(payments)
    .set({ status, stripeRefundId: refund.id, settledAt: status === "succeeded" ? now : null })
    .where(eq(payments.id, target.id));
  if (status === "succeeded") await queueReceipts(tx, [target.id]);
  return "applied";
}

async function pendingRefund(tx: Tx, paymentId: string) {
  if (!/^[0-9a-f-]{36}$/.test(paymentId)) return undefined;
  const [row] = await tx
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.kind, "refund")))
    .for("update");
  return row;
}

/**
 * A franchisee's connected account changed: its state as Stripe reports it now (the caller
 * reads the account fresh, so an older event delivered late cannot undo a newer state).
 */
export async function accountUpdated(tx: Tx, account: Stripe.Account): Promise<EffectOutcome> {
  const state = account.charges_enabled ? "enabled" : account.details_submitted ? "restricted" : "onboarding";
  const changed = await tx
    .update(franchisees)
    .set({ stripeAccountState: state })
    .where(eq(franchisees.stripeAccountId, account.id))
    .returning({ id: franchisees.id });
  return changed.length > 0 ? "applied" : "unknown_object";
}
