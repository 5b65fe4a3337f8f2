import { allocate, requireBasisPoints, shareOf } from "./amounts";

/**
 * The network's royalty (issue 31, ADR 073): a percentage set by the admin (per franchisee if
 * needed, else the network's default) of the amount before taxes and tips, taken as the
 * platform's application fee on each charge. Integer cents, rounded half up to the cent.
 */

/** The network's default when the admin has set none: 8 %. */
export const DEFAULT_ROYALTY_BASIS_POINTS = 800;

/** The royalty on an amount before taxes and tips, in cents. */
export function royaltyCents(preTaxCents: number, basisPoints: number): number {
  return shareOf(preTaxCents, basisPoints);
}

/** The franchisee's own rate, or the network's (the admin's setting, else the default). */
export function royaltyRate(franchiseeBasisPoints: number | null, networkBasisPoints: number | null): number {
  const rate = franchiseeBasisPoints ?? networkBasisPoints ?? DEFAULT_ROYALTY_BASIS_POINTS;
  return requireBasisPoints("royalty", rate);
}

/**
 * The royalty of a booking split over its charges (a deposit, then the balance), in proportion
 * to each charge's amount before taxes: the parts add up to the royalty on the booking's whole
 * pre-tax amount, so paying in two steps never costs the franchisee a cent more or less.
 */
export function royaltyParts(preTaxParts: readonly number[], basisPoints: number): number[] {
  const whole = royaltyCents(
    preTaxParts.reduce((a, b) => a + b, 0),
    basisPoints,
  );
  return allocate(whole, preTaxParts);
}
