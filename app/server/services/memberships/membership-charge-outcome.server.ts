import { and, eq, inArray } from "drizzle-orm";
import type Stripe from "stripe";
import { membershipCharges, membershipSubscriptions } from "#db/schema";
import { nextRenewalAttempt } from "~/domain/memberships/memberships";
import type { Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import type { StripeClient } from "../../payments/stripe.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { recordInLedger } from "./membership-periods.server";

// A renewal's outcome, applied once (ADR 095, amended): the run's own answer from Stripe, the
// intent read again when a `processing` charge's claim went stale, or the webhook's
// payment_intent.succeeded / payment_failed. Each applies only to a charge still `charging`
// under the try it names, inside a transaction: whichever comes first settles it, the others
// find it settled and change nothing.

/** What Stripe said of a try: paid, still processing (it waits), or refused with its code. */
export type ChargeAnswer =
  | { ok: true; paymentIntentId: string; status: string }
  | { ok: false; code: string; paymentIntentId: string | null };

/** The answer of an intent already made (a `processing` one read again), as a fresh charge's. */
export async function answerOfIntent(stripe: StripeClient, intentId: string): Promise<ChargeAnswer> {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  return intentAnswer(intent);
}

function intentAnswer(intent: Stripe.PaymentIntent): ChargeAnswer {
  if (intent.status === "succeeded" || intent.status === "processing") {
    return { ok: true, paymentIntentId: intent.id, status: intent.status };
  }
  const error = intent.last_payment_error;
  return {
    ok: false,
    code: error?.decline_code || error?.code || "payment_failed",
    paymentIntentId: intent.id,
  };
}

/**
 * Applies one try's answer to its charge, if the charge is still `charging` under that try.
 * Paid: the charge succeeds, its ledger row and receipt are written, the period moves on.
 * Processing: the intent is kept on the charge, which waits (a later run reads it again).
 * Refused: failed, the membership past due (or cancelled after the third), the customer told.
 */
export async function applyChargeAnswer(
  tx: Tx,
  charge: { id: string; subscriptionId: string; attempts: number; periodStart: string; periodEnd: string },
  answer: ChargeAnswer,
  now: Date,
): Promise<"succeeded" | "failed" | "pending" | "stale"> {
  const claimedBy = and(
    eq(membershipCharges.id, charge.id),
    eq(membershipCharges.status, "charging"),
    eq(membershipCharges.attempts, charge.attempts),
  );
  if (answer.ok) {
    const done = answer.status === "succeeded";
    const [paid] = await tx
      .update(membershipCharges)
      .set({
        stripePaymentIntentId: answer.paymentIntentId,
        failureCode: null,
        ...(done ? { status: "succeeded" as const, settledAt: now } : {}),
      })
      .where(claimedBy)
      .returning();
    if (!paid) return "stale";
    if (!done) return "pending";
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
    return "succeeded";
  }
  const retryAt = nextRenewalAttempt(charge.attempts, now);
  const rows = await tx
    .update(membershipCharges)
    .set({
      status: "failed",
      failureCode: answer.code,
      stripePaymentIntentId: answer.paymentIntentId,
      nextAttemptAt: retryAt,
    })
    .where(claimedBy)
    .returning({ id: membershipCharges.id });
  if (rows.length === 0) return "stale";
  await tx
    .update(membershipSubscriptions)
    .set(retryAt ? { status: "past_due" } : { status: "cancelled", cancelledAt: now })
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
  return "failed";
}

/**
 * Stripe's payment_intent.succeeded or payment_failed for a renewal (its metadata names the
 * charge and the try): settles a charge still `charging` under the try that made that intent.
 * Null when the intent is not a renewal's.
 */
export async function membershipIntentSettled(
  tx: Tx,
  intent: Stripe.PaymentIntent,
  now: Date,
): Promise<"applied" | "stale" | "unknown_object" | null> {
  const chargeId = intent.metadata?.membership_charge_id;
  if (!chargeId) return null;
  if (!/^[0-9a-f-]{36}$/.test(chargeId)) return "unknown_object";
  const [charge] = await tx
    .select()
    .from(membershipCharges)
    .where(eq(membershipCharges.id, chargeId))
    .for("update");
  if (!charge) return "unknown_object";
  if (charge.status !== "charging") return "stale";
  // Only the try that made this intent: by its id once written, else by the try it names.
  const sameTry = charge.stripePaymentIntentId
    ? charge.stripePaymentIntentId === intent.id
    : intent.metadata.membership_charge_attempt === String(charge.attempts);
  if (!sameTry) return "stale";
  const answer = intentAnswer(intent);
  if (answer.ok && answer.status !== "succeeded") return "stale";
  const outcome = await applyChargeAnswer(tx, charge, answer, now);
  return outcome === "succeeded" || outcome === "failed" ? "applied" : "stale";
}
