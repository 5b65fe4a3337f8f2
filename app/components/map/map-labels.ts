/**
 * Where the names and stop numbers of a map go (ADR 103), in pixels of the drawing: the SVG's
 * box on the first paint, Leaflet's container afterwards. Pure, so both draw the same way.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A numbered stop on the drawing. */
export interface StopPoint {
  x: number;
  y: number;
  number: number;
}

/** Stops drawn as one marker: those closer than the marker size. */
export interface StopCluster {
  x: number;
  y: number;
  numbers: number[];
  /** What the marker says: '2', '3, 4', '1–3, 5'. */
  text: string;
}

export const STOP_HEIGHT = 22;

/** The width of a stop marker saying `text` (a circle for one digit, a pill for more). */
export function stopWidth(text: string): number {
  return Math.max(STOP_HEIGHT, Math.round(text.length * 7.5 + 10));
}

/** [3, 4] -> '3, 4'; [1, 2, 3, 5] -> '1–3, 5': runs of three or more are shortened. */
export function stopNumbersText(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.join(", ");
}

/**
 * Groups stops whose markers would touch (closer than `distance` pixels, chained) into one
 * marker at their centre that lists every number, so each number stays readable.
 */
export function clusterStops(stops: readonly StopPoint[], distance = STOP_HEIGHT): StopCluster[] {
  const parent = stops.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let i = 0; i < stops.length; i++)
    for (let j = i + 1; j < stops.length; j++)
      if (Math.hypot(stops[i]!.x - stops[j]!.x, stops[i]!.y - stops[j]!.y) < distance)
        parent[root(j)] = root(i);
  const groups = new Map<number, StopPoint[]>();
  stops.forEach((stop, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), stop]));
  return [...groups.values()]
    .map((group) => {
      const numbers = group.map((s) => s.number).sort((a, b) => a - b);
      return {
        x: group.reduce((sum, s) => sum + s.x, 0) / group.length,
        y: group.reduce((sum, s) => sum + s.y, 0) / group.length,
        numbers,
        text: stopNumbersText(numbers),
      };
    })
    .sort((a, b) => a.numbers[0]! - b.numbers[0]!);
}

