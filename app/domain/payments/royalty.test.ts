import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_ROYALTY_BASIS_POINTS, royaltyCents, royaltyParts, royaltyRate } from "./royalty";

/**
 * An independent oracle: the exact decimal amount in cents written as a string
 * (pre-tax x basis points / 10 000), rounded half up by Intl.NumberFormat, which formats decimal
 * strings exactly.
 */
const halfUp = new Intl.NumberFormat("en", {
  maximumFractionDigits: 0,
  roundingMode: "halfExpand",
  useGrouping: false,
});
function oracle(preTaxCents: number, basisPoints: number): number {
  const digits = String(BigInt(preTaxCents) * BigInt(basisPoints)).padStart(5, "0");
  // Intl formats a decimal string exactly (ES2023); the project's TS lib types only numbers.
  const exact = `${digits.slice(0, -4)}.${digits.slice(-4)}` as unknown as number;
  return Number(halfUp.format(exact));
}

describe("royalty", () => {
  it("is a percentage of the amount before taxes and tips, half up to the cent", () => {
    expect(royaltyCents(14_999, 800)).toBe(1_200); // 1 199,92 cents
    expect(royaltyCents(14_999, 750)).toBe(1_125); // 1 124,925 -> 1 125
    expect(royaltyCents(10_000, 1_234)).toBe(1_234);
    expect(royaltyCents(0, 800)).toBe(0);
  });

  it("agrees with an independent decimal computation on any amount and rate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (cents, bp) => {
          expect(royaltyCents(cents, bp)).toBe(oracle(cents, bp));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("takes the franchisee's rate, else the network's, else 8 %", () => {
    expect(royaltyRate(500, 900)).toBe(500);
    expect(royaltyRate(0, 900)).toBe(0);
    expect(royaltyRate(null, 900)).toBe(900);
    expect(royaltyRate(null, null)).toBe(DEFAULT_ROYALTY_BASIS_POINTS);
    expect(() => royaltyRate(10_001, null)).toThrow(RangeError);
  });

  it("splits over a deposit and a balance into the royalty of the whole, to the cent", () => {
    expect(royaltyParts([3_750, 11_249], 800)).toEqual([300, 900]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 10_000 }),
        (parts, bp) => {
          fc.pre(parts.some((p) => p > 0));
          const fees = royaltyParts(parts, bp);
          const whole = parts.reduce((a, b) => a + b, 0);
          expect(fees.reduce((a, b) => a + b, 0)).toBe(oracle(whole, bp));
          fees.forEach((fee, i) => expect(fee).toBeLessThanOrEqual(parts[i]!));
        },
      ),
    );
  });
});
