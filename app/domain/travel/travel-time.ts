/**
 * Travel time between two appointments (ADR 048): a pure estimate with no network.
 *
 * - road distance = great-circle distance x a road factor (roads do not run straight);
 * - drive time = that distance driven at the speed of each distance band in turn (the first
 *   kilometres through town streets, the next ones on boulevards, the rest on highways), so the
 *   time grows with the distance and never jumps;
 * - travel time = a fixed set-up time (pack up, walk to the van, park and unload at the next
 *   address) + the drive, rounded up to the whole minute.
 *
 * Leaving the zone's base at the start of the day has no set-up time (the van is loaded before
 * the day starts): `driveMinutes` alone.
 */
import { haversineKm } from "../geo/zones";

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** How precise a point is: a postal-code area (FSA) centre, a town centre, or a street address. */
export type PointPrecision = "fsa" | "municipality" | "street";

export interface SpeedBand {
  /** The band covers road kilometres up to this distance from the start (Infinity for the last). */
  upToKm: number;
  kmPerHour: number;
}

export interface TravelSettings {
  /** Road distance / straight-line distance. */
  roadFactor: number;
  /** Sorted by `upToKm`; the last band must be unbounded. */
  speedBands: readonly SpeedBand[];
  /** Minutes added to every trip between two appointments. */
  setupMinutes: number;
}

/**
 * Defaults, checked against the seeded zones in ADR 048: 1.3 is the usual detour factor of a
 * Quebec road network; 25 km/h for the first 3 km (streets, lights, parking), 45 km/h up to
 * 15 km (boulevards), 80 km/h beyond (autoroutes); 10 minutes to pack up and set up.
 */
export const DEFAULT_TRAVEL_SETTINGS: TravelSettings = Object.freeze({
  roadFactor: 1.3,
  speedBands: Object.freeze([
    { upToKm: 3, kmPerHour: 25 },
    { upToKm: 15, kmPerHour: 45 },
    { upToKm: Infinity, kmPerHour: 80 },
  ]),
  setupMinutes: 10,
});

/** Throws a RangeError when a setting makes no sense (a typo in configuration must not pass). */
export function checkTravelSettings(settings: TravelSettings): TravelSettings {
  const { roadFactor, speedBands, setupMinutes } = settings;
  if (!Number.isFinite(roadFactor) || roadFactor < 1) {
    throw new RangeError(`roadFactor must be a number >= 1, got ${roadFactor}`);
  }
  if (!Number.isInteger(setupMinutes) || setupMinutes < 0) {
    throw new RangeError(`setupMinutes must be an integer >= 0, got ${setupMinutes}`);
  }
  if (speedBands.length === 0 || speedBands.at(-1)!.upToKm !== Infinity) {
    throw new RangeError("speedBands must end with an unbounded band (upToKm: Infinity)");
  }
  let previous = 0;
  for (const band of speedBands) {
    if (!(band.upToKm > previous) || !Number.isFinite(band.kmPerHour) || band.kmPerHour <= 0) {
      throw new RangeError("speedBands must be sorted by upToKm with positive speeds");
    }
    previous = band.upToKm;
  }
  return settings;
}

/** Estimated road distance in kilometres. */
export function roadDistanceKm(a: GeoPoint, b: GeoPoint, settings = DEFAULT_TRAVEL_SETTINGS): number {
  return haversineKm(a, b) * settings.roadFactor;
}

/** Minutes to drive a road distance, band by band (not rounded). */
export function minutesForRoadKm(km: number, settings = DEFAULT_TRAVEL_SETTINGS): number {
  let minutes = 0;
  let from = 0;
  for (const band of settings.speedBands) {
    if (km <= from) break;
    const part = Math.min(km, band.upToKm) - from;
    minutes += (part / band.kmPerHour) * 60;
    from = band.upToKm;
  }
  return minutes;
}

/** Whole minutes of driving from a to b, without the set-up time (rounded up). */
export function driveMinutes(a: GeoPoint, b: GeoPoint, settings = DEFAULT_TRAVEL_SETTINGS): number {
  // Less than a tenth of a second over a whole minute (rounding noise) does not add a minute.
  return Math.max(0, Math.ceil(minutesForRoadKm(roadDistanceKm(a, b, settings), settings) - 0.002));
}

/**
 * Minutes between the end of one appointment and the earliest start of the next: set-up + drive.
 * @internal Used by the tests only (`knip --production`).
 */
export function travelMinutes(a: GeoPoint, b: GeoPoint, settings = DEFAULT_TRAVEL_SETTINGS): number {
  return settings.setupMinutes + driveMinutes(a, b, settings);
}

/** Drive minutes between two points; a routing engine's answer or the estimate. */
export type DriveTime = (from: GeoPoint, to: GeoPoint) => number;

/** The estimate as a `DriveTime`. */
export function estimatedDriveTime(settings = DEFAULT_TRAVEL_SETTINGS): DriveTime {
  checkTravelSettings(settings);
  return (a, b) => driveMinutes(a, b, settings);
}

/** A key for a point, rounded to about a metre, for caches and matrices. */
export function pointKey(p: GeoPoint): string {
  return `${p.lat.toFixed(5)},${p.lon.toFixed(5)}`;
}
