/**
 * Bookable slots: pure slot math from weekly availability, busy ranges, duration, step and
 * minimum notice. It receives the current time as `now`; it never reads the clock.
 *
 * The rules (ADR 008):
 * - duration = service duration x cars, in real minutes (a 90-minute wash takes 90 minutes even
 *   on a DST night);
 * - a slot [start, start + duration) fits inside one availability window of a member (touching
 *   or overlapping windows of one member on one day are merged first); the travel buffer after
 *   it may run past the end of the window;
 * - [start, start + duration + buffer) must not overlap the member's busy ranges, which run from
 *   `start_at` to `blocked_until` (they already include their own buffer), half-open;
 * - starts lie on a grid of `stepMinutes` from the (merged) window start;
 * - starts before now + minimum notice are left out;
 * - a slot is open when at least one member is free; every day of the range is returned, in
 *   order, with an empty list when nothing is open.
 *
 * Travel (ADR 048): when the new job's point (`site`) and a busy appointment's point are both
 * known, the gap between them is the travel time (set-up + drive) instead of the fixed buffer:
 * the member must reach the new address after the previous job ends, and the next job's address
 * after the new one ends. The first job of a window is reached from the zone's `base` (drive
 * only, no set-up), the first 30 minutes of it driven before the window starts. Any point
 * unknown: the fixed buffer, as before.
 */
import {
  addDaysToDateString,
  dayOfWeekOf,
  formatIsoWithOffset,
  instantToZonedParts,
  zonedWallTimeToInstant,
} from "../time/zoned";
import { CARS_MAX, CARS_MIN } from "./pricing";
import { latestBookableStart } from "./horizon";
import {
  DEFAULT_TRAVEL_SETTINGS,
  estimatedDriveTime,
  type DriveTime,
  type GeoPoint,
} from "../travel/travel-time";

export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_TRAVEL_BUFFER_MINUTES = 30;
export const DEFAULT_STEP_MINUTES = 30;
/** The part of the day's first trip driven before the window starts (ADR 048). */
export const DEFAULT_START_OF_DAY_ALLOWANCE_MINUTES = 30;
/** Four hours: time for the team to plan the trip and load the van. */
export const DEFAULT_MINIMUM_NOTICE_MINUTES = 240;

const MINUTE_MS = 60_000;

/** One row of `team_availability`: local wall time, day 0 = Sunday. */
export interface AvailabilityWindow {
  dayOfWeek: number;
  /** `HH:MM[:SS]`, local wall time. */
  startTime: string;
  /** `HH:MM[:SS]`, local wall time, after `startTime` on the same day (`24:00:00` allowed). */
  endTime: string;
  isAvailable: boolean;
}

export interface SlotMember {
  id: string;
  availability: readonly AvailabilityWindow[];
}

/** A range a member cannot take: an appointment from `start_at` to `blocked_until`. */
export interface BusyRange {
  teamMemberId: string;
  start: Date;
  /** Exclusive; for an appointment, `blocked_until` (end plus its travel buffer). */
  end: Date;
  /**
   * The end of the service (`end_at`). With it, the gap after the range is the travel time from
   * its `point` (or the fixed buffer); without it, `end` already holds the gap (a day off).
   */
  serviceEnd?: Date;
  /** Where the appointment takes place, if known. */
  point?: GeoPoint | null;
}

/** Everything the rules depend on, apart from the day range. */
export interface SlotRules {
  now: Date;
  timeZone: string;
  serviceDurationMinutes: number;
  /** 1 to 3. */
  cars: number;
  travelBufferMinutes?: number;
  stepMinutes?: number;
  minimumNoticeMinutes?: number;
  members: readonly SlotMember[];
  /** Only ranges that still block (cancelled appointments are left out by the caller). */
  busy: readonly BusyRange[];
  /** The new job's point (the customer's address); none: the fixed buffer everywhere. */
  site?: GeoPoint | null;
  /** Where members leave from at the start of a window (the zone's base). */
  base?: GeoPoint | null;
  /** Drive minutes between two points, without the set-up; the estimate by default. */
  driveTime?: DriveTime;
  /** Minutes added to every trip between two jobs (ADR 048), default 10. */
  setupMinutes?: number;
  /**
   * Minutes of the trip from the base that are driven before the window starts (ADR 048),
   * default 30, the travel allowance ADR 008 always planned: a first job up to 30 minutes from
   * the base can start at the window's start, a farther one only once the rest is driven.
   */
  startOfDayAllowanceMinutes?: number;
}

