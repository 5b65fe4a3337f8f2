/**
 * Calendar periods of the franchisee tools in the business time zone (America/Toronto): a day,
 * a week (Monday to Sunday, as in Quebec) and a month, as local days and as instant ranges.
 */
import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  dayOfWeekOf,
  instantToZonedParts,
  zonedWallTimeToInstant,
} from "../time/zoned";

export interface Period {
  /** First local day, `yyyy-MM-dd`. */
  from: string;
  /** Local day after the last one (exclusive). */
  to: string;
}

export interface InstantRange {
  start: Date;
  /** Exclusive. */
  end: Date;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isLocalDate(value: unknown): value is string {
  if (typeof value !== "string" || !DATE.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The local day of an instant, `yyyy-MM-dd`. */
export function localDate(instant: Date, timeZone = BUSINESS_TIME_ZONE): string {
  return instantToZonedParts(instant, timeZone).date;
}

/** The Monday of the week of a local day. */
export function weekStart(date: string): string {
  const offset = (dayOfWeekOf(date) + 6) % 7;
  return addDaysToDateString(date, -offset);
}

export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function nextMonthStart(date: string): string {
  const [y, m] = date.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

export function dayPeriod(date: string): Period {
  return { from: date, to: addDaysToDateString(date, 1) };
}

export function weekPeriod(date: string): Period {
  const from = weekStart(date);
  return { from, to: addDaysToDateString(from, 7) };
}

export function monthPeriod(date: string): Period {
  return { from: monthStart(date), to: nextMonthStart(date) };
}

/** The instants of a period: local midnight of `from` to local midnight of `to` (DST-correct). */
export function periodInstants(period: Period, timeZone = BUSINESS_TIME_ZONE): InstantRange {
  return {
    start: zonedWallTimeToInstant(period.from, "00:00", timeZone),
    end: zonedWallTimeToInstant(period.to, "00:00", timeZone),
  };
}

/** The local days of a period, in order. */
export function daysOf(period: Period): string[] {
  const days: string[] = [];
  for (let d = period.from; d < period.to; d = addDaysToDateString(d, 1)) days.push(d);
  return days;
}
