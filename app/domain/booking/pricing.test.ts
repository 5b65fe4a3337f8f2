import { describe, expect, it } from "vitest";
import { CARS_MAX, CARS_MIN, priceBooking, TPS_RATE, TVQ_RATE } from "./pricing";

describe("priceBooking", () => {
  it("prices one car with TPS and TVQ as separate lines", () => {
    expect(priceBooking({ unitPriceCents: 14999, cars: 1 })).toEqual({
      servicesCents: 14999,
      upsellsCents: 0,
      subtotalCents: 14999,
      discountCents: 0,
      taxableCents: 14999,
      tpsCents: 750, // 749.95
      tvqCents: 1496, // 1496.15
      totalCents: 17245,
    });
  });

  it("multiplies the base price by the cars and adds the upsells once", () => {
    expect(
      priceBooking({ unitPriceCents: 14999, cars: 3, upsells: [{ priceCents: 2000 }, { priceCents: 5000 }] }),
    ).toEqual({
      servicesCents: 44997,
      upsellsCents: 7000,
      subtotalCents: 51997,
      discountCents: 0,
      taxableCents: 51997,
      tpsCents: 2600, // 2599.85
      tvqCents: 5187, // 5186.70...
      totalCents: 59784,
    });
  });

  it("rounds each tax half up, on the subtotal", () => {
    // 10 cents: TPS 0.5 -> 1; TVQ 0.9975 -> 1.
    expect(priceBooking({ unitPriceCents: 10, cars: 1 })).toMatchObject({ tpsCents: 1, tvqCents: 1 });
    // 9 cents: TPS 0.45 -> 0; TVQ 0.89775 -> 1.
    expect(priceBooking({ unitPriceCents: 9, cars: 1 })).toMatchObject({ tpsCents: 0, tvqCents: 1 });
    // 200 cents: TVQ 19.95 -> 20 (exact half-cent handling without floating point).
    expect(priceBooking({ unitPriceCents: 200, cars: 1 })).toMatchObject({ tpsCents: 10, tvqCents: 20 });
    // 2005 cents: TVQ 199.99875 -> 200; TPS 100.25 -> 100.
    expect(priceBooking({ unitPriceCents: 2005, cars: 1 })).toMatchObject({ tpsCents: 100, tvqCents: 200 });
  });

  it("takes a promo discount off before the taxes, in whole cents (ADR 050)", () => {
    // 149,99 $ - 15,00 $ = 134,99 $: TPS 6,7495 -> 6,75; TVQ 13,4653... -> 13,47.
    expect(priceBooking({ unitPriceCents: 14999, cars: 1, discountCents: 1500 })).toEqual({
      servicesCents: 14999,
      upsellsCents: 0,
      subtotalCents: 14999,
      discountCents: 1500,
      taxableCents: 13499,
      tpsCents: 675,
      tvqCents: 1347,
      totalCents: 15521,
    });
  });

  it("never discounts below zero, and refuses a negative or fractional discount", () => {
    expect(priceBooking({ unitPriceCents: 1000, cars: 1, discountCents: 5000 })).toMatchObject({
      discountCents: 1000,
      taxableCents: 0,
      tpsCents: 0,
      tvqCents: 0,
      totalCents: 0,
    });
    expect(() => priceBooking({ unitPriceCents: 1000, cars: 1, discountCents: -1 })).toThrow(RangeError);
    expect(() => priceBooking({ unitPriceCents: 1000, cars: 1, discountCents: 1.5 })).toThrow(RangeError);
  });

  it("keeps the lines adding up to the total", () => {
    for (const unitPriceCents of [0, 1, 999, 4999, 14999, 29999]) {
      for (let cars = CARS_MIN; cars <= CARS_MAX; cars++) {
        const p = priceBooking({ unitPriceCents, cars, upsells: [{ priceCents: 1500 }] });
        expect(p.totalCents).toBe(p.subtotalCents + p.tpsCents + p.tvqCents);
        const d = priceBooking({ unitPriceCents, cars, upsells: [{ priceCents: 1500 }], discountCents: 777 });
        expect(d.totalCents).toBe(d.subtotalCents - d.discountCents + d.tpsCents + d.tvqCents);
        expect(Math.abs(p.tpsCents - p.subtotalCents * TPS_RATE)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(p.tvqCents - p.subtotalCents * TVQ_RATE)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it("exposes the rules", () => {
    expect([CARS_MIN, CARS_MAX, TPS_RATE, TVQ_RATE]).toEqual([1, 3, 0.05, 0.09975]);
  });

  it("refuses cars outside 1-3 and amounts that are not whole cents", () => {
    expect(() => priceBooking({ unitPriceCents: 14999, cars: 0 })).toThrow(RangeError);
    expect(() => priceBooking({ unitPriceCents: 14999, cars: 4 })).toThrow(RangeError);
    expect(() => priceBooking({ unitPriceCents: 14999, cars: 1.5 })).toThrow(RangeError);
    expect(() => priceBooking({ unitPriceCents: 149.99, cars: 1 })).toThrow(RangeError);
    expect(() => priceBooking({ unitPriceCents: -1, cars: 1 })).toThrow(RangeError);
    expect(() => priceBooking({ unitPriceCents: 100, cars: 1, upsells: [{ priceCents: -5 }] })).toThrow(
      RangeError,
    );
  });
});
