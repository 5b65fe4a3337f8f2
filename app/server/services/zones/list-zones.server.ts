import { asc } from "drizzle-orm";
import { serviceZones } from "#db/schema";
import { shownStatusLabel } from "~/domain/geo/status-label";
import type { Db } from "../../db.server";

/** The columns of a service zone that the pages and the map show (one projection for all). */
export const zoneColumns = {
  id: serviceZones.id,
  zoneName: serviceZones.zoneName,
  routeSlug: serviceZones.routeSlug,
  centerLatitude: serviceZones.centerLatitude,
  centerLongitude: serviceZones.centerLongitude,
  serviceRadiusKm: serviceZones.serviceRadiusKm,
  status: serviceZones.status,
  statusLabel: serviceZones.statusLabel,
};

/**
 * Every service zone with the fields the service-area check and the zone page need, by name
 * (docs/product.md, section 7: service_zones ordered by zone_name). Status decides what is bookable. The
 * status label is the one the site may show at `now`: null when empty or naming a past date
 * (ADR 046), which the pages show as 'Bientôt disponible'.
 */
export async function listZones(db: Db, { now = new Date() }: { now?: Date } = {}) {
  const zones = await db.select(zoneColumns).from(serviceZones).orderBy(asc(serviceZones.zoneName));
  return zones.map((zone) => ({ ...zone, statusLabel: shownStatusLabel(zone.statusLabel, now) }));
}
