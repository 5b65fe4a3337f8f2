import { taxesOn, type BookingPrice } from "../booking/pricing";
import { allocate, requireCents, shareOf } from "./amounts";
import { royaltyParts } from "./royalty";

/**
 * A booking's payment terms (issue 31, ADR 073): what the zone's setting charges today and
 * later, and what a late cancellation or a no-show costs, from the price of
 * domain/booking/pricing.ts. The taxes are that price's, computed once: today's and later's
 * lines are a split of them, so the charges add up to the booking's lines to the cent, and what
 * Stripe is asked for is what the receipt prints.
 */

export type PaymentMode = "on_site" | "card_kept" | "deposit";
export type AmountRule = { rule: "fixed"; cents: number } | { rule: "percent"; basisPoints: number };
export type CancelFeeRule = { rule: "none" } | { rule: "deposit" } | AmountRule;

export interface ZonePaymentPolicy {
  mode: PaymentMode;
  /** Required in deposit mode: a fixed amount, or a share of the total with taxes. */
  deposit: AmountRule | null;
  /** A cancellation less than 24 h before the start. */
  lateCancel: CancelFeeRule;
  noShow: CancelFeeRule;
}

/** A booking's lines from its pre-tax amount (appointments.price_cents), taxed by pricing.ts. */
export type PriceLines = Pick<BookingPrice, "taxableCents" | "tpsCents" | "tvqCents" | "totalCents">;

export function priceLinesOf(taxableCents: number): PriceLines {
  const { tpsCents, tvqCents } = taxesOn(taxableCents);
  return { taxableCents, tpsCents, tvqCents, totalCents: taxableCents + tpsCents + tvqCents };
}

/**
 * How long an unpaid booking holds its slot while the customer is on the hosted page: Stripe's
 * shortest Checkout expiry, after which a job releases it.
 */
export const CARD_HOLD_MINUTES = 30;

/** Stripe's smallest charge in CAD: a smaller amount cannot be charged on its own. */
export const STRIPE_MINIMUM_CENTS = 50;

/** One charge: its lines before taxes, its taxes, its total, and the royalty kept on it. */
export interface ChargeLines {
  subtotalCents: number;
  tpsCents: number;
  tvqCents: number;
  totalCents: number;
  applicationFeeCents: number;
}

export interface PaymentTerms {
  mode: PaymentMode;
  /** Charged at booking (a deposit), zero when the card is only kept or paid on site. */
  today: ChargeLines;
  /** Charged after the wash (with the card kept), or paid on site. */
  later: ChargeLines;
  lateCancelFeeCents: number;
  noShowFeeCents: number;
}

/**
 * A deposit of the booking's total (taxes included): a fixed amount (at most the total) or a
 * percentage (half up to the cent), never under Stripe's minimum unless the total is.
 */
export function depositCents(rule: AmountRule, totalCents: number): number {
  requireCents("totalCents", totalCents);
  const raw =
    rule.rule === "fixed" ? requireCents("deposit", rule.cents) : shareOf(totalCents, rule.basisPoints);
  return Math.min(totalCents, Math.max(raw, STRIPE_MINIMUM_CENTS));
}

/** What a late cancellation or a no-show costs, of the booking's total with taxes. */
export function cancelFeeCents(rule: CancelFeeRule, totalCents: number, deposit: number): number {
  switch (rule.rule) {
    case "none":
      return 0;
    case "deposit":
      return deposit;
    case "fixed":
      return Math.min(requireCents("fee", rule.cents), totalCents);
    case "percent":
      return shareOf(totalCents, rule.basisPoints);
  }
}

const ZERO: ChargeLines = {
  subtotalCents: 0,
  tpsCents: 0,
  tvqCents: 0,
  totalCents: 0,
  applicationFeeCents: 0,
};

/** Splits `amountCents` of the booking's total into its pre-tax part and its two taxes. */
export function splitOfTotal(
  price: PriceLines,
  amountCents: number,
): Omit<ChargeLines, "applicationFeeCents"> {
  if (amountCents > price.totalCents) throw new RangeError("a part cannot exceed the booking's total");
  const [subtotalCents, tpsCents, tvqCents] = allocate(amountCents, [
    price.taxableCents,
    price.tpsCents,
    price.tvqCents,
  ]);
  return { subtotalCents: subtotalCents!, tpsCents: tpsCents!, tvqCents: tvqCents!, totalCents: amountCents };
}

export function paymentTerms(
  policy: ZonePaymentPolicy,
  price: PriceLines,
  royaltyBasisPoints: number,
): PaymentTerms {
  const whole = {
    subtotalCents: price.taxableCents,
    tpsCents: price.tpsCents,
    tvqCents: price.tvqCents,
    totalCents: price.totalCents,
  };
  if (policy.mode === "on_site") {
    return {
      mode: "on_site",
      today: ZERO,
      later: { ...whole, applicationFeeCents: 0 },
      lateCancelFeeCents: 0,
      noShowFeeCents: 0,
    };
  }
  if (policy.mode === "deposit" && !policy.deposit)
    throw new RangeError("a deposit zone needs its deposit rule");
  const deposit = policy.mode === "deposit" ? depositCents(policy.deposit!, price.totalCents) : 0;
  const today = splitOfTotal(price, deposit);
  const later = {
    subtotalCents: whole.subtotalCents - today.subtotalCents,
    tpsCents: whole.tpsCents - today.tpsCents,
    tvqCents: whole.tvqCents - today.tvqCents,
    totalCents: whole.totalCents - today.totalCents,
  };
  const [todayFee, laterFee] = royaltyParts([today.subtotalCents, later.subtotalCents], royaltyBasisPoints);
  return {
    mode: policy.mode,
    today: { ...today, applicationFeeCents: todayFee! },
    later: { ...later, applicationFeeCents: laterFee! },
    lateCancelFeeCents: cancelFeeCents(policy.lateCancel, price.totalCents, deposit),
    noShowFeeCents: cancelFeeCents(policy.noShow, price.totalCents, deposit),
  };
}
