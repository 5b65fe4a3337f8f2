import { and, eq, isNull } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, paymentCustomers, payments } from "#db/schema";
import type { Db } from "../../db.server";
import { log } from "../../log.server";
import { chargeSavedCard } from "../../payments/charges.server";
import { listSavedCards } from "../../payments/customers.server";
import type { StripeClient } from "../../payments/stripe.server";
import { sendAwaitedConfirmation } from "../messaging/notify.server";
import { cardStepByLink, sendCardStepLink } from "./booking-payment.server";
import { cardSetupFor } from "./payment-setup.server";
import { queueReceipts } from "./receipts.server";
import { queueCardStepRetry } from "./retry-card-step.server";
import { bookingTerms } from "./start-card-step.server";

/**
 * A booking made for a customer who is not there (a recurring wash, ADR 086) secured with the
 * card they keep with us: the zone's terms done off-session with their Stripe customer's newest
 * saved card, instead of a payment link and a hold.
 *
 * - `secured`: the deposit charged (or, in a zone that keeps the card, the card kept), the plan
 *   secured, the receipt and the confirmation queued.
 * - `refused`: the card was declined or needs the customer (authentication_required): recorded
 *   on the deposit row (`failed`, Stripe's code); the caller takes the link path.
 * - `no_card`: no Stripe customer for the e-mail, or no card saved: the link path.
 * - `on_site`: the zone takes no card. `done`: another call (a concurrent run, a retry) has it.
 *
 * Money once: before Stripe is called, the plan (the card and the customer, no hosted page) and
 * the pending deposit row are written once (the plan's key is the booking); the charge carries
 * the row's idempotency key and the plan's card, so a concurrent or retried call sends the same
 * request and gets Stripe's first answer; the answer is applied by whoever moves the plan out of
 * its waiting state (a conditional update), so one receipt and one fallback. A Stripe failure
 * (not a card's answer) throws and leaves the waiting plan: the retry job calls again.
 */
export type KeptCardOutcome = "secured" | "refused" | "no_card" | "on_site" | "done";

/** The ledger key (and Stripe's idempotency key) of a deposit charged to a kept card. */
export const keptCardDepositKey = (appointmentId: string) => `booking:${appointmentId}:kept-card-deposit`;

/** A plan written here before the charge: waiting, with a card and no hosted page. */
const waitingKeptCardPlan = (appointmentId: string) =>
  and(
    eq(appointmentPaymentPlans.appointmentId, appointmentId),
    eq(appointmentPaymentPlans.status, "awaiting_card"),
    isNull(appointmentPaymentPlans.stripeCheckoutSessionId),
  );

/** The newest card saved on the Stripe customer of this e-mail (ADR 073: one per address). */
async function keptCardOf(db: Db, stripe: StripeClient, email: string) {
  const [customer] = await db
    .select({ id: paymentCustomers.stripeCustomerId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.email, email.toLowerCase()));
  if (!customer) return null;
  const [card] = await listSavedCards(stripe, customer.id);
  return card ? { customerId: customer.id, paymentMethodId: card.id } : null;
}

