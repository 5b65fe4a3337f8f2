import { describe, expect, it } from "vitest";
import { cartCount, orderTotals, parseCart, returnOpen, setLine } from "./shop";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

describe("the shop's cart", () => {
  it("reads an odd cookie as an empty cart", () => {
    expect(parseCart({ nope: 1 })).toEqual({ franchiseeId: null, lines: [] });
    expect(parseCart({ franchiseeId: null, lines: [{ itemId: A, quantity: 99 }] }).lines).toEqual([]);
  });
  it("adds, caps at 10 and removes", () => {
    let cart = setLine({ franchiseeId: null, lines: [] }, A, 3, true);
    cart = setLine(cart, A, 9, true);
    cart = setLine(cart, B, 1, true);
    expect(cart.lines).toEqual([
      { itemId: A, quantity: 10 },
      { itemId: B, quantity: 1 },
    ]);
    expect(cartCount(cart)).toBe(11);
    expect(setLine(cart, A, 0).lines).toEqual([{ itemId: B, quantity: 1 }]);
  });
});

describe("an order's totals and its return window", () => {
  it("taxes the lines like a wash (TPS 5 %, TVQ 9,975 %)", () => {
    expect(orderTotals([{ unitPriceCents: 1_999, quantity: 2 }])).toEqual({
      subtotalCents: 3_998,
      tpsCents: 200,
      tvqCents: 399,
      totalCents: 4_597,
    });
  });
  it("takes returns until 14 days after the delivery", () => {
    const delivered = new Date("2026-03-01T15:00:00Z");
    const order = { status: "delivered", paidAt: new Date("2026-02-20T15:00:00Z"), deliveredAt: delivered };
    expect(returnOpen(order, new Date("2026-03-15T15:00:00Z"))).toBe(true);
    expect(returnOpen(order, new Date("2026-03-15T15:00:01Z"))).toBe(false);
    expect(returnOpen({ ...order, status: "awaiting_payment" }, delivered)).toBe(false);
  });
});
