import { and, asc, count, eq } from "drizzle-orm";
import { customerVehicles, users, vehicleSizeClasses } from "#db/schema";
import { VEHICLES_MAX, type VehicleInput } from "~/domain/booking/vehicle-schemas";
import { vehicleLabel } from "~/domain/booking/vehicles";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";

type Actor = Pick<SessionUser, "id" | "role">;

function assertClient(actor: Actor | null): asserts actor is Actor {
  if (!actor) throw new AppError("NOT_AUTHENTICATED");
  if (actor.role !== "client") throw new AppError("FORBIDDEN");
}

/** A client's saved vehicles (ADR 085), oldest first, with their size class. Only their own. */
export async function listCustomerVehicles(db: Db | Tx, { actor }: { actor: Actor | null }) {
  assertClient(actor);
  const rows = await db
    .select({
      id: customerVehicles.id,
      make: customerVehicles.make,
      model: customerVehicles.model,
      year: customerVehicles.year,
      colour: customerVehicles.colour,
      plate: customerVehicles.plate,
      sizeClass: vehicleSizeClasses.slug,
      sizeClassName: vehicleSizeClasses.name,
    })
    .from(customerVehicles)
    .innerJoin(vehicleSizeClasses, eq(vehicleSizeClasses.id, customerVehicles.sizeClassId))
    .where(eq(customerVehicles.userId, actor.id))
    .orderBy(asc(customerVehicles.createdAt), asc(customerVehicles.id));
  return rows.map((row) => ({ ...row, label: vehicleLabel(row) }));
}

/**
 * Saves a vehicle for the signed-in client. The count is checked under a lock on the account's
 * row, so two saves at once never pass VEHICLES_MAX (VEHICLE_LIMIT).
 */
export async function addCustomerVehicle(
  db: Db,
  { actor, input }: { actor: Actor | null; input: VehicleInput },
): Promise<{ id: string }> {
  assertClient(actor);
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for("update");
    if (!owner) throw new AppError("NOT_FOUND");
    const [sizeClass] = await tx
      .select({ id: vehicleSizeClasses.id })
      .from(vehicleSizeClasses)
      .where(and(eq(vehicleSizeClasses.slug, input.sizeClass), eq(vehicleSizeClasses.isActive, true)));
    if (!sizeClass) throw new AppError("UNKNOWN_VEHICLE");
    const [{ saved } = { saved: 0 }] = await tx
      .select({ saved: count() })
      .from(customerVehicles)
      .where(eq(customerVehicles.userId, actor.id));
    if (saved >= VEHICLES_MAX) throw new AppError("VEHICLE_LIMIT");
    const [row] = await tx
      .insert(customerVehicles)
      .values({
        userId: actor.id,
        make: input.make,
        model: input.model,
        year: input.year,
        colour: input.colour,
        plate: input.plate ?? null,
        sizeClassId: sizeClass.id,
      })
      .returning({ id: customerVehicles.id });
    return { id: row!.id };
  });
}

/** Removes one of the client's own vehicles; another's, or one gone, is NOT_FOUND. */
export async function removeCustomerVehicle(
  db: Db,
  { actor, vehicleId }: { actor: Actor | null; vehicleId: string },
): Promise<void> {
  assertClient(actor);
  const removed = await db
    .delete(customerVehicles)
    .where(and(eq(customerVehicles.id, vehicleId), eq(customerVehicles.userId, actor.id)))
    .returning({ id: customerVehicles.id });
  if (removed.length === 0) throw new AppError("NOT_FOUND");
}
