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

export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_TRAVEL_BUFFER_MINUTES = 30;
export const DEFAULT_STEP_MINUTES = 30;
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
  busyByMember: Map<string, { start: number; end: number }[]>;
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
  const busyByMember = new Map<string, { start: number; end: number }[]>();
  for (const range of rules.busy) {
    const list = busyByMember.get(range.teamMemberId) ?? [];
    list.push({ start: range.start.getTime(), end: range.end.getTime() });
    busyByMember.set(range.teamMemberId, list);
  }
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

function isFree(rules: NormalizedRules, memberId: string, start: number): boolean {
  const blockedUntil = start + rules.durationMs + rules.bufferMs;
  const busy = rules.busyByMember.get(memberId) ?? [];
  return busy.every((range) => range.end <= start || range.start >= blockedUntil);
}

/** Open slots of one local day, sorted by start. */
function slotsOfDay(rules: NormalizedRules, date: string): Slot[] {
  const dayOfWeek = dayOfWeekOf(date);
  const freeByStart = new Map<number, string[]>();
  for (const member of rules.members) {
    for (const window of memberWindows(member, date, dayOfWeek, rules.timeZone)) {
      for (let start = window.start; start + rules.durationMs <= window.end; start += rules.stepMs) {
        if (start < rules.earliestStartMs || start > rules.latestStartMs) continue;
        if (!isFree(rules, member.id, start)) continue;
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

/** Re-check at booking time, with fresh busy ranges and `now`: is the slot still open? */
export function isSlotStillOpen(input: SlotRules & { start: Date }): boolean {
  return freeTeamMembersForSlot(input).length > 0;
}

/**
 * The member to assign among those free for a slot: the least loaded (e.g. the number of
 * appointments, or booked minutes, that member already has that day; a missing entry counts
 * as 0), then the smallest id, so the choice is stable. `null` when nobody is free.
 */
export function pickTeamMember(
  slot: { teamMemberIds: readonly string[] },
  loads: Readonly<Record<string, number>> | ReadonlyMap<string, number> = {},
): string | null {
  const loadOf = (id: string): number =>
    (loads instanceof Map ? loads.get(id) : (loads as Readonly<Record<string, number>>)[id]) ?? 0;
  let best: string | null = null;
  for (const id of slot.teamMemberIds) {
    if (best === null || loadOf(id) < loadOf(best) || (loadOf(id) === loadOf(best) && id < best)) best = id;
  }
  return best;
}
