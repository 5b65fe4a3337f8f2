import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  dayOfWeekOf,
  instantToZonedParts,
  zonedWallTimeToInstant,
} from "~/domain/time/zoned";

/**
 * The reporting periods of the admin area, in the business time zone (ADR 022): a week runs from
 * Monday 00:00 to the next Monday 00:00 local time, a month from the 1st 00:00 to the next 1st.
 * `from` is included and `to` excluded; both are instants, so DST weeks are 167 or 169 hours.
 */
export interface Period {
  /** First local day, `yyyy-MM-dd`. */
  startDate: string;
  /** The local day after the last one (exclusive), `yyyy-MM-dd`. */
  endDate: string;
  from: Date;
  to: Date;
}

function period(startDate: string, endDate: string, timeZone: string): Period {
  return {
    startDate,
    endDate,
    from: zonedWallTimeToInstant(startDate, "00:00", timeZone),
    to: zonedWallTimeToInstant(endDate, "00:00", timeZone),
  };
}

/** The local calendar day of `now`. */
export function localDate(now: Date, timeZone: string = BUSINESS_TIME_ZONE): string {
  return instantToZonedParts(now, timeZone).date;
}

/** The week (Monday to Sunday, local time) that contains `now`. */
export function weekOf(now: Date, timeZone: string = BUSINESS_TIME_ZONE): Period {
  const today = localDate(now, timeZone);
  // 0 = Sunday ... 6 = Saturday: days since the last Monday.
  const sinceMonday = (dayOfWeekOf(today) + 6) % 7;
  const monday = addDaysToDateString(today, -sinceMonday);
  return period(monday, addDaysToDateString(monday, 7), timeZone);
}

/** `yyyy-MM` of a local day or of a month offset from it: ('2026-01-15', -1) -> '2025-12'. */
export function monthKey(date: string, offset = 0): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + offset;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}`;
}

/** The calendar month `yyyy-MM` as a period. */
export function monthPeriod(key: string, timeZone: string = BUSINESS_TIME_ZONE): Period {
  return period(`${key}-01`, `${monthKey(`${key}-01`, 1)}-01`, timeZone);
}

/** The month (local time) that contains `now`. */
export function monthOf(now: Date, timeZone: string = BUSINESS_TIME_ZONE): Period {
  return monthPeriod(monthKey(localDate(now, timeZone)), timeZone);
}

/** The `count` months up to and including the one of `now`, oldest first: ['2026-06', ..., '2026-11']. */
export function lastMonths(now: Date, count: number, timeZone: string = BUSINESS_TIME_ZONE): string[] {
  const today = localDate(now, timeZone);
  return Array.from({ length: count }, (_, i) => monthKey(today, i - count + 1));
}
