import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, shareOf } from "./amounts";

describe("shareOf", () => {
  it("rounds half up to the cent without floating point", () => {
    expect(shareOf(14_999, 800)).toBe(1_200); // 1 199,92
    expect(shareOf(1_250, 2_000)).toBe(250);
    expect(shareOf(5, 1_000)).toBe(1); // 0,5 -> 1
    expect(shareOf(4, 1_000)).toBe(0); // 0,4 -> 0
    expect(shareOf(17_245, 10_000)).toBe(17_245);
    expect(() => shareOf(100, 10_001)).toThrow(RangeError);
    expect(() => shareOf(1.5, 100)).toThrow(RangeError);
  });
});

describe("allocate", () => {
  it("splits a deposit over a booking's lines to the cent", () => {
    // 43,11 $ of 149,99 $ + 7,50 $ + 14,96 $ = 172,45 $.
    expect(allocate(4_311, [14_999, 750, 1_496])).toEqual([3_750, 187, 374]);
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
    expect(allocate(3, [1, 1, 1])).toEqual([1, 1, 1]);
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(() => allocate(1, [0, 0])).toThrow(RangeError);
  });

  it("always adds up, and keeps each part within a cent of its exact share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 5 }),
        (total, weights) => {
          fc.pre(weights.some((w) => w > 0));
          const parts = allocate(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, i) => {
            const exact = (total * weights[i]!) / sum;
            expect(Math.abs(part - exact)).toBeLessThan(1 + 1e-6);
            if (total <= sum) expect(part).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
    );
  });
});
