import { describe, expect, it } from "vitest";
import { priceBooking } from "../booking/pricing";
import { cancelFeeCents, depositCents, paymentTerms, priceLinesOf, type ZonePaymentPolicy } from "./terms";

const oneCar = priceBooking({ unitPriceCents: 14_999, cars: 1 }); // 149,99 + 7,50 + 14,96 = 172,45
const none = { rule: "none" } as const;

describe("payment terms", () => {
  it("pays on site by default: nothing today, no royalty through Stripe", () => {
    const terms = paymentTerms(
      { mode: "on_site", deposit: null, lateCancel: none, noShow: none },
      oneCar,
      800,
    );
    expect(terms.today.totalCents).toBe(0);
    expect(terms.later).toEqual({
      subtotalCents: 14_999,
      tpsCents: 750,
      tvqCents: 1_496,
      totalCents: 17_245,
      applicationFeeCents: 0,
    });
  });

  it("keeps the card: everything after the wash, the royalty on the pre-tax amount", () => {
    const policy: ZonePaymentPolicy = {
      mode: "card_kept",
      deposit: null,
      lateCancel: { rule: "percent", basisPoints: 5_000 },
      noShow: { rule: "fixed", cents: 10_000 },
    };
    const terms = paymentTerms(policy, oneCar, 800);
    expect(terms.today).toEqual({
      subtotalCents: 0,
      tpsCents: 0,
      tvqCents: 0,
      totalCents: 0,
      applicationFeeCents: 0,
    });
    expect(terms.later).toMatchObject({ totalCents: 17_245, applicationFeeCents: 1_200 });
    expect(terms).toMatchObject({ lateCancelFeeCents: 8_623, noShowFeeCents: 10_000 });
  });

  it("splits a 25 % deposit and the balance so that they add up to the booking's own lines", () => {
    const policy: ZonePaymentPolicy = {
      mode: "deposit",
      deposit: { rule: "percent", basisPoints: 2_500 },
      lateCancel: { rule: "deposit" },
      noShow: { rule: "deposit" },
    };
    const terms = paymentTerms(policy, oneCar, 800);
    expect(terms.today).toEqual({
      subtotalCents: 3_750,
      tpsCents: 187,
      tvqCents: 374,
      totalCents: 4_311,
      applicationFeeCents: 300,
    });
    expect(terms.later).toEqual({
      subtotalCents: 11_249,
      tpsCents: 563,
      tvqCents: 1_122,
      totalCents: 12_934,
      applicationFeeCents: 900,
    });
    for (const line of ["subtotalCents", "tpsCents", "tvqCents", "totalCents"] as const) {
      expect(terms.today[line] + terms.later[line]).toBe(
        { subtotalCents: 14_999, tpsCents: 750, tvqCents: 1_496, totalCents: 17_245 }[line],
      );
    }
    expect(terms.today.subtotalCents + terms.today.tpsCents + terms.today.tvqCents).toBe(
      terms.today.totalCents,
    );
    expect(terms.later.subtotalCents + terms.later.tpsCents + terms.later.tvqCents).toBe(
      terms.later.totalCents,
    );
    expect(terms).toMatchObject({ lateCancelFeeCents: 4_311, noShowFeeCents: 4_311 });
  });

  it("caps a fixed deposit at the total and raises a tiny one to Stripe's minimum", () => {
    expect(depositCents({ rule: "fixed", cents: 5_000 }, 17_245)).toBe(5_000);
    expect(depositCents({ rule: "fixed", cents: 50_000 }, 17_245)).toBe(17_245);
    expect(depositCents({ rule: "percent", basisPoints: 1 }, 17_245)).toBe(50);
    expect(depositCents({ rule: "fixed", cents: 5_000 }, 30)).toBe(30);
    expect(cancelFeeCents({ rule: "fixed", cents: 99_999 }, 17_245, 0)).toBe(17_245);
    expect(() =>
      paymentTerms({ mode: "deposit", deposit: null, lateCancel: none, noShow: none }, oneCar, 800),
    ).toThrow(RangeError);
  });

  it("follows a promo discount: taxes and royalty on the discounted amount", () => {
    const discounted = priceBooking({ unitPriceCents: 14_999, cars: 1, discountCents: 2_000 });
    const terms = paymentTerms(
      { mode: "deposit", deposit: { rule: "fixed", cents: 2_000 }, lateCancel: none, noShow: none },
      discounted,
      1_000,
    );
    expect(terms.today.applicationFeeCents + terms.later.applicationFeeCents).toBe(1_300); // 10 % of 129,99
    expect(terms.today.totalCents + terms.later.totalCents).toBe(discounted.totalCents);
  });

  it("rebuilds a booking's lines from its stored pre-tax amount with the same taxes", () => {
    const three = priceBooking({
      unitPriceCents: 14_999,
      cars: 3,
      upsells: [{ priceCents: 2_000 }],
      discountCents: 1_000,
    });
    expect(priceLinesOf(three.taxableCents)).toEqual({
      taxableCents: three.taxableCents,
      tpsCents: three.tpsCents,
      tvqCents: three.tvqCents,
      totalCents: three.totalCents,
    });
  });
});
