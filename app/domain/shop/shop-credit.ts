import { royaltyCents } from "~/domain/payments/royalty";

// The franchisee's credit for its shop sales (ADR 094, amended), pure and in integer cents: the
// network collects the order on its own account; the franchisee whose stock was sold is owed the
// retail price before taxes less the royalty in force when the order was placed. A refunded
// return takes back the credit of what came back. The taxes stay with the network, which
// collected them.

export interface ShopCreditLine {
  kind: "sale" | "refund";
  /** The retail amount before taxes (negative for a refund). */
  subtotalCents: number;
  royaltyCents: number;
  creditCents: number;
}

/** A sale's (or a refund's, negated) credit: the amount before taxes less its royalty. */
export function shopCreditLine(
  kind: "sale" | "refund",
  preTaxCents: number,
  basisPoints: number,
): ShopCreditLine {
  const royalty = royaltyCents(preTaxCents, basisPoints);
  const sign = kind === "refund" ? -1 : 1;
  return {
    kind,
    subtotalCents: sign * preTaxCents,
    royaltyCents: sign * royalty,
    creditCents: sign * (preTaxCents - royalty),
  };
}

/**
 * The part before taxes of a refund of `amountCents` (taxes included) of an order: the order's
 * whole subtotal for a whole refund, else in proportion, rounded half up to the cent.
 */
export function refundedPreTax(
  amountCents: number,
  order: { subtotalCents: number; totalCents: number },
): number {
  if (amountCents >= order.totalCents) return order.subtotalCents;
  return Math.floor((order.subtotalCents * amountCents * 2 + order.totalCents) / (2 * order.totalCents));
}

export interface ShopCreditTotals {
  salesCents: number;
  refundedCents: number;
  royaltyCents: number;
  creditCents: number;
}

export function shopCreditTotals(lines: readonly ShopCreditLine[]): ShopCreditTotals {
  const totals = { salesCents: 0, refundedCents: 0, royaltyCents: 0, creditCents: 0 };
  for (const line of lines) {
    if (line.kind === "sale") totals.salesCents += line.subtotalCents;
    else totals.refundedCents -= line.subtotalCents;
    totals.royaltyCents += line.royaltyCents;
    totals.creditCents += line.creditCents;
  }
  return totals;
}
