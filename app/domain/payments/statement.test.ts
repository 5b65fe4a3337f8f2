import { describe, expect, it } from "vitest";
import {
  monthBounds,
  previousMonth,
  recentMonths,
  statementAmounts,
  statementTotals,
  statementQuery,
} from "./statement";

describe("statements", () => {
  it("bounds a month at Montréal's midnights, daylight saving time included", () => {
    // November 2026: starts at UTC-4 (EDT), the next month at UTC-5 (EST).
    expect(monthBounds("2026-11")).toEqual({
      from: new Date("2026-11-01T04:00:00Z"),
      to: new Date("2026-12-01T05:00:00Z"),
    });
    expect(monthBounds("2026-12").to).toEqual(new Date("2027-01-01T05:00:00Z"));
    expect(previousMonth("2027-01")).toBe("2026-12");
    expect(recentMonths(new Date("2027-01-01T04:30:00Z"), 3)).toEqual(["2026-12", "2026-11", "2026-10"]);
  });

  it("counts a refund negative and the net as what moved minus the royalty", () => {
    const paid = {
      kind: "balance" as const,
      method: "cash" as const,
      amountCents: 17_245,
      subtotalCents: 14_999,
      tpsCents: 750,
      tvqCents: 1_496,
      tipCents: 0,
      applicationFeeCents: 1_200,
    };
    const refund = {
      ...paid,
      kind: "refund" as const,
      method: "stripe" as const,
      amountCents: 1_150,
      subtotalCents: 1_000,
      tpsCents: 50,
      tvqCents: 100,
      applicationFeeCents: 80,
    };
    expect(statementAmounts(refund)).toMatchObject({ amountCents: -1_150, feeCents: -80, netCents: -1_070 });
    expect(statementTotals([paid, refund])).toEqual({
      collectedCents: 17_245,
      refundedCents: 1_150,
      onSiteCents: 17_245,
      subtotalCents: 13_999,
      tpsCents: 700,
      tvqCents: 1_396,
      tipsCents: 0,
      feesCents: 1_120,
      netCents: 17_245 - 1_150 - 1_120,
    });
  });

  it("reads a statement's query, this month and the network by default", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(statementQuery(new URL("http://x/?month=2025-13&franchisee=nope"), now)).toEqual({
      month: "2026-11",
      franchiseeId: null,
    });
    const id = "7f1d1c1e-7a0b-4c1e-9d3e-3d2b1a0f9e8d";
    expect(statementQuery(new URL(`http://x/?month=2026-02&franchisee=${id}`), now)).toEqual({
      month: "2026-02",
      franchiseeId: id,
    });
  });
});
