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

/** The smallest span a drawing fitted on points shows, in kilometres (one stop: a town's size). */
const MIN_SPAN_KM = 4;

/**
 * The projection of `projectZones`, also placing other points (route stops) in the same box;
 * points outside the circles widen the box so they stay in view. With `fitPoints`, the box holds
 * the points only (a day's route, ADR 103): the zones are drawn around them, cut at the edges.
 */
export function projection(
  zones: readonly MapZone[],
  width: number,
  height: number,
  margin = 16,
  extraPoints: readonly MapPoint[] = [],
  fitPoints = false,
): { zones: Projected[]; point: (p: MapPoint) => { x: number; y: number } } {
  const asZones = extraPoints.map((p, i) => ({
    id: `point-${i}`,
    name: "",
    latitude: p.latitude,
    longitude: p.longitude,
    radiusKm: 0.5,
    status: "active" as const,
  }));
  const framed = fitPoints && asZones.length > 0 ? asZones : [...zones, ...asZones];
  if (framed.length === 0) return { zones: [], point: () => ({ x: width / 2, y: height / 2 }) };
  const midLat = framed.reduce((sum, z) => sum + z.latitude, 0) / framed.length;
  const cos = Math.cos((midLat * Math.PI) / 180) || 1;
  // Kilometres east and north of an arbitrary origin.
  const km = (p: MapPoint) => ({ x: p.longitude * KM_PER_DEGREE * cos, y: p.latitude * KM_PER_DEGREE });
  const points = framed.map((zone) => ({ zone, ...km(zone) }));
  let minX = Math.min(...points.map((p) => p.x - p.zone.radiusKm));
  let maxX = Math.max(...points.map((p) => p.x + p.zone.radiusKm));
  let minY = Math.min(...points.map((p) => p.y - p.zone.radiusKm));
  let maxY = Math.max(...points.map((p) => p.y + p.zone.radiusKm));
  if (fitPoints) {
    const growX = Math.max(0, MIN_SPAN_KM - (maxX - minX)) / 2;
    const growY = Math.max(0, MIN_SPAN_KM - (maxY - minY)) / 2;
    [minX, maxX, minY, maxY] = [minX - growX, maxX + growX, minY - growY, maxY + growY];
  }
  const scale = Math.min(
    (width - 2 * margin) / (maxX - minX || 1),
    (height - 2 * margin) / (maxY - minY || 1),
  );
  const offsetX = (width - (maxX - minX) * scale) / 2;
  const offsetY = (height - (maxY - minY) * scale) / 2;
  const place = (p: MapPoint) => ({
    x: offsetX + (km(p).x - minX) * scale,
    y: offsetY + (maxY - km(p).y) * scale,
  });
  return {
    zones: zones.map((zone) => {
      const { x, y } = place(zone);
      return { zone, cx: x, cy: y, r: zone.radiusKm * scale };
    }),
    point: place,
  };
}
