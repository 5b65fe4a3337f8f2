import { priceLinesOf } from "~/domain/payments/terms";

// Partial shop returns (ADR 094, amended), pure and in integer cents: what a return may take of
// each line (what no earlier return asked for), and its refund with taxes, so that the refunds
// of an order never add up to more than what was paid for it.

export interface ReturnableLine {
  id: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** Asked back by earlier returns, refused ones included (a refused item is not asked twice). */
  askedQuantity: number;
  /** Asked back by earlier returns that were not refused. */
  keptQuantity: number;
}

export type ReturnPlan =
  | {
      ok: true;
      lines: { orderLineId: string; quantity: number }[];
      subtotalCents: number;
      amountCents: number;
    }
  | { ok: false };

/**
 * A return of `wanted` quantities (by order line; none: everything left). Its refund is its lines'
 * subtotal with TPS and TVQ, capped by what the order's other returns left of its total; the return
 * that completes the order takes exactly what is left, so rounding never refunds a cent too many
 * or too few.
 */
export function planReturn(
  order: { totalCents: number },
  lines: readonly ReturnableLine[],
  wanted: ReadonlyMap<string, number> | null,
  otherAmountsCents: number,
): ReturnPlan {
  const taken: { orderLineId: string; quantity: number }[] = [];
  for (const line of lines) {
    const left = line.quantity - line.askedQuantity;
    const quantity = wanted ? (wanted.get(line.id) ?? 0) : left;
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > left) return { ok: false };
    if (quantity > 0) taken.push({ orderLineId: line.id, quantity });
  }
  if (wanted && [...wanted.keys()].some((id) => !lines.some((line) => line.id === id))) return { ok: false };
  if (taken.length === 0) return { ok: false };
  const subtotalCents = taken.reduce(
    (sum, t) => sum + t.quantity * lines.find((line) => line.id === t.orderLineId)!.unitPriceCents,
    0,
  );
  const left = order.totalCents - otherAmountsCents;
  const completes = lines.every(
    (line) =>
      line.keptQuantity + (taken.find((t) => t.orderLineId === line.id)?.quantity ?? 0) === line.quantity,
  );
  const amountCents = completes ? left : Math.min(priceLinesOf(subtotalCents).totalCents, left);
  if (amountCents <= 0) return { ok: false };
  return { ok: true, lines: taken, subtotalCents, amountCents };
}