export async function secureWithKeptCard(
  db: Db,
  booking: { appointmentId: string },
  deps: { stripe: StripeClient; now: Date },
): Promise<KeptCardOutcome> {
  const [row] = await db
    .select({ appointment: appointments, plan: appointmentPaymentPlans })
    .from(appointments)
    .leftJoin(appointmentPaymentPlans, eq(appointmentPaymentPlans.appointmentId, appointments.id))
    .where(eq(appointments.id, booking.appointmentId));
  if (!row || row.appointment.status !== "scheduled") return "done";
  const { appointment } = row;
  let plan = row.plan;
  const key = keptCardDepositKey(appointment.id);
  if (!plan) {
    const [refused] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.idempotencyKey, key), eq(payments.status, "failed")));
    // Refused before (a retry after the fallback failed): the link path, not the card again.
    if (refused) return "refused";
    const setup = await cardSetupFor(db, appointment.zoneId, true);
    if (!setup) return "on_site";
    const card = await keptCardOf(db, deps.stripe, appointment.customerEmail);
    if (!card) return "no_card";
    const terms = await bookingTerms(db, appointment, setup);
    const mode = terms.mode as "deposit" | "card_kept";
    const values = {
      appointmentId: appointment.id,
      mode,
      depositCents: terms.today.totalCents,
      lateCancelFeeCents: terms.lateCancelFeeCents,
      noShowFeeCents: terms.noShowFeeCents,
      royaltyBasisPoints: setup.royaltyBasisPoints,
      stripeAccountId: setup.accountId,
      stripeCustomerId: card.customerId,
      stripePaymentMethodId: card.paymentMethodId,
      holdUntil: null,
    };
    if (mode === "card_kept") {
      // Nothing to charge before the wash: the card is kept for the balance, as a setup page would.
      return db.transaction(async (tx) => {
        const [secured] = await tx
          .insert(appointmentPaymentPlans)
          .values({ ...values, status: "secured" })
          .onConflictDoNothing({ target: appointmentPaymentPlans.appointmentId })
          .returning({ id: appointmentPaymentPlans.appointmentId });
        if (!secured) return "done" as const;
        await sendAwaitedConfirmation(tx, appointment.id, deps.now);
        return "secured" as const;
      });
    }
    await db.transaction(async (tx) => {
      const [written] = await tx
        .insert(appointmentPaymentPlans)
        .values({ ...values, status: "awaiting_card" })
        .onConflictDoNothing({ target: appointmentPaymentPlans.appointmentId })
        .returning({ id: appointmentPaymentPlans.appointmentId });
      if (!written) return; // a concurrent call wrote it first: its plan is read below
      const { applicationFeeCents, subtotalCents, tpsCents, tvqCents, totalCents } = terms.today;
      await tx.insert(payments).values({
        appointmentId: appointment.id,
        franchiseeId: appointment.franchiseeId,
        kind: "deposit",
        amountCents: totalCents,
        subtotalCents,
        tpsCents,
        tvqCents,
        applicationFeeCents,
        idempotencyKey: key,
      });
    });
    const [written] = await db
      .select()
      .from(appointmentPaymentPlans)
      .where(eq(appointmentPaymentPlans.appointmentId, appointment.id));
    plan = written ?? null;
  }
  // A plan of the link path, or one already secured or released: not ours to act on.
  if (
    !plan ||
    plan.status !== "awaiting_card" ||
    plan.stripeCheckoutSessionId ||
    !plan.stripeCustomerId ||
    !plan.stripePaymentMethodId
  ) {
    return "done";
  }
  const [deposit] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  if (deposit?.status !== "pending") return "done";
  const result = await chargeSavedCard(deps.stripe, {
    customerId: plan.stripeCustomerId,
    paymentMethodId: plan.stripePaymentMethodId,
    amountCents: deposit.amountCents,
    description: `deposit ${appointment.id}`,
    to: { accountId: plan.stripeAccountId, applicationFeeCents: deposit.applicationFeeCents },
    metadata: { payment_id: deposit.id, appointment_id: appointment.id, booking_id: appointment.bookingId },
    idempotencyKey: key,
  });
  if (result.ok && result.status !== "succeeded") {
    // Not a card's usual answer off-session (processing): its event settles the row; no link.
    log.warn("A kept card's deposit is not settled yet", {
      appointmentId: appointment.id,
      status: result.status,
    });
    await db
      .update(payments)
      .set({ stripePaymentIntentId: result.paymentIntentId })
      .where(and(eq(payments.id, deposit.id), eq(payments.status, "pending")));
    return "done";
  }
  return db.transaction(async (tx) => {
    if (result.ok) {
      const [secured] = await tx
        .update(appointmentPaymentPlans)
        .set({ status: "secured" })
        .where(waitingKeptCardPlan(appointment.id))
        .returning({ id: appointmentPaymentPlans.appointmentId });
      if (!secured) return "done" as const;
      const paid = await tx
        .update(payments)
        .set({ status: "succeeded", stripePaymentIntentId: result.paymentIntentId, settledAt: deps.now })
        .where(and(eq(payments.id, deposit.id), eq(payments.status, "pending")))
        .returning({ id: payments.id });
      await queueReceipts(
        tx,
        paid.map((r) => r.id),
      );
      // The booking's confirmation waited for this (ADR 074): it goes now.
      await sendAwaitedConfirmation(tx, appointment.id, deps.now);
      return "secured" as const;
    }
    // Refused: the plan goes (the link path writes its own), the refusal stays in the ledger.
    const [dropped] = await tx
      .delete(appointmentPaymentPlans)
      .where(waitingKeptCardPlan(appointment.id))
      .returning({ id: appointmentPaymentPlans.appointmentId });
    if (!dropped) return "done" as const;
    await tx
      .update(payments)
      .set({
        status: "failed",
        failureCode: result.declineCode ?? result.code,
        stripePaymentIntentId: result.paymentIntentId ?? null,
      })
      .where(and(eq(payments.id, deposit.id), eq(payments.status, "pending")));
    return "refused" as const;
  });
}

