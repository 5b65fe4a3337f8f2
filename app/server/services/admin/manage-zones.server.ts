import { asc, count, eq, ne, and } from "drizzle-orm";
import { appointments, franchisees, serviceZones } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { ZoneForm } from "~/domain/admin/schemas";
import type { Db } from "../../db.server";
import { queueWaitlistCheck } from "../waitlist/notify-waitlist.server";
import { zoneColumns } from "../zones/list-zones.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";
import { withSlotChange } from "../booking/slot-change.server";

/*
 * The service zones, the one source of truth for where we serve (docs/product-decisions.md,
 * 'Zones and regions'). The address check, the postal validator, the wizard regions, the zone
 * pages and the home page read the table on every request: nothing to invalidate there. The slot
 * lists of GET /api/slots are cached per zone, so every change goes through withSlotChange
 * (announced to every instance, cleared here).
 */

/** Every zone with its franchisee and its number of appointments (a zone with some cannot go). */
export async function listAdminZones(db: Db, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const [zones, used] = await Promise.all([
    db
      .select({
        ...zoneColumns,
        franchiseeId: serviceZones.franchiseeId,
        franchiseeName: franchisees.businessName,
      })
      .from(serviceZones)
      .leftJoin(franchisees, eq(franchisees.id, serviceZones.franchiseeId))
      .orderBy(asc(serviceZones.zoneName)),
    db.select({ zoneId: appointments.zoneId, n: count() }).from(appointments).groupBy(appointments.zoneId),
  ]);
  return zones.map((zone) => ({
    ...zone,
    appointments: used.find((row) => row.zoneId === zone.id)?.n ?? 0,
  }));
}

export type AdminZone = Awaited<ReturnType<typeof listAdminZones>>[number];

/** The franchisees a zone can be given to. */
export async function listFranchiseeChoices(db: Db, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  return db
    .select({ id: franchisees.id, businessName: franchisees.businessName })
    .from(franchisees)
    .where(eq(franchisees.isActive, true))
    .orderBy(asc(franchisees.businessName));
}

/** Creates or updates a zone; SLUG_TAKEN when another zone has the slug. */
export async function saveZone(
  db: Db,
  { actor, input }: { actor: AdminActor; input: ZoneForm },
): Promise<{ id: string; created: boolean }> {
  assertAdmin(actor);
  return withSlotChange(db, async (tx) => {
    const [taken] = await tx
      .select({ id: serviceZones.id })
      .from(serviceZones)
      .where(
        input.id
          ? and(eq(serviceZones.routeSlug, input.routeSlug), ne(serviceZones.id, input.id))
          : eq(serviceZones.routeSlug, input.routeSlug),
      );
    if (taken) throw new AppError("SLUG_TAKEN");
    if (input.franchiseeId) {
      const [owner] = await tx
        .select({ id: franchisees.id })
        .from(franchisees)
        .where(eq(franchisees.id, input.franchiseeId));
      if (!owner) throw new AppError("NOT_FOUND");
    }
    const values = {
      zoneName: input.zoneName,
      routeSlug: input.routeSlug,
      centerLatitude: input.centerLatitude,
      centerLongitude: input.centerLongitude,
      serviceRadiusKm: input.serviceRadiusKm,
      status: input.status,
      statusLabel: input.statusLabel,
      franchiseeId: input.franchiseeId,
    };
    let id: string;
    let created = false;
    if (input.id) {
      const updated = await tx
        .update(serviceZones)
        .set(values)
        .where(eq(serviceZones.id, input.id))
        .returning({ id: serviceZones.id });
      if (updated.length === 0) throw new AppError("NOT_FOUND");
      id = input.id;
    } else {
      const [row] = await tx.insert(serviceZones).values(values).returning({ id: serviceZones.id });
      id = row!.id;
      created = true;
    }
    // An active zone, new, moved or grown, may now cover people of the waiting list (ADR 046).
    if (values.status === "active") await queueWaitlistCheck(tx);
    return { id, created };
  });
}

/** Deletes a zone that has never had an appointment (HAS_APPOINTMENTS otherwise). */
export async function deleteZone(
  db: Db,
  { actor, id }: { actor: AdminActor; id: string },
): Promise<{ zoneName: string }> {
  assertAdmin(actor);
  return withSlotChange(db, async (tx) => {
    const [zone] = await tx.select().from(serviceZones).where(eq(serviceZones.id, id)).for("update");
    if (!zone) throw new AppError("NOT_FOUND");
    const [used] = await tx.select({ n: count() }).from(appointments).where(eq(appointments.zoneId, id));
    if ((used?.n ?? 0) > 0) throw new AppError("HAS_APPOINTMENTS");
    await tx.delete(serviceZones).where(eq(serviceZones.id, id));
    return { zoneName: zone.zoneName };
  });
}
