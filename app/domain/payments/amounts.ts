/**
 * Integer money arithmetic of payments (issue 31, ADR 073): shares in basis points and exact
 * splits. No floating point: every amount is integer cents, every rate integer basis points
 * (1 bp = 0,01 %, 10 000 bp = 100 %).
 */

export const BASIS_POINTS = 10_000;

export function requireCents(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of cents, got ${value}`);
  }
  return value;
}

export function requireBasisPoints(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > BASIS_POINTS) {
    throw new RangeError(
      `${name} must be an integer between 0 and ${BASIS_POINTS} basis points, got ${value}`,
    );
  }
  return value;
}

/**
 * `basisPoints` of `amountCents`, rounded to the cent half up (x,5 cent goes up), as the taxes
 * of domain/booking/pricing.ts are.
 */
export function shareOf(amountCents: number, basisPoints: number): number {
  requireCents("amountCents", amountCents);
  requireBasisPoints("basisPoints", basisPoints);
  return Math.floor((2 * amountCents * basisPoints + BASIS_POINTS) / (2 * BASIS_POINTS));
}

/**
 * Splits `totalCents` over `weights` in proportion, in integer cents that add up to exactly
 * `totalCents` (largest remainder: each part is the floor of its exact share, and the cents left
 * go to the largest fractions, the earlier part first on a tie). Each part is within one cent of
 * its exact share and never above its weight when `totalCents` is at most the weights' sum.
 */
export function allocate(totalCents: number, weights: readonly number[]): number[] {
  requireCents("totalCents", totalCents);
  weights.forEach((w, i) => requireCents(`weights[${i}]`, w));
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) {
    if (totalCents === 0) return weights.map(() => 0);
    throw new RangeError("cannot allocate an amount over weights that are all zero");
  }
  // BigInt: totalCents x weight can pass 2^53 for large amounts.
  const exact = weights.map((w) => BigInt(totalCents) * BigInt(w));
  const parts = exact.map((e) => Number(e / BigInt(sum)));
  let left = totalCents - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, index) => ({ index, remainder: e % BigInt(sum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}
