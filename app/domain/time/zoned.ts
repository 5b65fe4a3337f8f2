/**
 * Wall time <-> instant conversions in a named IANA time zone, on `Intl` only (no library).
 *
 * Dates are `yyyy-MM-dd` strings (a calendar day, no zone); times are `HH:MM` or `HH:MM:SS`
 * wall-clock strings, as PostgreSQL returns a `time` column; instants are `Date`s.
 * ADR 008 ('Slot rules') describes how DST gaps and overlaps are resolved.
 */

/** The business time zone (ADR 004): availability and displayed times are local to it. */
export const BUSINESS_TIME_ZONE = "America/Toronto";

export interface ZonedParts {
  /** Local calendar day, `yyyy-MM-dd`. */
  date: string;
  /** Local wall time, `HH:MM:SS` (00:00:00-23:59:59). */
  time: string;
  /** Local day of the week, 0 = Sunday ... 6 = Saturday (as `team_availability.day_of_week`). */
  dayOfWeek: number;
  /** Local time minus UTC, in minutes: -240 for EDT (-04:00), -300 for EST (-05:00). */
  offsetMinutes: number;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for an unknown zone, which is what we want.
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

interface RawParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

function rawParts(ms: number, timeZone: string): RawParts {
  const raw: RawParts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, weekday: 0 };
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    switch (part.type) {
      case "year":
      case "month":
      case "day":
      case "hour":
      case "minute":
      case "second":
        raw[part.type] = Number(part.value);
        break;
      case "weekday":
        raw.weekday = WEEKDAYS[part.value] ?? 0;
        break;
    }
  }
  return raw;
}

/** Local time minus UTC at the instant `ms`, in whole minutes, read from Intl (slow). */
function intlOffsetMinutes(ms: number, timeZone: string): number {
  const p = rawParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const wholeSecondMs = Math.floor(ms / 1000) * 1000;
  return Math.round((asUtc - wholeSecondMs) / MINUTE_MS);
}

/**
 * Offsets almost always change on quarter-hour boundaries, so the offset of a quarter hour is read
 * from Intl once and remembered: slot lists ask for thousands of conversions and Intl's
 * formatToParts was most of their cost. A quarter hour whose first and last seconds differ holds a
 * change off the boundary (St. John's changed at 00:01 local, 03:31Z, until 2011): it is
 * remembered as such, and each instant in it is read from Intl.
 */
const OFFSET_BUCKET_MS = 15 * MINUTE_MS;
const OFFSET_CACHE_MAX = 100_000;
const offsetCache = new Map<string, number>();

