/**
 * Drive times for the slot rule (ADR 048): the offline estimate by default; with ROUTING_URL, an
 * OSRM-compatible routing engine's `table` service, asked once per slot list for the pairs it
 * needs (never per slot), with a timeout. The pairs it answered are cached; a pair it could not
 * answer (timeout, error, no route) gets the estimate. After a failure the engine is left alone
 * for 30 s, so that a down engine does not add its timeout to every slot list.
 *
 * The answer is a synchronous `DriveTime`, so the slot math stays pure.
 */
import { estimatedDriveTime, pointKey, type DriveTime, type GeoPoint } from "~/domain/travel/travel-time";
import { env } from "../../env.server";
import { log } from "../../log.server";
import { remember } from "../../remember.server";

/** Pairs from each origin to each destination that a computation needs. */
export interface DrivePairs {
  from: readonly GeoPoint[];
  to: readonly GeoPoint[];
}

export interface RoutingOptions {
  /** Base URL of an OSRM-compatible server (`{url}/table/v1/driving/...`). */
  url: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** OSRM's default max-table-size is 100 coordinates per request. */
const MAX_COORDINATES = 100;
const MAX_CACHED_PAIRS = 50_000;
const PAIR_TTL_MS = 24 * 3600_000;
const PAUSE_AFTER_FAILURE_MS = 30_000;

const state = remember(
  "travel.driveTimes",
  (): { pairs: Map<string, { minutes: number; at: number }>; pausedUntil: number } => ({
    pairs: new Map(),
    pausedUntil: 0,
  }),
);

/**
 * Forgets the cached pairs and any pause (tests, or a changed engine).
 * @internal Used by the tests only (`knip --production`).
 */
export function resetDriveTimeCache(): void {
  state.pairs.clear();
  state.pausedUntil = 0;
}

const pairKey = (a: GeoPoint, b: GeoPoint) => `${pointKey(a)}>${pointKey(b)}`;

function unique(points: readonly GeoPoint[]): GeoPoint[] {
  const seen = new Map<string, GeoPoint>();
  for (const p of points) seen.set(pointKey(p), p);
  return [...seen.values()];
}

function cached(a: GeoPoint, b: GeoPoint, nowMs: number): number | undefined {
  const hit = state.pairs.get(pairKey(a, b));
  return hit && nowMs - hit.at < PAIR_TTL_MS ? hit.minutes : undefined;
}

interface OsrmTable {
  code?: string;
  durations?: (number | null)[][];
}

/** One `table` request: durations in seconds from each source to each destination. */
async function askTable(
  options: RoutingOptions,
  sources: readonly GeoPoint[],
  destinations: readonly GeoPoint[],
): Promise<void> {
  const points = unique([...sources, ...destinations]);
  const index = new Map(points.map((p, i) => [pointKey(p), i]));
  const coordinates = points.map((p) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`).join(";");
  const query = new URLSearchParams({
    sources: sources.map((p) => index.get(pointKey(p))).join(";"),
    destinations: destinations.map((p) => index.get(pointKey(p))).join(";"),
    annotations: "duration",
  });
  const url = `${options.url.replace(/\/$/, "")}/table/v1/driving/${coordinates}?${query.toString()}`;
  const response = await (options.fetch ?? fetch)(url, {
    signal: AbortSignal.timeout(options.timeoutMs),
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`routing engine answered ${response.status}`);
  const body = (await response.json()) as OsrmTable;
  if (body.code !== "Ok" || !Array.isArray(body.durations)) {
    throw new Error(`routing engine answered code ${String(body.code)}`);
  }
  const at = Date.now();
  if (state.pairs.size > MAX_CACHED_PAIRS) state.pairs.clear();
  sources.forEach((from, i) => {
    destinations.forEach((to, j) => {
      const seconds = body.durations?.[i]?.[j];
      // null: no route between them (an island, a closed road): the estimate is kept.
      if (typeof seconds === "number" && Number.isFinite(seconds) && seconds >= 0) {
        state.pairs.set(pairKey(from, to), { minutes: Math.ceil(seconds / 60 - 0.002), at });
      }
    });
  });
}

/**
 * A `DriveTime` for these pairs: the engine's answers where it gave them, else the estimate.
 * Without options (no ROUTING_URL), the estimate alone, with no I/O.
 */
export async function driveTimesFor(
  wanted: readonly DrivePairs[],
  options: RoutingOptions | null = routingFromEnv(),
): Promise<DriveTime> {
  const estimate = estimatedDriveTime();
  if (!options) return estimate;
  const nowMs = Date.now();
  if (nowMs >= state.pausedUntil) {
    try {
      for (const { from, to } of wanted) {
        const sources = unique(from);
        const missingTo = unique(to).filter((b) => sources.some((a) => cached(a, b, nowMs) === undefined));
        if (sources.length === 0 || missingTo.length === 0) continue;
        // Keep each request within the engine's table size.
        const half = MAX_COORDINATES / 2;
        for (let i = 0; i < sources.length; i += half) {
          for (let j = 0; j < missingTo.length; j += half) {
            await askTable(options, sources.slice(i, i + half), missingTo.slice(j, j + half));
          }
        }
      }
    } catch (error) {
      state.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      log.warn("routing engine unavailable, travel times estimated", {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return (a, b) => cached(a, b, nowMs) ?? estimate(a, b);
}

/** The routing engine of the environment, or null. */
export function routingFromEnv(): RoutingOptions | null {
  const { ROUTING_URL, ROUTING_TIMEOUT_MS } = env();
  return ROUTING_URL ? { url: ROUTING_URL, timeoutMs: ROUTING_TIMEOUT_MS } : null;
}

/** The pairs a slot list for `site` needs: from every job and the base to it, and back. */
export function pairsAroundSite(
  site: GeoPoint,
  others: readonly (GeoPoint | null | undefined)[],
): DrivePairs[] {
  const known = others.filter((p): p is GeoPoint => !!p);
  return [
    { from: [site], to: known },
    { from: known, to: [site] },
  ];
}
