import { asc, eq } from "drizzle-orm";
import { serviceZones } from "#db/schema";
import type { Db } from "../../db.server";

export interface TerritoryZone {
  id: string;
  zoneName: string;
  routeSlug: string;
  centerLatitude: number;
  centerLongitude: number;
  serviceRadiusKm: number;
  status: "active" | "seeking_franchisee";
}

/** The zones the franchisee serves, by name. */
export async function listTerritory(
  db: Db,
  { franchiseeId }: { franchiseeId: string },
): Promise<TerritoryZone[]> {
  return db
    .select({
      id: serviceZones.id,
      zoneName: serviceZones.zoneName,
      routeSlug: serviceZones.routeSlug,
      centerLatitude: serviceZones.centerLatitude,
      centerLongitude: serviceZones.centerLongitude,
      serviceRadiusKm: serviceZones.serviceRadiusKm,
      status: serviceZones.status,
    })
    .from(serviceZones)
    .where(eq(serviceZones.franchiseeId, franchiseeId))
    .orderBy(asc(serviceZones.zoneName));
}
