/** Plain geometry for drawing service zones without a map library (the SVG fallback). */
export interface MapZone {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  status: "active" | "seeking_franchisee";
}

/** A service zone as the database names it (see `zoneColumns`), drawn on the map. */
export function toMapZone(zone: {
  id: string;
  zoneName: string;
  centerLatitude: number;
  centerLongitude: number;
  serviceRadiusKm: number;
  status: MapZone["status"];
}): MapZone {
  return {
    id: zone.id,
    name: zone.zoneName,
    latitude: zone.centerLatitude,
    longitude: zone.centerLongitude,
    radiusKm: zone.serviceRadiusKm,
    status: zone.status,
  };
}

const KM_PER_DEGREE = 111.32;

export interface Projected {
  zone: MapZone;
  cx: number;
  cy: number;
  r: number;
}

/**
 * Projects zones into a `width` x `height` box (equirectangular, scaled by the cosine of the
 * middle latitude so circles stay round), keeping a margin around the outermost circles.
 * @internal Used by the tests only (`knip --production`).
 */
export function projectZones(
  zones: readonly MapZone[],
  width: number,
  height: number,
  margin = 16,
): Projected[] {
  return projection(zones, width, height, margin).zones;
}

/** A point of a route (a stop or a base), drawn with the zones. */
export interface MapPoint {
  latitude: number;
  longitude: number;
}

/**
 * The projection of `projectZones`, also placing other points (route stops) in the same box;
 * points outside the circles widen the box so they stay in view.
 */
export function projection(
  zones: readonly MapZone[],
  width: number,
  height: number,
  margin = 16,
  extraPoints: readonly MapPoint[] = [],
): { zones: Projected[]; point: (p: MapPoint) => { x: number; y: number } } {
  const all: MapZone[] = [
    ...zones,
    ...extraPoints.map((p, i) => ({
      id: `point-${i}`,
      name: "",
      latitude: p.latitude,
      longitude: p.longitude,
      radiusKm: 0.5,
      status: "active" as const,
    })),
  ];
  if (all.length === 0) return { zones: [], point: () => ({ x: width / 2, y: height / 2 }) };
  const midLat = all.reduce((sum, z) => sum + z.latitude, 0) / all.length;
  const cos = Math.cos((midLat * Math.PI) / 180) || 1;
  // Kilometres east and north of an arbitrary origin.
  const points = all.map((zone) => ({
    zone,
    x: zone.longitude * KM_PER_DEGREE * cos,
    y: zone.latitude * KM_PER_DEGREE,
  }));
  const minX = Math.min(...points.map((p) => p.x - p.zone.radiusKm));
  const maxX = Math.max(...points.map((p) => p.x + p.zone.radiusKm));
  const minY = Math.min(...points.map((p) => p.y - p.zone.radiusKm));
  const maxY = Math.max(...points.map((p) => p.y + p.zone.radiusKm));
  const scale = Math.min(
    (width - 2 * margin) / (maxX - minX || 1),
    (height - 2 * margin) / (maxY - minY || 1),
  );
  const offsetX = (width - (maxX - minX) * scale) / 2;
  const offsetY = (height - (maxY - minY) * scale) / 2;
  return {
    zones: points.slice(0, zones.length).map(({ zone, x, y }) => ({
      zone,
      cx: offsetX + (x - minX) * scale,
      cy: offsetY + (maxY - y) * scale,
      r: zone.radiusKm * scale,
    })),
    point: (p) => ({
      x: offsetX + (p.longitude * KM_PER_DEGREE * cos - minX) * scale,
      y: offsetY + (maxY - p.latitude * KM_PER_DEGREE) * scale,
    }),
  };
}
