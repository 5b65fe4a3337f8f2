import { asc, eq } from "drizzle-orm";
import { serviceZones } from "#db/schema";
import { shownStatusLabel } from "~/domain/geo/status-label";
import type { Db } from "../../db.server";
import { zoneColumns } from "../zones/list-zones.server";

export interface TerritoryZone {
  id: string;
  zoneName: string;
  routeSlug: string;
  centerLatitude: number;
  centerLongitude: number;
  serviceRadiusKm: number;
  status: "active" | "seeking_franchisee";
  statusLabel: string | null;
}

/** The zones the franchisee serves, by name. */
export async function listTerritory(
  db: Db,
  { franchiseeId }: { franchiseeId: string },
): Promise<TerritoryZone[]> {
  const zones = await db
    .select(zoneColumns)
    .from(serviceZones)
    .where(eq(serviceZones.franchiseeId, franchiseeId))
    .orderBy(asc(serviceZones.zoneName));
  // The label the site shows: never a past date (ADR 046).
  const now = new Date();
  return zones.map((zone) => ({ ...zone, statusLabel: shownStatusLabel(zone.statusLabel, now) }));
}
