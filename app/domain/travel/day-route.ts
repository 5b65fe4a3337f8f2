/**
 * A member's day as a route (ADR 048): the stops in order of start, the drive before each one
 * (from the zone's base for the first), the total, and whether the member can be on time. A
 * stop is late when the previous job's end + set-up + drive comes after its start; a stop whose
 * point (or the previous one's) is unknown is checked against the fixed buffer instead.
 */
import { DEFAULT_TRAVEL_SETTINGS, type DriveTime, type GeoPoint } from "./travel-time";

export interface RouteStopInput {
  id: string;
  start: Date;
  end: Date;
  point: GeoPoint | null;
}

export interface RouteLeg<S extends RouteStopInput> {
  stop: S;
  /** Minutes of driving from the previous stop (or the base); null when a point is unknown. */
  driveMinutes: number | null;
  /** When the member can be there at the earliest; null for the first stop of the day. */
  earliestArrival: Date | null;
  /** Minutes late (> 0) when the previous job and the trip do not leave enough time. */
  lateMinutes: number;
}

export interface DayRoute<S extends RouteStopInput> {
  legs: RouteLeg<S>[];
  /** Sum of the known drives, from the base to the last stop. */
  totalDriveMinutes: number;
  /** Legs whose drive is unknown (no point): the total leaves them out. */
  unknownLegs: number;
  lateStops: number;
}

export function dayRoute<S extends RouteStopInput>(
  stops: readonly S[],
  {
    base,
    driveTime,
    setupMinutes = DEFAULT_TRAVEL_SETTINGS.setupMinutes,
    fixedBufferMinutes,
  }: { base: GeoPoint | null; driveTime: DriveTime; setupMinutes?: number; fixedBufferMinutes: number },
): DayRoute<S> {
  const ordered = [...stops].sort((a, b) => a.start.getTime() - b.start.getTime());
  const legs: RouteLeg<S>[] = [];
  let total = 0;
  let unknown = 0;
  let late = 0;
  ordered.forEach((stop, i) => {
    const previous = i > 0 ? ordered[i - 1]! : null;
    const from = previous ? previous.point : base;
    const drive = from && stop.point ? driveTime(from, stop.point) : null;
    if (drive === null) unknown += 1;
    else total += drive;
    let earliestArrival: Date | null = null;
    let lateMinutes = 0;
    if (previous) {
      const gap = drive === null ? fixedBufferMinutes : setupMinutes + drive;
      earliestArrival = new Date(previous.end.getTime() + gap * 60_000);
      lateMinutes = Math.max(0, Math.ceil((earliestArrival.getTime() - stop.start.getTime()) / 60_000));
      if (lateMinutes > 0) late += 1;
    }
    legs.push({ stop, driveMinutes: drive, earliestArrival, lateMinutes });
  });
  return { legs, totalDriveMinutes: total, unknownLegs: unknown, lateStops: late };
}
