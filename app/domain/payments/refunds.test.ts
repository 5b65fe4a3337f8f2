import { describe, expect, it } from "vitest";
import { cancellationKind, checkRefund, refundLines, settleCancellation } from "./refunds";

const start = new Date("2026-03-09T14:00:00Z");
const hours = (h: number) => new Date(start.getTime() - h * 3_600_000);

describe("refund rules", () => {
  it("calls a cancellation 24 h or more ahead early, later late (the manage link's boundary)", () => {
    expect(cancellationKind(start, hours(24))).toBe("early");
    expect(cancellationKind(start, new Date(hours(24).getTime() + 1))).toBe("late");
    expect(cancellationKind(start, hours(48))).toBe("early");
  });

  it("refunds the deposit in full on an early cancellation, whatever the fees", () => {
    expect(
      settleCancellation({
        kind: "early",
        depositPaidCents: 4_311,
        lateCancelFeeCents: 4_311,
        noShowFeeCents: 17_245,
      }),
    ).toEqual({
      refundCents: 4_311,
      keptCents: 0,
      chargeCents: 0,
    });
  });

  it("keeps the fee from the deposit, refunds the rest, and charges the card for a fee above the deposit", () => {
    const paid = { depositPaidCents: 4_311, lateCancelFeeCents: 2_000, noShowFeeCents: 17_245 };
    expect(settleCancellation({ kind: "late", ...paid })).toEqual({
      refundCents: 2_311,
      keptCents: 2_000,
      chargeCents: 0,
    });
    expect(settleCancellation({ kind: "no_show", ...paid })).toEqual({
      refundCents: 0,
      keptCents: 4_311,
      chargeCents: 12_934,
    });
    // Card kept, no deposit: the fee is charged to the card.
    expect(
      settleCancellation({ kind: "late", depositPaidCents: 0, lateCancelFeeCents: 8_623, noShowFeeCents: 0 }),
    ).toEqual({
      refundCents: 0,
      keptCents: 0,
      chargeCents: 8_623,
    });
    // A rest under Stripe's minimum is waived.
    expect(
      settleCancellation({
        kind: "late",
        depositPaidCents: 1_000,
        lateCancelFeeCents: 1_030,
        noShowFeeCents: 0,
      }).chargeCents,
    ).toBe(0);
  });

  it("refunds all or part of a payment, never more than what is left", () => {
    expect(checkRefund(4_311, 0, 4_311)).toEqual({ ok: true });
    expect(checkRefund(4_311, 1_000, 3_312)).toEqual({ ok: false, code: "REFUND_TOO_LARGE" });
    expect(checkRefund(4_311, 4_311, 1)).toEqual({ ok: false, code: "NOTHING_TO_REFUND" });
    expect(checkRefund(4_311, 0, 0)).toEqual({ ok: false, code: "REFUND_EMPTY" });
  });

  it("splits a partial refund over the receipt's lines and gives the royalty back in proportion", () => {
    const balance = {
      amountCents: 15_184,
      subtotalCents: 11_249,
      tpsCents: 563,
      tvqCents: 1_122,
      tipCents: 2_250,
      applicationFeeCents: 900,
    };
    const half = refundLines(balance, 7_592);
    expect(half).toEqual({
      amountCents: 7_592,
      subtotalCents: 5_625,
      tpsCents: 281,
      tvqCents: 561,
      tipCents: 1_125,
      applicationFeeCents: 450,
    });
    expect(refundLines(balance, 15_184)).toEqual(balance);
    expect(() => refundLines(balance, 15_185)).toThrow(RangeError);
  });
});
