import { restoreMemberUse } from "../memberships/member-price.server";
import { and, eq, inArray } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, payments } from "#db/schema";
import { royaltyParts } from "~/domain/payments/royalty";
import { refundLines, settleCancellation, type CancellationKind } from "~/domain/payments/refunds";
import { priceLinesOf, splitOfTotal } from "~/domain/payments/terms";
import type { Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { restoreGiftCard } from "../giftcards/gift-card-redemption.server";

/**
 * The money side of a cancellation or a no-show (issue 31, ADR 073), inside the transaction that
 * changes the booking: by the terms frozen at booking, the refund of the deposit (all of it 24 h
 * or more ahead, else what the fee leaves) and the charge of a fee above the deposit on the card
 * kept, each a pending ledger row sent to Stripe by its job with the row's idempotency key. A
 * booking paid on site has no plan: nothing happens. Settled once: the plan becomes 'settled'.
 */
export async function settleCancelledBooking(
  tx: Tx,
  input: {
    appointmentId: string;
    kind: CancellationKind;
    actorId?: string | null;
    reason?: string | null;
    now?: Date;
  },
): Promise<{ refundCents: number; chargeCents: number } | null> {
  // Whatever the terms, a gift card's part goes back to the card (ADR 087).
  await restoreGiftCard(tx, input.appointmentId, input.now ?? new Date());
  // A cancelled booking gives its included washes back (ADR 095); a no-show keeps them used.
  if (input.kind !== "no_show") await restoreMemberUse(tx, input.appointmentId);
  const [plan] = await tx
    .select()
    .from(appointmentPaymentPlans)
    .where(
      and(
        eq(appointmentPaymentPlans.appointmentId, input.appointmentId),
        inArray(appointmentPaymentPlans.status, ["secured"]),
      ),
    )
    .for("update");
  if (!plan) return null;
  const [appointment] = await tx.select().from(appointments).where(eq(appointments.id, input.appointmentId));
  const [deposit] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, input.appointmentId),
        eq(payments.kind, "deposit"),
        eq(payments.status, "succeeded"),
      ),
    );
  const settlement = settleCancellation({
    kind: input.kind,
    depositPaidCents: deposit?.amountCents ?? 0,
    lateCancelFeeCents: plan.lateCancelFeeCents,
    noShowFeeCents: plan.noShowFeeCents,
  });
  const common = {
    appointmentId: input.appointmentId,
    franchiseeId: appointment!.franchiseeId,
    createdBy: input.actorId ?? null,
    reason: input.reason ?? null,
  };
  if (deposit && settlement.refundCents > 0) {
    const lines = refundLines(deposit, settlement.refundCents);
    const [refund] = await tx
      .insert(payments)
      .values({
        ...common,
        ...lines,
        kind: "refund",
        refundOf: deposit.id,
        stripePaymentIntentId: deposit.stripePaymentIntentId,
        idempotencyKey: `refund:cancellation:${input.appointmentId}`,
      })
      .returning({ id: payments.id });
    await enqueue(tx, "payments.refund", { paymentId: refund!.id });
  }
  if (settlement.chargeCents > 0) {
    const split = splitOfTotal(priceLinesOf(appointment!.priceCents), settlement.chargeCents);
    const [fee] = royaltyParts([split.subtotalCents], plan.royaltyBasisPoints);
    const [charge] = await tx
      .insert(payments)
      .values({
        ...common,
        kind: "charge",
        amountCents: split.totalCents,
        subtotalCents: split.subtotalCents,
        tpsCents: split.tpsCents,
        tvqCents: split.tvqCents,
        applicationFeeCents: fee!,
        idempotencyKey: `charge:${input.kind}:${input.appointmentId}`,
      })
      .returning({ id: payments.id });
    await enqueue(tx, "payments.charge", { paymentId: charge!.id });
  }
  await tx
    .update(appointmentPaymentPlans)
    .set({ status: "settled" })
    .where(eq(appointmentPaymentPlans.appointmentId, input.appointmentId));
  return { refundCents: settlement.refundCents, chargeCents: settlement.chargeCents };
}