export interface ComputeSlotsInput extends SlotRules {
  /** First local day, `yyyy-MM-dd`. */
  from: string;
  /** Number of days from `from`, default 30. */
  days?: number;
}

export interface Slot {
  start: Date;
  /** End of the service (start + duration), what the customer sees and `end_at` stores. */
  end: Date;
  /** `2026-03-09T09:00:00-04:00` */
  startIso: string;
  endIso: string;
  /** Members free for the whole slot and its buffer, sorted by id; never empty. */
  teamMemberIds: string[];
}

export interface SlotDay {
  /** Local day, `yyyy-MM-dd`. */
  date: string;
  slots: Slot[];
}

export interface SlotsResult {
  /** Service duration x cars (the buffer is not included). */
  durationMinutes: number;
  /** Every day of the range, in order; `slots` is empty when nothing is open that day. */
  days: SlotDay[];
}

interface NormalizedRules {
  now: Date;
  timeZone: string;
  durationMs: number;
  bufferMs: number;
  stepMs: number;
  earliestStartMs: number;
  /** No slot starts after the booking horizon (ADR 043). */
  latestStartMs: number;
  members: readonly SlotMember[];
  busyByMember: Map<string, NormalizedBusy[]>;
  /** Drive minutes from the base to the site past the allowance, or null when either is unknown. */
  fromBaseMs: number | null;
}

interface NormalizedBusy {
  start: number;
  /** The earliest start of a job after this one (end of service + gap to the site). */
  freeFrom: number;
  /** The latest end of a job before this one (start - gap from the site). */
  freeUntil: number;
}

