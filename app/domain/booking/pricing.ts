/**
 * The price of a booking, in integer cents (ADR 004): base price x cars (or each car's price by its
 * size class, ADR 085) + chosen upsells, then
 * TPS and TVQ as two separate lines.
 *
 * A promo code's discount (ADR 050) comes off the subtotal before the taxes: TPS and TVQ are
 * computed on `taxableCents` (subtotal - discount, never below 0).
 *
 * Rounding: each tax is computed on the taxable amount (services + upsells - discount) and rounded to the cent,
 * half up (x.5 cent -> up), independently; the total is the sum of the rounded lines, so the
 * lines shown always add up to the total. Integer arithmetic only (no floating point on money).
 */

export const CARS_MIN = 1;
export const CARS_MAX = 3;
/**
 * TPS (GST), 5 %.
 * @internal Used by the tests only (`knip --production`).
 */
export const TPS_RATE = 0.05;
/**
 * TVQ (QST), 9,975 %.
 * @internal Used by the tests only (`knip --production`).
 */
export const TVQ_RATE = 0.09975;

/** The rates as exact fractions of 100 000, for integer arithmetic. */
const RATE_DENOMINATOR = 100_000;
const TPS_NUMERATOR = 5_000;
const TVQ_NUMERATOR = 9_975;

export interface PriceBookingInput {
  /** The service's base price for one car, in cents. */
  unitPriceCents: number;
  /** CARS_MIN to CARS_MAX. */
  cars: number;
  /**
   * Each car's own price (size classes, ADR 085), one per car; absent: every car at the unit
   * price (the standard class).
   */
  vehicles?: readonly { priceCents: number }[] | null;
  /** Chosen upsells, each counted once per booking. */
  upsells?: readonly { priceCents: number }[];
  /** A promo code's discount, in cents, before taxes (capped at the subtotal). */
  discountCents?: number;
}

export interface BookingPrice {
  /** The cars' prices: unitPriceCents x cars, or the sum of each car's price by its class. */
  servicesCents: number;
  upsellsCents: number;
  /** services + upsells, before the discount. */
  subtotalCents: number;
  /** The discount actually applied (at most the subtotal). */
  discountCents: number;
  /** subtotal - discount: what the taxes are computed on (and the revenue before taxes). */
  taxableCents: number;
  tpsCents: number;
  tvqCents: number;
  totalCents: number;
}

function requireCents(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of cents, got ${value}`);
  }
  return value;
}

/** amount x numerator / RATE_DENOMINATOR, rounded half up, for a non-negative amount. */
function taxCents(amountCents: number, numerator: number): number {
  return Math.floor((2 * amountCents * numerator + RATE_DENOMINATOR) / (2 * RATE_DENOMINATOR));
}

/** TPS and TVQ of an amount before taxes, rounded as above: the one tax computation (ADR 004). */
export function taxesOn(taxableCents: number): { tpsCents: number; tvqCents: number } {
  requireCents("taxableCents", taxableCents);
  return { tpsCents: taxCents(taxableCents, TPS_NUMERATOR), tvqCents: taxCents(taxableCents, TVQ_NUMERATOR) };
}

export function priceBooking({
  unitPriceCents,
  cars,
  vehicles,
  upsells = [],
  discountCents: requestedDiscountCents = 0,
}: PriceBookingInput): BookingPrice {
  requireCents("unitPriceCents", unitPriceCents);
  if (!Number.isInteger(cars) || cars < CARS_MIN || cars > CARS_MAX) {
    throw new RangeError(`cars must be an integer between ${CARS_MIN} and ${CARS_MAX}, got ${cars}`);
  }
  if (vehicles && vehicles.length !== cars) {
    throw new RangeError(`vehicles must hold one price per car (${cars}), got ${vehicles.length}`);
  }
  const servicesCents = vehicles
    ? vehicles.reduce((sum, v, i) => sum + requireCents(`vehicles[${i}].priceCents`, v.priceCents), 0)
    : unitPriceCents * cars;
  const upsellsCents = upsells.reduce(
    (sum, u, i) => sum + requireCents(`upsells[${i}].priceCents`, u.priceCents),
    0,
  );
  const subtotalCents = servicesCents + upsellsCents;
  const discountCents = Math.min(requireCents("discountCents", requestedDiscountCents), subtotalCents);
  const taxableCents = subtotalCents - discountCents;
  const { tpsCents, tvqCents } = taxesOn(taxableCents);
  return {
    servicesCents,
    upsellsCents,
    subtotalCents,
    discountCents,
    taxableCents,
    tpsCents,
    tvqCents,
    totalCents: taxableCents + tpsCents + tvqCents,
  };
}
