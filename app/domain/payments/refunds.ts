import { canSelfServiceChange } from "../booking/cancellation";
import { allocate, requireCents } from "./amounts";
import { STRIPE_MINIMUM_CENTS } from "./terms";

/**
 * Refunds by the rules of the terms (issue 31, ADR 073). A cancellation 24 h or more before the
 * start (the same boundary as the manage link, domain/booking/cancellation.ts) refunds the
 * deposit in full and releases the card. A late cancellation or a no-show costs the fee frozen
 * in the booking's terms: kept from the deposit first, the rest charged to the card kept; the
 * deposit beyond the fee is refunded.
 */

export type CancellationKind = "early" | "late" | "no_show";

/** A cancellation by the customer at `now`: early while the manage link still allows it. */
export function cancellationKind(startAt: Date, now: Date): "early" | "late" {
  return canSelfServiceChange(startAt, now) ? "early" : "late";
}

export interface CancellationSettlement {
  /** Of the deposit paid, what goes back to the customer. */
  refundCents: number;
  /** Of the deposit paid, what is kept as the fee. */
  keptCents: number;
  /** Charged to the card kept, when the fee is more than the deposit. */
  chargeCents: number;
}

export function settleCancellation(input: {
  kind: CancellationKind;
  depositPaidCents: number;
  lateCancelFeeCents: number;
  noShowFeeCents: number;
}): CancellationSettlement {
  const deposit = requireCents("depositPaidCents", input.depositPaidCents);
  if (input.kind === "early") return { refundCents: deposit, keptCents: 0, chargeCents: 0 };
  const fee = requireCents("fee", input.kind === "late" ? input.lateCancelFeeCents : input.noShowFeeCents);
  const keptCents = Math.min(fee, deposit);
  const rest = fee - keptCents;
  // Stripe cannot charge less than its minimum on its own: such a rest is waived.
  return { refundCents: deposit - keptCents, keptCents, chargeCents: rest < STRIPE_MINIMUM_CENTS ? 0 : rest };
}

/** A payment line as the ledger keeps it. */
export interface PaidLines {
  amountCents: number;
  subtotalCents: number;
  tpsCents: number;
  tvqCents: number;
  tipCents: number;
  applicationFeeCents: number;
}

export type RefundCheck =
  { ok: true } | { ok: false; code: "NOTHING_TO_REFUND" | "REFUND_TOO_LARGE" | "REFUND_EMPTY" };

/** A refund of `amountCents` of a payment of which `refundedCents` already went back. */
export function checkRefund(paidCents: number, refundedCents: number, amountCents: number): RefundCheck {
  const left = requireCents("paidCents", paidCents) - requireCents("refundedCents", refundedCents);
  if (left <= 0) return { ok: false, code: "NOTHING_TO_REFUND" };
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return { ok: false, code: "REFUND_EMPTY" };
  return amountCents > left ? { ok: false, code: "REFUND_TOO_LARGE" } : { ok: true };
}

/**
 * The lines of a refund of `amountCents` of `paid`: the amount split over the pre-tax part,
 * the two taxes and the tip in the payment's proportions (the receipt shows each), and the
 * royalty given back in proportion (Stripe's `refund_application_fee`).
 */
export function refundLines(paid: PaidLines, amountCents: number): PaidLines {
  if (amountCents > paid.amountCents) throw new RangeError("a refund cannot exceed its payment");
  const [subtotalCents, tpsCents, tvqCents, tipCents] = allocate(amountCents, [
    paid.subtotalCents,
    paid.tpsCents,
    paid.tvqCents,
    paid.tipCents,
  ]);
  const [applicationFeeCents] = allocate(paid.applicationFeeCents, [
    amountCents,
    paid.amountCents - amountCents,
  ]);
  return {
    amountCents,
    subtotalCents: subtotalCents!,
    tpsCents: tpsCents!,
    tvqCents: tvqCents!,
    tipCents: tipCents!,
    applicationFeeCents: Math.min(applicationFeeCents!, subtotalCents!),
  };
}
