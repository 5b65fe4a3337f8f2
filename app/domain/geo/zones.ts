/** Distances and zone membership (docs/product-decisions.md, 'Zones and regions'). Pure. */
export interface LatLon {
  lat: number;
  lon: number;
}

/** The fields of a service_zones row the check needs. */
export interface ServiceZone {
  zoneName: string;
  routeSlug: string;
  centerLatitude: number;
  centerLongitude: number;
  serviceRadiusKm: number;
  /** 'active' is bookable; any other status (seeking_franchisee) is shown disabled. */
  status: string;
  /** 'Retour en 2026'; null means the catalogue's default label. */
  statusLabel?: string | null;
}

export interface ZoneDistance<Z extends ServiceZone = ServiceZone> {
  zone: Z;
  distanceKm: number;
  /** distanceKm <= serviceRadiusKm */
  contains: boolean;
}

export interface ServiceAreaCheck<Z extends ServiceZone = ServiceZone> {
  /** The nearest active zone containing the point, or null. */
  zone: ZoneDistance<Z> | null;
  /** The nearest zone of any status, containing the point or not (null when there is no zone). */
  nearest: ZoneDistance<Z> | null;
  /** Every zone containing the point, any status, nearest first. */
  containing: ZoneDistance<Z>[];
}

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function isActiveZone(zone: ServiceZone): boolean {
  return zone.status === "active";
}

export function checkServiceArea<Z extends ServiceZone>(
  point: LatLon,
  zones: readonly Z[],
): ServiceAreaCheck<Z> {
  const distances = zones
    .map((zone) => {
      const distanceKm = haversineKm(point, { lat: zone.centerLatitude, lon: zone.centerLongitude });
      return { zone, distanceKm, contains: distanceKm <= zone.serviceRadiusKm };
    })
    .sort((a, b) => a.distanceKm - b.distanceKm);
  const containing = distances.filter((d) => d.contains);
  return {
    zone: containing.find((d) => isActiveZone(d.zone)) ?? null,
    nearest: distances[0] ?? null,
    containing,
  };
}
