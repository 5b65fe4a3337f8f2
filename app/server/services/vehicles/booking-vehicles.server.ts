import { and, eq, inArray } from "drizzle-orm";
import { customerVehicles, vehicleSizeClasses } from "#db/schema";
import { priceVehicles, vehicleLabel, type BookedVehicle } from "~/domain/booking/vehicles";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { loadPricedSizeClasses } from "./size-classes.server";

export interface VehicleChoice {
  /** The owner's saved vehicles, by id (a signed-in client's own only). */
  vehicleIds?: readonly string[] | undefined;
  /** Cars chosen by size class only (a visitor, the API), by slug. */
  sizes?: readonly string[] | undefined;
}

/**
 * The one place a booking's cars are priced (ADR 085): saved vehicles first, then cars by size
 * class, each at the service's base price plus its class's difference. Null for a bare count
 * (no vehicle and no class chosen): `cars` cars of the standard class at the base price, as
 * before. A vehicle that is not the owner's, or a class that is unknown or withdrawn, is
 * UNKNOWN_VEHICLE; a list that does not hold `cars` cars is VALIDATION.
 */
export async function resolveBookingVehicles(
  db: Db | Tx,
  {
    service,
    cars,
    ownerId,
    choice,
  }: {
    service: { id: string; basePriceCents: number };
    cars: number;
    ownerId: string | null;
    choice: VehicleChoice;
  },
): Promise<BookedVehicle[] | null> {
  const vehicleIds = [...new Set(choice.vehicleIds ?? [])];
  const sizes = choice.sizes ?? [];
  if (vehicleIds.length === 0 && sizes.length === 0) return null;
  if (vehicleIds.length + sizes.length !== cars) throw new AppError("VALIDATION");
  const [classes, saved] = await Promise.all([
    loadPricedSizeClasses(db, service.id),
    vehicleIds.length === 0
      ? []
      : ownerId === null
        ? null
        : db
            .select({
              id: customerVehicles.id,
              make: customerVehicles.make,
              model: customerVehicles.model,
              year: customerVehicles.year,
              colour: customerVehicles.colour,
              sizeClass: vehicleSizeClasses.slug,
            })
            .from(customerVehicles)
            .innerJoin(vehicleSizeClasses, eq(vehicleSizeClasses.id, customerVehicles.sizeClassId))
            .where(and(eq(customerVehicles.userId, ownerId), inArray(customerVehicles.id, vehicleIds))),
  ]);
  if (saved === null || saved.length !== vehicleIds.length) throw new AppError("UNKNOWN_VEHICLE");
  const classOf = (slug: string) => {
    const found = classes.find((c) => c.slug === slug);
    if (!found) throw new AppError("UNKNOWN_VEHICLE");
    return found;
  };
  return priceVehicles(service.basePriceCents, [
    ...vehicleIds.map((id) => {
      const vehicle = saved.find((v) => v.id === id)!;
      return { sizeClass: classOf(vehicle.sizeClass), label: vehicleLabel(vehicle), vehicleId: id };
    }),
    ...sizes.map((slug) => ({ sizeClass: classOf(slug) })),
  ]);
}