/** Local time minus UTC at the instant `ms`, in whole minutes. */
function offsetMinutesAt(ms: number, timeZone: string): number {
  const bucket = Math.floor(ms / OFFSET_BUCKET_MS);
  const key = `${timeZone}|${bucket}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    if (offsetCache.size >= OFFSET_CACHE_MAX) offsetCache.clear();
    const start = bucket * OFFSET_BUCKET_MS;
    const first = intlOffsetMinutes(start, timeZone);
    const last = intlOffsetMinutes(start + OFFSET_BUCKET_MS - 1000, timeZone);
    offset = first === last ? first : Number.NaN;
    offsetCache.set(key, offset);
  }
  return Number.isNaN(offset) ? intlOffsetMinutes(ms, timeZone) : offset;
}

/** The wall-clock fields of `ms` in `timeZone`, from the (cached) offset. */
function zonedParts(ms: number, timeZone: string): RawParts & { offset: number } {
  const offset = offsetMinutesAt(ms, timeZone);
  const local = new Date(Math.floor(ms / 1000) * 1000 + offset * MINUTE_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay(),
    offset,
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

function parseDate(date: string): { year: number; month: number; day: number } {
  const match = DATE_RE.exec(date);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const day = Number(match[3]);
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day) {
      return { year, month, day };
    }
  }
  throw new RangeError(`Invalid date (expected yyyy-MM-dd): ${date}`);
}

/** Minutes and seconds since midnight of a `HH:MM[:SS]` wall time; `24:00[:00]` is accepted as end of day. */
function parseTime(time: string): { hour: number; minute: number; second: number } {
  const match = TIME_RE.exec(time);
  if (match) {
    const hour = Number(match[1]);
    const minute = Number(match[2]);
    const second = Number(match[3] ?? "0");
    const endOfDay = hour === 24 && minute === 0 && second === 0;
    if (endOfDay || (hour < 24 && minute < 60 && second < 60)) return { hour, minute, second };
  }
  throw new RangeError(`Invalid time (expected HH:MM or HH:MM:SS): ${time}`);
}

/**
 * The instant at which the wall clock in `timeZone` reads `date` `time`.
 *
 * - A wall time skipped by a spring-forward change (02:30 on 2026-03-08 in Toronto) moves
 *   forward by the length of the gap: 02:30 -> 03:30 EDT (07:30Z).
 * - A wall time that occurs twice on a fall-back night (01:30 on 2026-11-01) resolves to the
 *   first occurrence, the one with the daylight offset: 01:30 EDT (05:30Z).
 *
 * This is Temporal's `disambiguation: "compatible"`. `24:00:00` means midnight at the end of
 * `date` (PostgreSQL allows it in a `time` column).
 */
export function zonedWallTimeToInstant(date: string, time: string, timeZone: string): Date {
  const { year, month, day } = parseDate(date);
  const { hour, minute, second } = parseTime(time);
  // The wall time read as if it were UTC; the real instant is this minus the local offset.
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // A zone changes offset at most once in a day: the offsets a day before and a day after are
  // the only candidates (equal on most days).
  const offsetBefore = offsetMinutesAt(wallAsUtc - DAY_MS, timeZone);
  const offsetAfter = offsetMinutesAt(wallAsUtc + DAY_MS, timeZone);
  const valid = [offsetBefore, offsetAfter]
    .map((offset) => wallAsUtc - offset * MINUTE_MS)
    .filter((ms) => wallAsUtc - offsetMinutesAt(ms, timeZone) * MINUTE_MS === ms);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // In a gap: apply the offset in force before the change, which lands after the gap.
  return new Date(wallAsUtc - offsetBefore * MINUTE_MS);
}

/** The local calendar day, wall time, day of the week and UTC offset of an instant in `timeZone`. */
export function instantToZonedParts(instant: Date, timeZone: string): ZonedParts {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError("Invalid Date");
  const p = zonedParts(ms, timeZone);
  return {
    date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`,
    time: `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`,
    dayOfWeek: p.weekday,
    offsetMinutes: p.offset,
  };
}

/**
 * The local calendar day of an instant, `yyyy-MM-dd`: the one "what day is it there" of the code
 * (a `Date`, or an ISO 8601 string as a loader's JSON carries it).
 */
export function localDate(instant: Date | string, timeZone: string = BUSINESS_TIME_ZONE): string {
  return instantToZonedParts(typeof instant === "string" ? new Date(instant) : instant, timeZone).date;
}

/** ISO 8601 with the local offset, to the second: `2026-03-09T09:00:00-04:00`. */
export function formatIsoWithOffset(instant: Date, timeZone: string): string {
  const { date, time, offsetMinutes } = instantToZonedParts(instant, timeZone);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${date}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Calendar arithmetic on a `yyyy-MM-dd` day (no zone involved): `('2026-03-07', 1)` -> `'2026-03-08'`. */
export function addDaysToDateString(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`days must be an integer, got ${days}`);
  const { year, month, day } = parseDate(date);
  const next = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** The day of the week of a calendar day, 0 = Sunday ... 6 = Saturday. */
export function dayOfWeekOf(date: string): number {
  const { year, month, day } = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/**
 * The next instant at `time` (HH:MM:SS, local): today's if still ahead of `now`, else tomorrow's.
 * The daily jobs' own schedule (the win-back, the embedded database's upkeep).
 */
export function nextLocalTime(now: Date, time: string, timeZone: string = BUSINESS_TIME_ZONE): Date {
  const today = localDate(now, timeZone);
  const at = zonedWallTimeToInstant(today, time, timeZone);
  return at.getTime() > now.getTime()
    ? at
    : zonedWallTimeToInstant(addDaysToDateString(today, 1), time, timeZone);
}
