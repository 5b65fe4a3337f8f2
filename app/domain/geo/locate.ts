/**
 * Offline geocoding of an address or a postal code (docs/geodata.md): a point from the FSA centre of a
 * Quebec postal code, or from a municipality named in the text. Pure: reads only the committed
 * data files under ./data (built by scripts/build-geodata.mjs, see data/ATTRIBUTION.md).
 *
 * Decisions:
 * - A postal code wins over names: a non-Quebec code is 'outside-quebec' even when the text also
 *   names a Quebec town ("Gatineau K1P 1J1" is Ottawa).
 * - Town point vs FSA point: an urban FSA centre (second character not 0) is more precise than a
 *   municipality point and is kept (J8M Masson-Angers stays at 25.7 km even when the text says
 *   "Gatineau"). A rural FSA (second character 0) covers a wide area and its centre can be 10-20 km
 *   from where people live, so a town named in the text replaces it when the town lies within
 *   50 km of that centre (a farther town contradicts the code, which is then trusted).
 * - Names: every municipality name found on word boundaries; a name inside a longer one is not
 *   counted ("Saint-Alphonse-de-Granby" is not Granby); the right-most remaining name wins
 *   ("1234 rue Sherbrooke Ouest, Montréal" is Montréal). A trailing "Québec" after another place is
 *   read as the province ("Granby, Québec" is Granby).
 * - A name shared by several municipalities, or known (package canada) without coordinates, asks
 *   for the postal code rather than guessing.
 */
import fsaData from "./data/fsa-quebec.json";
import municipalityData from "./data/municipalities-quebec.json";
import { normalizePlaceName, placeTokens } from "./normalize";
import { findPostalCode, isQuebecPostalCode } from "./postal-code";
import { haversineKm } from "./zones";

export type LocateResult =
  | {
      kind: "point";
      lat: number;
      lon: number;
      /** Display name of the town, else the postal code or FSA as typed (normalised). */
      label: string;
      source: "fsa" | "municipality";
      postalCode?: string;
    }
  | { kind: "outside-quebec"; postalCode: string }
  | { kind: "needs-postal-code"; reason: "ambiguous" | "no-coordinates"; label?: string }
  | { kind: "unknown" }
  | { kind: "empty" };

interface Place {
  name: string;
  lat: number;
  lon: number;
}

type NameEntry =
  { type: "place"; place: Place } | { type: "ambiguous"; name: string } | { type: "no-coordinates" };

const RURAL_TOWN_MAX_KM = 50;
/** A place named "Québec" after another place is the province, not the city. */
const PROVINCE_KEY = normalizePlaceName("Québec");

const FSA_CENTRES = fsaData as unknown as Readonly<Record<string, readonly [number, number]>>;

const NAMES = new Map<string, NameEntry>();
for (const key of municipalityData.withoutCoordinates) NAMES.set(key, { type: "no-coordinates" });
for (const [key, name] of Object.entries(municipalityData.ambiguous as Record<string, string>)) {
  NAMES.set(key, { type: "ambiguous", name });
}
for (const [key, place] of Object.entries(municipalityData.places as Record<string, Place>)) {
  NAMES.set(key, { type: "place", place: { name: place.name, lat: place.lat, lon: place.lon } });
}
const MAX_NAME_TOKENS = Math.max(...[...NAMES.keys()].map((key) => key.split(" ").length));

interface NameMatch {
  key: string;
  start: number;
  end: number;
  entry: NameEntry;
}

/** The municipality a free text names, by the rules above, or null. */
export function matchMunicipality(text: string): NameMatch | null {
  const tokens = placeTokens(text);
  const found: NameMatch[] = [];
  for (let start = 0; start < tokens.length; start++) {
    for (let end = start + 1; end <= Math.min(tokens.length, start + MAX_NAME_TOKENS); end++) {
      const key = tokens.slice(start, end).join(" ");
      const entry = NAMES.get(key);
      if (entry) found.push({ key, start, end, entry });
    }
  }
  // Longest first (right-most among equals); a name overlapping a longer kept one is dropped.
  found.sort((a, b) => b.end - b.start - (a.end - a.start) || b.start - a.start);
  const kept: NameMatch[] = [];
  for (const match of found) {
    if (kept.every((k) => match.end <= k.start || match.start >= k.end)) kept.push(match);
  }
  kept.sort((a, b) => a.start - b.start);
  const last = kept.at(-1);
  if (last && last.key === PROVINCE_KEY && kept.length > 1) return kept.at(-2) ?? null;
  return last ?? null;
}

export function locate(text: string): LocateResult {
  if (text.trim() === "") return { kind: "empty" };

  const postal = findPostalCode(text);
  const named = matchMunicipality(text);
  const town = named?.entry.type === "place" ? named.entry.place : null;

  if (postal) {
    if (!isQuebecPostalCode(postal.fsa)) return { kind: "outside-quebec", postalCode: postal.code };
    const centre = FSA_CENTRES[postal.fsa];
    if (centre) {
      const [lat, lon] = centre;
      const townNearby = town && haversineKm(town, { lat, lon }) <= RURAL_TOWN_MAX_KM ? town : null;
      if (townNearby && postal.fsa.charAt(1) === "0") {
        return { kind: "point", ...townPoint(townNearby), postalCode: postal.code };
      }
      return {
        kind: "point",
        lat,
        lon,
        label: townNearby?.name ?? postal.code,
        source: "fsa",
        postalCode: postal.code,
      };
    }
    // An FSA missing from the data (J5C, for one): only a town with a point can help; asking for
    // the postal code the text already holds would not.
    return town ? { kind: "point", ...townPoint(town), postalCode: postal.code } : { kind: "unknown" };
  }

  if (!named) return { kind: "unknown" };
  switch (named.entry.type) {
    case "place":
      return { kind: "point", ...townPoint(named.entry.place) };
    case "ambiguous":
      return { kind: "needs-postal-code", reason: "ambiguous", label: named.entry.name };
    case "no-coordinates":
      return { kind: "needs-postal-code", reason: "no-coordinates" };
  }
}

function townPoint(place: Place) {
  return { lat: place.lat, lon: place.lon, label: place.name, source: "municipality" as const };
}

const PLACES: readonly Place[] = Object.values(municipalityData.places as Record<string, Place>);

/**
 * The municipality whose point is nearest to a point, within `maxKm`, or null: names the town of
 * a postal code's FSA centre (the waiting list groups by it). An approximation at FSA level.
 */
export function nearestMunicipality(point: { lat: number; lon: number }, maxKm = 15): string | null {
  let best: { name: string; km: number } | null = null;
  for (const place of PLACES) {
    const km = haversineKm(point, place);
    if (km <= maxKm && (!best || km < best.km)) best = { name: place.name, km };
  }
  return best?.name ?? null;
}
