import { and, asc, eq, sql } from "drizzle-orm";
import { serviceSizeClassPrices, services, vehicleSizeClasses } from "#db/schema";
import type { SizeClassSettings } from "~/domain/booking/vehicle-schemas";
import type { PricedSizeClass } from "~/domain/booking/vehicles";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { assertAdmin, type AdminActor } from "../admin/assert-admin.server";

export interface SizeClassOffer extends PricedSizeClass {
  id: string;
  isStandard: boolean;
}

/**
 * The active size classes with their difference for one service (ADR 085), standard first. The
 * standard class's difference is always 0: it is the service's base price.
 */
export async function loadPricedSizeClasses(db: Db | Tx, serviceId: string): Promise<SizeClassOffer[]> {
  const rows = await db
    .select({
      id: vehicleSizeClasses.id,
      slug: vehicleSizeClasses.slug,
      name: vehicleSizeClasses.name,
      isStandard: vehicleSizeClasses.isStandard,
      differenceCents: sql<number>`coalesce(${serviceSizeClassPrices.differenceCents}, 0)`.mapWith(Number),
    })
    .from(vehicleSizeClasses)
    .leftJoin(
      serviceSizeClassPrices,
      and(
        eq(serviceSizeClassPrices.sizeClassId, vehicleSizeClasses.id),
        eq(serviceSizeClassPrices.serviceId, serviceId),
      ),
    )
    .where(eq(vehicleSizeClasses.isActive, true))
    .orderBy(sql`${vehicleSizeClasses.isStandard} desc`, asc(vehicleSizeClasses.sortOrder));
  return rows.map((row) => (row.isStandard ? { ...row, differenceCents: 0 } : row));
}

/** The size classes (active or not) and every service's difference, for the admin's page. */
export async function listSizeClassSettings(db: Db, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const [classes, serviceRows, prices] = await Promise.all([
    db
      .select({
        id: vehicleSizeClasses.id,
        slug: vehicleSizeClasses.slug,
        name: vehicleSizeClasses.name,
        isStandard: vehicleSizeClasses.isStandard,
        isActive: vehicleSizeClasses.isActive,
      })
      .from(vehicleSizeClasses)
      .orderBy(sql`${vehicleSizeClasses.isStandard} desc`, asc(vehicleSizeClasses.sortOrder)),
    db
      .select({ id: services.id, name: services.name, basePriceCents: services.basePriceCents })
      .from(services)
      .orderBy(asc(services.sortOrder), asc(services.name)),
    db.select().from(serviceSizeClassPrices),
  ]);
  return {
    services: serviceRows,
    classes: classes.map((c) => ({
      ...c,
      differences: Object.fromEntries(
        serviceRows.map((s) => [
          s.id,
          prices.find((p) => p.sizeClassId === c.id && p.serviceId === s.id)?.differenceCents ?? 0,
        ]),
      ),
    })),
  };
}

function slugify(name: string): string {
  return (
    name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "categorie"
  );
}

/**
 * Creates a size class (last in the order) or updates one: its name, whether customers see it,
 * and its difference per service, in one transaction. The standard class stays active and at the
 * base price (its differences are not written). Bookings already made keep their snapshot.
 */
export async function saveSizeClass(
  db: Db,
  { actor, input }: { actor: AdminActor; input: SizeClassSettings },
): Promise<{ id: string; created: boolean }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    let id = input.sizeClassId;
    let isStandard = false;
    const [sameName] = await tx
      .select({ id: vehicleSizeClasses.id })
      .from(vehicleSizeClasses)
      .where(sql`lower(${vehicleSizeClasses.name}) = ${input.name.toLowerCase()}`);
    if (sameName && sameName.id !== id) throw new AppError("SLUG_TAKEN");
    if (id) {
      const [before] = await tx
        .select({ isStandard: vehicleSizeClasses.isStandard })
        .from(vehicleSizeClasses)
        .where(eq(vehicleSizeClasses.id, id))
        .for("update");
      if (!before) throw new AppError("NOT_FOUND");
      isStandard = before.isStandard;
      await tx
        .update(vehicleSizeClasses)
        .set({ name: input.name, isActive: isStandard || input.active })
        .where(eq(vehicleSizeClasses.id, id));
    } else {
      const [row] = await tx
        .insert(vehicleSizeClasses)
        .values({
          slug: slugify(input.name),
          name: input.name,
          isActive: input.active,
          sortOrder: sql`(select coalesce(max(${vehicleSizeClasses.sortOrder}), 0) + 1 from ${vehicleSizeClasses})`,
        })
        .onConflictDoNothing()
        .returning({ id: vehicleSizeClasses.id });
      if (!row) throw new AppError("SLUG_TAKEN");
      id = row.id;
    }
    const differences = Object.entries(input.difference);
    if (!isStandard && differences.length > 0) {
      const known = await tx.select({ id: services.id }).from(services);
      const rows = differences
        .filter(([serviceId]) => known.some((s) => s.id === serviceId))
        .map(([serviceId, differenceCents]) => ({ serviceId, sizeClassId: id!, differenceCents }));
      if (rows.length > 0) {
        await tx
          .insert(serviceSizeClassPrices)
          .values(rows)
          .onConflictDoUpdate({
            target: [serviceSizeClassPrices.serviceId, serviceSizeClassPrices.sizeClassId],
            set: { differenceCents: sql`excluded.difference_cents`, updatedAt: new Date() },
          });
      }
    }
    return { id, created: !input.sizeClassId };
  });
}
