import { and, eq } from "drizzle-orm";
import { payments } from "#db/schema";
import type { Db } from "../../db.server";
import { refundPayment } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { queueReceipts } from "./receipts.server";

/**
 * Sends one pending refund row of the ledger to Stripe (the `payments.refund` job, ADR 073),
 * with the row's idempotency key: a retry after a crash or a timeout gets the first refund back,
 * never a second one. The row records Stripe's refund id and its status; a refund Stripe takes
 * later ('pending') is settled by its refund.updated event.
 */
export async function executeRefund(
  db: Db,
  paymentId: string,
  deps: { stripe: StripeClient | undefined; now: Date },
) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.kind, "refund")));
  if (!row || row.status !== "pending" || row.stripeRefundId) return;
  if (!row.stripePaymentIntentId) throw new Error(`Refund ${paymentId} has no payment intent to refund`);
  if (!deps.stripe) throw new Error("A refund needs the Stripe keys (STRIPE_SECRET_KEY)");
  const refund = await refundPayment(deps.stripe, {
    paymentIntentId: row.stripePaymentIntentId,
    amountCents: row.amountCents,
    metadata: row.appointmentId
      ? { payment_id: row.id, appointment_id: row.appointmentId }
      : { payment_id: row.id, membership_charge_id: row.membershipChargeId! },
    idempotencyKey: row.idempotencyKey,
  });
  const status =
    refund.status === "succeeded" ? "succeeded" : refund.status === "failed" ? "failed" : "pending";
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(payments)
      .set({ stripeRefundId: refund.refundId, status, settledAt: status === "succeeded" ? deps.now : null })
      .where(and(eq(payments.id, row.id), eq(payments.status, "pending")))
      .returning({ id: payments.id });
    // Its receipt, once (ADR 079); a refund Stripe settles later gets it from its event.
    if (status === "succeeded")
      await queueReceipts(
        tx,
        changed.map((c) => c.id),
      );
  });
}
