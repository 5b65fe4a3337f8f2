import largestTowns from "./data/largest-towns-quebec.json";
import municipalityData from "./data/municipalities-quebec.json";
import { normalizePlaceName } from "./normalize";

/** A town of the offline geodata (data/municipalities-quebec.json), to centre a zone on. */
export interface Town {
  key: string;
  name: string;
  latitude: number;
  longitude: number;
}

const PLACES = Object.entries(
  municipalityData.places as Record<string, { name: string; lat: number; lon: number; alias?: string }>,
);
const TOWNS: Town[] = PLACES.map(([key, place]) => ({
  key,
  name: place.name,
  latitude: place.lat,
  longitude: place.lon,
}));

/**
 * Towns whose name matches `text` (accents, case, St/Saint and hyphens ignored): names that
 * start with it first, then names containing it, alphabetically; at most `limit`.
 */
export function searchTowns(text: string, limit = 8): Town[] {
  const wanted = normalizePlaceName(text);
  if (wanted.length < 2) return [];
  const starts = TOWNS.filter((town) => town.key.startsWith(wanted));
  const contains = TOWNS.filter((town) => !town.key.startsWith(wanted) && town.key.includes(wanted));
  const byName = (a: Town, b: Town) => a.name.localeCompare(b.name, "fr-CA");
  return [...starts.sort(byName), ...contains.sort(byName)].slice(0, limit);
}

export function townByKey(key: string): Town | null {
  return TOWNS.find((town) => town.key === key) ?? null;
}

/** 'Saint-Jean-sur-Richelieu' -> 'saint-jean-sur-richelieu', for a zone's address. */
export function townSlug(town: Town): string {
  return town.key.replace(/ /g, "-");
}

const RANK = new Map(largestTowns.keys.map((key, i) => [key, i]));

/** The rank of a town by population (0 = Montréal); towns outside the hand-made list come last. */
function rankOf(key: string): number {
  return RANK.get(key) ?? RANK.size;
}

/** Towns to label a map with: no alias (Hull is Gatineau), biggest first, then by name. */
const LABEL_TOWNS: Town[] = TOWNS.filter((_, i) => !PLACES[i]![1].alias).sort(
  (a, b) => rankOf(a.key) - rankOf(b.key) || a.name.localeCompare(b.name, "fr-CA"),
);

export interface GeoBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * The towns inside `box` (widened by `marginRatio` of its size on each side), biggest first, at
 * most `limit`: the names a map without tiles draws (ADR 103). The map picks the ones that fit.
 */
export function townsWithin(box: GeoBox, limit = 40, marginRatio = 0.25): Town[] {
  const dLat = (box.north - box.south) * marginRatio;
  const dLon = (box.east - box.west) * marginRatio;
  return LABEL_TOWNS.filter(
    (town) =>
      town.latitude >= box.south - dLat &&
      town.latitude <= box.north + dLat &&
      town.longitude >= box.west - dLon &&
      town.longitude <= box.east + dLon,
  ).slice(0, limit);
}

const KM_PER_DEGREE = 111.32;

/** The box holding circles (a zone: centre and radius) and points (stops); null when empty. */
export function boxAround(
  circles: readonly { latitude: number; longitude: number; radiusKm: number }[],
  points: readonly { latitude: number; longitude: number }[] = [],
): GeoBox | null {
  const all = [...circles, ...points.map((p) => ({ ...p, radiusKm: 0 }))];
  if (all.length === 0) return null;
  const dLat = (c: { radiusKm: number }) => c.radiusKm / KM_PER_DEGREE;
  const dLon = (c: { latitude: number; radiusKm: number }) =>
    c.radiusKm / (KM_PER_DEGREE * (Math.cos((c.latitude * Math.PI) / 180) || 1));
  return {
    south: Math.min(...all.map((c) => c.latitude - dLat(c))),
    north: Math.max(...all.map((c) => c.latitude + dLat(c))),
    west: Math.min(...all.map((c) => c.longitude - dLon(c))),
    east: Math.max(...all.map((c) => c.longitude + dLon(c))),
  };
}
