/**
 * Calendar periods in the business time zone (America/Toronto, ADR 022): a day, a week (Monday to
 * Sunday, as in Quebec) and a month, as local days and as instant ranges. The one `Period` of the
 * code: the franchisee's tools, the admin's network figures and reports all use it.
 */
import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  dayOfWeekOf,
  localDate,
  zonedWallTimeToInstant,
} from "./zoned";

/** Local days; `from` is included and `to` excluded. Its instants: `periodInstants`. */
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

/** The week (Monday to Sunday, local time) that contains an instant. */
export function weekOf(now: Date, timeZone: string = BUSINESS_TIME_ZONE): Period {
  return weekPeriod(localDate(now, timeZone));
}

/** The month (local time) that contains an instant. */
export function monthOf(now: Date, timeZone: string = BUSINESS_TIME_ZONE): Period {
  return monthPeriod(localDate(now, timeZone));
}

/** `yyyy-MM` of a local day or of a month offset from it: ('2026-01-15', -1) -> '2025-12'. */
export function monthKey(date: string, offset = 0): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + offset;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}`;
}

/** The `count` months up to and including the one of `now`, oldest first: ['2026-06', ..., '2026-11']. */
export function lastMonths(now: Date, count: number, timeZone: string = BUSINESS_TIME_ZONE): string[] {
  const today = localDate(now, timeZone);
  return Array.from({ length: count }, (_, i) => monthKey(today, i - count + 1));
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