/** The box a stop marker covers. */
export function stopBox(cluster: Pick<StopCluster, "x" | "y" | "text">): Box {
  const width = stopWidth(cluster.text);
  return { x: cluster.x - width / 2, y: cluster.y - STOP_HEIGHT / 2, width, height: STOP_HEIGHT };
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export interface LabelCandidate {
  id: string;
  text: string;
  x: number;
  y: number;
}

export interface PlacedLabel {
  id: string;
  text: string;
  /** The town's point. */
  x: number;
  y: number;
  /** The text's box (its left edge, its top). */
  box: Box;
}

export interface PlaceOptions {
  width: number;
  height: number;
  /** At most this many labels. */
  max: number;
  fontSize: number;
}

/** The width of `text` at `fontSize`, estimated (no font metrics on the server). */
export function textWidth(text: string, fontSize: number): number {
  return Math.ceil(text.length * fontSize * 0.56) + 4;
}

/**
 * Places names in their order (biggest town first), each to the right of its point, else to
 * the left, above or below (then a little further out), where it covers no obstacle (stop
 * markers), no name already placed and stays inside the drawing; a name that fits nowhere is
 * left out. At most `max`.
 */
export function placeLabels(
  candidates: readonly LabelCandidate[],
  obstacles: readonly Box[],
  { width, height, max, fontSize }: PlaceOptions,
): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const taken: Box[] = [...obstacles];
  const h = Math.ceil(fontSize * 1.25);
  for (const c of candidates) {
    if (placed.length >= max) break;
    if (c.x < 0 || c.y < 0 || c.x > width || c.y > height) continue;
    const w = textWidth(c.text, fontSize);
    const dot: Box = { x: c.x - 3, y: c.y - 3, width: 6, height: 6 };
    // A town whose point a name already placed covers is left out (its dot would be hidden).
    if (placed.some((p) => overlaps(dot, p.box))) continue;
    // Beside the point, then a little further (a town under a stop marker is named beside it).
    const tries: Box[] = [7, 16].flatMap((gap) => [
      { x: c.x + gap, y: c.y - h / 2, width: w, height: h },
      { x: c.x - gap - w, y: c.y - h / 2, width: w, height: h },
      { x: c.x - w / 2, y: c.y - gap - h, width: w, height: h },
      { x: c.x - w / 2, y: c.y + gap, width: w, height: h },
    ]);
    const box = tries.find(
      (b) =>
        b.x >= 0 &&
        b.y >= 0 &&
        b.x + b.width <= width &&
        b.y + b.height <= height &&
        !taken.some((t) => overlaps(b, t)),
    );
    if (!box) continue;
    placed.push({ id: c.id, text: c.text, x: c.x, y: c.y, box });
    taken.push(box, dot);
  }
  return placed;
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Black or white, whichever reads better on `background` ('#rrggbb'), by WCAG contrast. */
export function readableOn(background: string): "#000000" | "#ffffff" {
  const l = luminance(background);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#ffffff" : "#000000";
}

/** What a map draws over its zones, in pixels: the input of `mapScene`. */
export interface SceneInput {
  width: number;
  height: number;
  /** Zone centres with their names. */
  zones: readonly { id: string; name: string; x: number; y: number }[];
  routes: readonly {
    id: string;
    stops: readonly StopPoint[];
    bases: readonly { x: number; y: number }[];
    /** The line drawn between them, in order: names stay off it too. */
    line?: readonly { x: number; y: number }[];
  }[];
  /** Towns biggest first. */
  towns: readonly { name: string; x: number; y: number }[];
  maxTowns: number;
  fontSize: { zone: number; town: number };
  /** Parts of the drawing names must not cover (Leaflet's zoom buttons and credit line). */
  reserved?: readonly Box[];
}

export interface Scene {
  routes: { id: string; clusters: StopCluster[] }[];
  zoneLabels: PlacedLabel[];
  townLabels: PlacedLabel[];
}

const BASE_SIZE = 12;

/**
 * The stop markers of each route (close stops shared, `clusterStops`), then the zones' names,
 * then as many towns as fit (`placeLabels`) around the markers: a town named like a zone is the
 * zone's name already.
 */
export function mapScene(input: SceneInput): Scene {
  const routes = input.routes.map((route) => ({ id: route.id, clusters: clusterStops(route.stops) }));
  const obstacles: Box[] = [
    ...(input.reserved ?? []),
    ...input.routes.flatMap((route) => lineBoxes(route.line ?? [])),
    ...routes.flatMap((route) => route.clusters.map(stopBox)),
    ...input.routes.flatMap((route) =>
      route.bases.map((b) => ({
        x: b.x - BASE_SIZE / 2,
        y: b.y - BASE_SIZE / 2,
        width: BASE_SIZE,
        height: BASE_SIZE,
      })),
    ),
  ];
  const size = { width: input.width, height: input.height };
  const zoneLabels = placeLabels(
    input.zones.map((z) => ({ id: `zone-${z.id}`, text: z.name, x: z.x, y: z.y })),
    obstacles,
    { ...size, max: input.zones.length, fontSize: input.fontSize.zone },
  );
  const zoneNames = new Set(input.zones.map((z) => z.name.toLocaleLowerCase("fr-CA")));
  const townLabels = placeLabels(
    input.towns
      .filter((town) => !zoneNames.has(town.name.toLocaleLowerCase("fr-CA")))
      .map((town, i) => ({ id: `town-${i}`, text: town.name, x: town.x, y: town.y })),
    [...obstacles, ...zoneLabels.flatMap((l) => [l.box, { x: l.x - 3, y: l.y - 3, width: 6, height: 6 }])],
    { ...size, max: input.maxTowns, fontSize: input.fontSize.town },
  );
  return { routes, zoneLabels, townLabels };
}

/** Small boxes along a line (every 6 px), for names to keep off it. */
export function lineBoxes(line: readonly { x: number; y: number }[], step = 6, size = 4): Box[] {
  const boxes: Box[] = [];
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
    for (let k = 0; k <= n; k++) {
      const x = a.x + ((b.x - a.x) * k) / n;
      const y = a.y + ((b.y - a.y) * k) / n;
      boxes.push({ x: x - size / 2, y: y - size / 2, width: size, height: size });
    }
  }
  return boxes;
}

/** How many town names a drawing of this size holds: 3 on a phone, up to 12 on a desktop. */
export function townBudget(width: number, height: number): number {
  return Math.max(3, Math.min(12, Math.floor((width * height) / 20_000)));
}
