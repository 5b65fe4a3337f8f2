/**
 * Cars priced by size class (ADR 085). A car of a booking costs the service's base price plus its
 * class's difference for that service (never below 0). A bare count, as older bookings and the
 * JSON API's `cars` give, is that many cars of the standard class at the base price.
 */

/** One car of a booking, as booked: the snapshot kept on the appointment. */
export interface BookedVehicle {
  /** The size class's slug ('auto', 'vus'). */
  sizeClass: string;
  sizeClassName: string;
  /** 'Honda Civic 2019, bleu' for a saved vehicle; null for a car chosen by size class only. */
  label: string | null;
  vehicleId: string | null;
  /** This car's price for the service, in cents before taxes. */
  priceCents: number;
}

/** A size class with what it adds to the service's price per car (cents, may be negative). */
export interface PricedSizeClass {
  slug: string;
  name: string;
  differenceCents: number;
}

/** The price of one car of a class: base + difference, never below 0. */
export function vehiclePriceCents(basePriceCents: number, differenceCents: number): number {
  if (!Number.isSafeInteger(basePriceCents) || basePriceCents < 0) {
    throw new RangeError(`basePriceCents must be a non-negative integer, got ${basePriceCents}`);
  }
  if (!Number.isSafeInteger(differenceCents)) {
    throw new RangeError(`differenceCents must be an integer, got ${differenceCents}`);
  }
  return Math.max(0, basePriceCents + differenceCents);
}

/** The booked cars of a list of classes (and saved vehicles' labels), priced for one service. */
export function priceVehicles(
  basePriceCents: number,
  cars: readonly { sizeClass: PricedSizeClass; label?: string | null; vehicleId?: string | null }[],
): BookedVehicle[] {
  return cars.map(({ sizeClass, label = null, vehicleId = null }) => ({
    sizeClass: sizeClass.slug,
    sizeClassName: sizeClass.name,
    label,
    vehicleId,
    priceCents: vehiclePriceCents(basePriceCents, sizeClass.differenceCents),
  }));
}

/**
 * The cars of a stored booking: its snapshot, or for a bare count (null) `cars` cars of the
 * standard class at the unit price.
 */
export function bookedVehicles(
  booking: { cars: number; unitPriceCents: number; vehicles: readonly BookedVehicle[] | null },
  standard: { slug: string; name: string } = STANDARD_FALLBACK,
): BookedVehicle[] {
  if (booking.vehicles && booking.vehicles.length === booking.cars) return [...booking.vehicles];
  return Array.from({ length: booking.cars }, () => ({
    sizeClass: standard.slug,
    sizeClassName: standard.name,
    label: null,
    vehicleId: null,
    priceCents: booking.unitPriceCents,
  }));
}

/**
 * A stored booking's cars after the desk changed their count (ADR 052): the first ones kept,
 * more added at the standard class's unit price. Null stays null (a bare count).
 */
export function resizeVehicles(
  booking: { cars: number; unitPriceCents: number; vehicles: readonly BookedVehicle[] | null },
  cars: number,
): BookedVehicle[] | null {
  if (!booking.vehicles) return null;
  const kept = bookedVehicles(booking).slice(0, cars);
  const added = bookedVehicles({
    cars: cars - kept.length,
    unitPriceCents: booking.unitPriceCents,
    vehicles: null,
  });
  return [...kept, ...added];
}

/**
 * Cars washed per size class over some bookings (the reports): the class, how many cars, and
 * their revenue before taxes and discounts, the most cars first.
 */
export function carsByClass(
  bookings: readonly { cars: number; unitPriceCents: number; vehicles: readonly BookedVehicle[] | null }[],
): { name: string; cars: number; revenueCents: number }[] {
  const byName = new Map<string, { name: string; cars: number; revenueCents: number }>();
  for (const car of bookings.flatMap((booking) => bookedVehicles(booking))) {
    const entry = byName.get(car.sizeClassName) ?? { name: car.sizeClassName, cars: 0, revenueCents: 0 };
    entry.cars += 1;
    entry.revenueCents += car.priceCents;
    byName.set(car.sizeClassName, entry);
  }
  return [...byName.values()].sort((a, b) => b.cars - a.cars || a.name.localeCompare(b.name, "fr-CA"));
}

/** The standard class as the migration writes it, for a bare count read without a query. */
const STANDARD_FALLBACK = { slug: "auto", name: "Auto" };

/** A saved vehicle's label: 'Honda Civic 2019, bleu'. */
export function vehicleLabel(v: { make: string; model: string; year: number; colour: string }): string {
  return `${v.make} ${v.model} ${v.year}, ${v.colour}`;
}
