import municipalityData from "./data/municipalities-quebec.json";
import { normalizePlaceName } from "./normalize";

/** A town of the offline geodata (data/municipalities-quebec.json), to centre a zone on. */
export interface Town {
  key: string;
  name: string;
  latitude: number;
  longitude: number;
}

const TOWNS: Town[] = Object.entries(
  municipalityData.places as Record<string, { name: string; lat: number; lon: number }>,
).map(([key, place]) => ({ key, name: place.name, latitude: place.lat, longitude: place.lon }));

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
