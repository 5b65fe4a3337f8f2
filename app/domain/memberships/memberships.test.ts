import { describe, expect, it } from "vitest";
import { addMonth, inPeriod, memberDiscount, nextRenewalAttempt, periodCharge } from "./memberships";

describe("memberships", () => {
  it("adds a calendar month, keeping the day or the month's last", () => {
    expect(addMonth("2026-01-15")).toBe("2026-02-15");
    expect(addMonth("2026-01-31")).toBe("2026-02-28");
    expect(addMonth("2028-01-31")).toBe("2028-02-29");
    expect(addMonth("2026-12-10")).toBe("2027-01-10");
  });

  it("prices a period as a wash: taxes and royalty on the subtotal", () => {
    expect(periodCharge({ unitPriceCents: 3999, vehicles: 2, royaltyBasisPoints: 800 })).toEqual({
      subtotalCents: 7998,
      tpsCents: 400,
      tvqCents: 798,
      amountCents: 9196,
      applicationFeeCents: 640,
    });
  });

  it("covers the dearest cars first, up to what is left, and discounts the extras", () => {
    expect(
      memberDiscount({
        sameService: true,
        carPricesCents: [4000, 6000],
        upsellsCents: 2000,
        left: 1,
        extrasDiscountBasisPoints: 1500,
      }),
    ).toEqual({ washes: 1, servicesCents: 6000, extrasCents: 300, discountCents: 6300 });
    expect(
      memberDiscount({
        sameService: false,
        carPricesCents: [4000],
        upsellsCents: 1000,
        left: 1,
        extrasDiscountBasisPoints: 1000,
      }).washes,
    ).toBe(0);
    expect(
      memberDiscount({
        sameService: true,
        carPricesCents: [4000],
        upsellsCents: 0,
        left: 0,
        extrasDiscountBasisPoints: 0,
      }).discountCents,
    ).toBe(0);
  });

  it("retries a refused renewal after 1 then 3 days, then stops", () => {
    const now = new Date("2026-03-01T10:00:00Z");
    expect(nextRenewalAttempt(1, now)?.toISOString()).toBe("2026-03-02T10:00:00.000Z");
    expect(nextRenewalAttempt(2, now)?.toISOString()).toBe("2026-03-04T10:00:00.000Z");
    expect(nextRenewalAttempt(3, now)).toBeNull();
  });

  it("reads a day inside a period [start, end)", () => {
    expect(inPeriod("2026-03-01", "2026-03-01", "2026-04-01")).toBe(true);
    expect(inPeriod("2026-04-01", "2026-03-01", "2026-04-01")).toBe(false);
    expect(inPeriod("2026-04-01", null, null)).toBe(false);
  });
});

describe("the plan form", () => {
  it("reads French amounts and percentages", async () => {
    const { MembershipPlanFormSchema } = await import("./memberships");
    const parsed = MembershipPlanFormSchema.parse({
      name: "Signature",
      monthlyPrice: "39,99 $",
      serviceId: "7d3c0a7e-1f8a-4a57-9b1e-2a4a1d2c3b4f",
      includedWashes: "1",
      extrasDiscountPercent: "15",
      isActive: "on",
    });
    expect(parsed).toMatchObject({ monthlyPrice: 3999, extrasDiscountPercent: 1500, isActive: true });
    expect(MembershipPlanFormSchema.safeParse({ name: "x", monthlyPrice: "abc" }).success).toBe(false);
  });
});