/**
 * The card step of a recurring wash just placed (ADR 086): the card the customer keeps with us
 * first; without one, or refused, the link path (`cardStepByLink`: the payment page's link and
 * the 30-minute hold), so nothing is lost. Stripe failing is tried again by the
 * `payments.start-card-step` job, the kept card first again (its key replays Stripe's answer).
 */
export async function occurrenceCardStep(
  db: Db,
  booking: { appointmentId: string; bookingId: string },
  deps: { stripe: StripeClient; now: Date },
): Promise<KeptCardOutcome | "link"> {
  let outcome: KeptCardOutcome;
  try {
    outcome = await secureWithKeptCard(db, booking, deps);
  } catch (error) {
    log.warn("A kept card could not be charged: tried again by a job", {
      appointmentId: booking.appointmentId,
      error: String(error),
    });
    await queueCardStepRetry(db, { ...booking, keptCard: true }, { attempt: 1, now: deps.now });
    return "done";
  }
  if (outcome !== "refused" && outcome !== "no_card") return outcome;
  await cardStepByLink(db, booking, deps);
  return "link";
}

/** The failure code of a kept card's deposit that Stripe never answered through the retries. */
export const KEPT_CARD_NO_ANSWER = "no_answer";

/**
 * A kept card's charge that Stripe did not answer through the three retries (ADR 086, amended):
 * the waiting plan is dropped and its pending deposit row ends `failed` (`no_answer`), then the
 * date takes the link path as when no card is kept: the payment page's link, told once (the
 * link e-mail's singleton key, the plan written once), and the usual hold. `unreachable` when the
 * link cannot start either (Stripe still down): the caller falls back to payment on site.
 * `done` when the plan no longer waits (secured or dropped by another run).
 */
export async function keptCardToLink(
  db: Db,
  booking: { appointmentId: string; bookingId: string },
  deps: { stripe: StripeClient | undefined; now: Date },
): Promise<"started" | "on_site" | "unreachable" | "done"> {
  const dropped = await db.transaction(async (tx) => {
    const [plan] = await tx
      .delete(appointmentPaymentPlans)
      .where(waitingKeptCardPlan(booking.appointmentId))
      .returning({ id: appointmentPaymentPlans.appointmentId });
    if (!plan) return false;
    await tx
      .update(payments)
      .set({ status: "failed", failureCode: KEPT_CARD_NO_ANSWER })
      .where(
        and(
          eq(payments.idempotencyKey, keptCardDepositKey(booking.appointmentId)),
          eq(payments.status, "pending"),
        ),
      );
    return true;
  });
  if (!dropped) return "done";
  try {
    return (await sendCardStepLink(db, booking, deps)) ? "started" : "on_site";
  } catch (error) {
    log.warn("A kept card's date could not take the link path either: paid on site", {
      appointmentId: booking.appointmentId,
      error: String(error),
    });
    return "unreachable";
  }
}
