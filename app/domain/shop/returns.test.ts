import { describe, expect, it } from "vitest";
import { priceLinesOf } from "~/domain/payments/terms";
import { planReturn, type ReturnableLine } from "./returns";

// Partial returns (ADR 094, amended): never more than was bought, never a cent more than was paid.

const line = (over: Partial<ReturnableLine> = {}): ReturnableLine => ({
  id: "l1",
  name: "Cire",
  quantity: 3,
  unitPriceCents: 10,
  askedQuantity: 0,
  keptQuantity: 0,
  ...over,
});

describe("planReturn", () => {
  it("refunds three returns of one item each exactly the order's total, the last taking what is left", () => {
    const total = priceLinesOf(30).totalCents;
    const one = priceLinesOf(10).totalCents;
    const first = planReturn({ totalCents: total }, [line()], new Map([["l1", 1]]), 0);
    expect(first).toEqual({
      ok: true,
      lines: [{ orderLineId: "l1", quantity: 1 }],
      subtotalCents: 10,
      amountCents: one,
    });
    const second = planReturn(
      { totalCents: total },
      [line({ askedQuantity: 1, keptQuantity: 1 })],
      new Map([["l1", 1]]),
      one,
    );
    expect(second).toMatchObject({ ok: true, amountCents: one });
    const last = planReturn(
      { totalCents: total },
      [line({ askedQuantity: 2, keptQuantity: 2 })],
      new Map([["l1", 1]]),
      2 * one,
    );
    expect(last).toMatchObject({ ok: true, amountCents: total - 2 * one });
    expect(2 * one + (last.ok ? last.amountCents : 0)).toBe(total);
  });

  it("refuses more than is left, an unknown line, or nothing", () => {
    const order = { totalCents: 1_000 };
    expect(planReturn(order, [line({ askedQuantity: 2 })], new Map([["l1", 2]]), 0)).toEqual({ ok: false });
    expect(planReturn(order, [line()], new Map([["autre", 1]]), 0)).toEqual({ ok: false });
    expect(planReturn(order, [line()], new Map(), 0)).toEqual({ ok: false });
    // Everything left when no quantities are given; a refused return's items are not asked twice.
    expect(planReturn(order, [line({ askedQuantity: 1, keptQuantity: 0 })], null, 0)).toMatchObject({
      ok: true,
      lines: [{ orderLineId: "l1", quantity: 2 }],
    });
  });
});
