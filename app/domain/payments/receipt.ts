import { royaltyParts } from "./royalty";
import { priceLinesOf, STRIPE_MINIMUM_CENTS, type ChargeLines } from "./terms";

/**
 * The balance after the wash and the receipts' lines (issue 31, ADR 079), in integer cents. The
 * balance is the rest of each of the booking's lines once the deposit's are taken off, so the
 * two charges add up to the booking's lines to the cent; its royalty is the rest of the royalty
 * on the booking's whole pre-tax amount.
 */

type Lines = { subtotalCents: number; tpsCents: number; tvqCents: number; totalCents?: number };

/**
 * What is left to charge after the wash, of a booking whose pre-tax amount is `priceCents` now
 * (extras added on site included), or null when nothing is (or less than Stripe's minimum: waived).
 */
export function balanceAfterDeposit(
  priceCents: number,
  deposit: Lines | null,
  royaltyBasisPoints: number,
): ChargeLines | null {
  const price = priceLinesOf(priceCents);
  const paid = deposit ?? { subtotalCents: 0, tpsCents: 0, tvqCents: 0 };
  const subtotalCents = Math.max(0, price.taxableCents - paid.subtotalCents);
  const tpsCents = Math.max(0, price.tpsCents - paid.tpsCents);
  const tvqCents = Math.max(0, price.tvqCents - paid.tvqCents);
  const totalCents = subtotalCents + tpsCents + tvqCents;
  if (totalCents < STRIPE_MINIMUM_CENTS) return null;
  const [, applicationFeeCents] = royaltyParts([paid.subtotalCents, subtotalCents], royaltyBasisPoints);
  return { subtotalCents, tpsCents, tvqCents, totalCents, applicationFeeCents: applicationFeeCents! };
}

export type ReceiptLineKey = "subtotal" | "tps" | "tvq" | "tip" | "total";

/**
 * A receipt's lines, from one ledger row: the amount before taxes, each tax on its own line,
 * the tip apart (no tax on it), and the total, which is the row's amount (what Stripe moved).
 * Lines at zero are left out, except the total.
 */
export function receiptLines(row: {
  amountCents: number;
  subtotalCents: number;
  tpsCents: number;
  tvqCents: number;
  tipCents: number;
}): { key: ReceiptLineKey; cents: number }[] {
  const lines: { key: ReceiptLineKey; cents: number }[] = [];
  if (row.subtotalCents > 0 || row.tipCents === 0) lines.push({ key: "subtotal", cents: row.subtotalCents });
  if (row.tpsCents > 0 || row.subtotalCents > 0) lines.push({ key: "tps", cents: row.tpsCents });
  if (row.tvqCents > 0 || row.subtotalCents > 0) lines.push({ key: "tvq", cents: row.tvqCents });
  if (row.tipCents > 0) lines.push({ key: "tip", cents: row.tipCents });
  lines.push({ key: "total", cents: row.amountCents });
  return lines;
}