function requireInteger(name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer between ${min} and ${max}, got ${value}`);
  }
  return value;
}

/** Service duration x cars, in minutes. */
export function bookingDurationMinutes(serviceDurationMinutes: number, cars: number): number {
  requireInteger("serviceDurationMinutes", serviceDurationMinutes, 1);
  requireInteger("cars", cars, CARS_MIN, CARS_MAX);
  return serviceDurationMinutes * cars;
}

function normalize(rules: SlotRules): NormalizedRules {
  const nowMs = rules.now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError("now is an invalid Date");
  const durationMinutes = bookingDurationMinutes(rules.serviceDurationMinutes, rules.cars);
  const buffer = requireInteger(
    "travelBufferMinutes",
    rules.travelBufferMinutes ?? DEFAULT_TRAVEL_BUFFER_MINUTES,
    0,
  );
  const step = requireInteger("stepMinutes", rules.stepMinutes ?? DEFAULT_STEP_MINUTES, 1);
  const notice = requireInteger(
    "minimumNoticeMinutes",
    rules.minimumNoticeMinutes ?? DEFAULT_MINIMUM_NOTICE_MINUTES,
    0,
  );
  const setup = requireInteger("setupMinutes", rules.setupMinutes ?? DEFAULT_TRAVEL_SETTINGS.setupMinutes, 0);
  const site = rules.site ?? null;
  const drive = site ? (rules.driveTime ?? estimatedDriveTime()) : null;
  const busyByMember = new Map<string, NormalizedBusy[]>();
  for (const range of rules.busy) {
    const list = busyByMember.get(range.teamMemberId) ?? [];
    const start = range.start.getTime();
    if (range.serviceEnd === undefined) {
      // A range that already holds its gap: as before, the new job keeps its own buffer to it.
      list.push({ start, freeFrom: range.end.getTime(), freeUntil: start - buffer * MINUTE_MS });
    } else {
      const point = range.point ?? null;
      const gapAfter = point && drive && site ? setup + drive(point, site) : buffer;
      const gapBefore = point && drive && site ? setup + drive(site, point) : buffer;
      list.push({
        start,
        freeFrom: range.serviceEnd.getTime() + gapAfter * MINUTE_MS,
        freeUntil: start - gapBefore * MINUTE_MS,
      });
    }
    busyByMember.set(range.teamMemberId, list);
  }
  const base = rules.base ?? null;
  const allowance = requireInteger(
    "startOfDayAllowanceMinutes",
    rules.startOfDayAllowanceMinutes ?? DEFAULT_START_OF_DAY_ALLOWANCE_MINUTES,
    0,
  );
  return {
    now: rules.now,
    timeZone: rules.timeZone,
    durationMs: durationMinutes * MINUTE_MS,
    bufferMs: buffer * MINUTE_MS,
    stepMs: step * MINUTE_MS,
    earliestStartMs: nowMs + notice * MINUTE_MS,
    latestStartMs: latestBookableStart(rules.now).getTime(),
    members: rules.members,
    busyByMember,
    fromBaseMs: base && site && drive ? Math.max(0, drive(base, site) - allowance) * MINUTE_MS : null,
  };
}

/** A member's available windows on one local day as instants, sorted, touching ones merged. */
function memberWindows(member: SlotMember, date: string, dayOfWeek: number, timeZone: string) {
  const windows: { start: number; end: number }[] = [];
  for (const w of member.availability) {
    if (!w.isAvailable || w.dayOfWeek !== dayOfWeek) continue;
    const start = zonedWallTimeToInstant(date, w.startTime, timeZone).getTime();
    const end = zonedWallTimeToInstant(date, w.endTime, timeZone).getTime();
    if (end <= start) {
      // The schema forbids it (team_availability_order); overnight windows are not supported.
      throw new RangeError(
        `Availability window of member ${member.id} must end after it starts: ${w.startTime}-${w.endTime}`,
      );
    }
    windows.push({ start, end });
  }
  windows.sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const w of windows) {
    const last = merged.at(-1);
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else merged.push({ ...w });
  }
  return merged;
}

/**
 * Whether the member can take a job [start, start + duration): every earlier job leaves them time
 * to get here, they can reach every later job after this one, and the first job of the window
 * is reachable from the base. Without points this is the ADR 008 rule: [start, end + buffer)
 * overlaps no busy range.
 */
function isFree(
  rules: NormalizedRules,
  memberId: string,
  start: number,
  window: { start: number; end: number },
): boolean {
  const end = start + rules.durationMs;
  const busy = rules.busyByMember.get(memberId) ?? [];
  let earlierInWindow = false;
  for (const range of busy) {
    if (range.start < start) {
      if (range.freeFrom > start) return false;
      if (range.start >= window.start) earlierInWindow = true;
    } else if (range.freeUntil < end) {
      return false;
    }
  }
  if (!earlierInWindow && rules.fromBaseMs !== null && start < window.start + rules.fromBaseMs) return false;
  return true;
}

/** Open slots of one local day, sorted by start. */
function slotsOfDay(rules: NormalizedRules, date: string): Slot[] {
  const dayOfWeek = dayOfWeekOf(date);
  const freeByStart = new Map<number, string[]>();
  for (const member of rules.members) {
    for (const window of memberWindows(member, date, dayOfWeek, rules.timeZone)) {
      for (let start = window.start; start + rules.durationMs <= window.end; start += rules.stepMs) {
        if (start < rules.earliestStartMs || start > rules.latestStartMs) continue;
        if (!isFree(rules, member.id, start, window)) continue;
        const ids = freeByStart.get(start) ?? [];
        if (!ids.includes(member.id)) ids.push(member.id);
        freeByStart.set(start, ids);
      }
    }
  }
  return [...freeByStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([startMs, ids]) => {
      const start = new Date(startMs);
      const end = new Date(startMs + rules.durationMs);
      return {
        start,
        end,
        startIso: formatIsoWithOffset(start, rules.timeZone),
        endIso: formatIsoWithOffset(end, rules.timeZone),
        teamMemberIds: ids.sort(compareIds),
      };
    });
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Open slots for each local day from `input.from`, `input.days` days long (default 30). */
export function computeSlots(input: ComputeSlotsInput): SlotsResult {
  const rules = normalize(input);
  const dayCount = requireInteger("days", input.days ?? DEFAULT_RANGE_DAYS, 1, MAX_RANGE_DAYS);
  const days: SlotDay[] = [];
  for (let i = 0; i < dayCount; i++) {
    const date = addDaysToDateString(input.from, i);
    days.push({ date, slots: slotsOfDay(rules, date) });
  }
  return { durationMinutes: rules.durationMs / MINUTE_MS, days };
}

/**
 * The members free for a slot starting at `start`, under the same rules as `computeSlots`
 * (grid, notice, windows, busy ranges); empty when the slot is not (or no longer) open.
 * Windows never cross midnight, so the slot belongs to the local day of its start.
 */
export function freeTeamMembersForSlot(input: SlotRules & { start: Date }): string[] {
  const rules = normalize(input);
  const startMs = input.start.getTime();
  if (Number.isNaN(startMs)) return [];
  const { date } = instantToZonedParts(input.start, rules.timeZone);
  const slot = slotsOfDay(rules, date).find((s) => s.start.getTime() === startMs);
  return slot ? slot.teamMemberIds : [];
}

/**
 * Re-check at booking time, with fresh busy ranges and `now`: is the slot still open?
 * @internal Used by the tests only (`knip --production`).
 */
export function isSlotStillOpen(input: SlotRules & { start: Date }): boolean {
  return freeTeamMembersForSlot(input).length > 0;
}

/**
 * The minutes of driving a job at `start` adds to each member's day (ADR 048): from the previous
 * job of that local day (or the base) to the site, then to the next job, minus the direct trip
 * it replaces. A leg with an unknown point counts 0; no site: an empty map (nobody is favoured).
 */
export function addedDrivingMinutes(
  input: Pick<SlotRules, "busy" | "site" | "base" | "driveTime" | "timeZone"> & {
    start: Date;
    teamMemberIds: readonly string[];
  },
): Map<string, number> {
  const added = new Map<string, number>();
  const site = input.site ?? null;
  if (!site) return added;
  const drive = input.driveTime ?? estimatedDriveTime();
  const startMs = input.start.getTime();
  const { date } = instantToZonedParts(input.start, input.timeZone);
  const leg = (a: GeoPoint | null | undefined, b: GeoPoint | null | undefined) => (a && b ? drive(a, b) : 0);
  for (const id of input.teamMemberIds) {
    let previous: BusyRange | null = null;
    let next: BusyRange | null = null;
    for (const range of input.busy) {
      if (range.teamMemberId !== id) continue;
      if (instantToZonedParts(range.start, input.timeZone).date !== date) continue;
      const at = range.start.getTime();
      if (at < startMs && (!previous || at > previous.start.getTime())) previous = range;
      if (at >= startMs && (!next || at < next.start.getTime())) next = range;
    }
    const from = previous ? previous.point : input.base;
    const minutes = next ? leg(from, site) + leg(site, next.point) - leg(from, next.point) : leg(from, site);
    added.set(id, Math.max(0, minutes));
  }
  return added;
}

/**
 * The member to assign among those free for a slot: the one whose day gets the least added
 * driving (`addedDriving`, ADR 048; a missing entry counts as 0), then the least loaded (e.g.
 * the number of appointments, or booked minutes, that member already has that day; a missing
 * entry counts as 0), then the smallest id, so the choice is stable. `null` when nobody is free.
 */
export function pickTeamMember(
  slot: { teamMemberIds: readonly string[] },
  loads: Readonly<Record<string, number>> | ReadonlyMap<string, number> = {},
  addedDriving: ReadonlyMap<string, number> = new Map(),
): string | null {
  const loadOf = (id: string): number =>
    (loads instanceof Map ? loads.get(id) : (loads as Readonly<Record<string, number>>)[id]) ?? 0;
  const driveOf = (id: string): number => addedDriving.get(id) ?? 0;
  const better = (id: string, best: string): boolean =>
    driveOf(id) !== driveOf(best)
      ? driveOf(id) < driveOf(best)
      : loadOf(id) !== loadOf(best)
        ? loadOf(id) < loadOf(best)
        : id < best;
  let best: string | null = null;
  for (const id of slot.teamMemberIds) {
    if (best === null || better(id, best)) best = id;
  }
  return best;
}
