/**
 * The one place where the app writes money, dates, times and numbers for people (fr-CA, ADR 060).
 * Calendar days (`yyyy-MM-dd`), months (`yyyy-MM`) and wall-clock times involve no zone; an
 * instant is written in the business time zone by app/domain/time/format-instant.ts, which knows it.
 *
 * Formatting without Intl on the public pages' path: the first `Intl` formatter of a locale makes
 * the browser load that locale's data, a ~25 ms task on a phone before the page can respond
 * (ADR 040). These functions give exactly what `Intl` gives for fr-CA (tests compare them), except
 * the time, written '9 h 05' where `Intl`'s `timeStyle: "short"` writes '09 h 05' (ADR 060).
 */

import { MONTHS } from "./long-date";

/** Lives in long-date.ts, which a page can load without the time-zone code. */
export { formatLongDate } from "./long-date";

const NO_BREAK_SPACE = "\u00a0";

/** 1234567 -> '1 234 567', with fr-CA's no-break space between groups of three digits. */
function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, NO_BREAK_SPACE);
}

/** 14999 -> '149,99 $' (fr-CA). Money is integer cents everywhere. */
export function formatMoney(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? "-" : "";
  const absolute = Math.abs(rounded);
  const whole = Math.floor(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, "0");
  return `${sign}${groupDigits(whole)},${fraction}${NO_BREAK_SPACE}$`;
}

/** ['Granby', 'Sherbrooke', 'Gatineau'] -> 'Granby, Sherbrooke et Gatineau'. */
export function formatList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} et ${items[items.length - 1]}`;
}

const SHORT_MONTHS = [
  "janv.",
  "févr.",
  "mars",
  "avr.",
  "mai",
  "juin",
  "juill.",
  "août",
  "sept.",
  "oct.",
  "nov.",
  "déc.",
] as const;

const WEEKDAYS = ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"] as const;
const SHORT_WEEKDAYS = ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."] as const;

interface CalendarDay {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
}

/** The day of the month as French writes it beside a month or a weekday: '1er', '2', '31' (issue 33, item 15). */
function dayOfMonth(day: number): string {
  return day === 1 ? "1er" : String(day);
}

function calendarDay(isoDate: string): CalendarDay {
  const [year, month, day] = isoDate.slice(0, 10).split("-").map(Number) as [number, number, number];
  return { year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/**
 * How a calendar day (`yyyy-MM-dd`, no time zone involved) is written, for 2026-03-09 (the first
 * of a month is '1er': '1er novembre 2026', 'dim. 1er'):
 * - `long`: '9 mars 2026' (as {@link formatLongDate})
 * - `medium`: '9 nov. 2026' (short month)
 * - `weekday`: 'lundi 9 mars'
 * - `weekdayYear`: 'lundi 9 mars 2026'
 * - `shortWeekday`: 'lun. 9' (a column of a week grid)
 * - `shortWeekdayMonth`: 'lun. 9 mars' (a compact appointment line)
 * - `dayMonth`: '9 mars' (long month)
 * - `dayShortMonth`: '9 nov.' (short month)
 */
export type DayStyle =
  | "long"
  | "medium"
  | "weekday"
  | "weekdayYear"
  | "shortWeekday"
  | "shortWeekdayMonth"
  | "dayMonth"
  | "dayShortMonth";

/** A calendar day `yyyy-MM-dd` in one of the {@link DayStyle}s (fr-CA, as `Intl` writes it, '1er' for the first). */
export function formatDay(isoDate: string, style: DayStyle): string {
  const { year, month, weekday, ...date } = calendarDay(isoDate);
  const day = dayOfMonth(date.day);
  const long = MONTHS[month - 1]!;
  const short = SHORT_MONTHS[month - 1]!;
  switch (style) {
    case "long":
      return `${day} ${long} ${year}`;
    case "medium":
      return `${day} ${short} ${year}`;
    case "weekday":
      return `${WEEKDAYS[weekday]} ${day} ${long}`;
    case "weekdayYear":
      return `${WEEKDAYS[weekday]} ${day} ${long} ${year}`;
    case "shortWeekday":
      return `${SHORT_WEEKDAYS[weekday]} ${day}`;
    case "shortWeekdayMonth":
      return `${SHORT_WEEKDAYS[weekday]} ${day} ${short}`;
    case "dayMonth":
      return `${day} ${long}`;
    case "dayShortMonth":
      return `${day} ${short}`;
  }
}

/** A day's chip in a date grid: '2026-03-09' -> { weekday: 'lun.', day: '9', month: 'mars' }. */
export function dayChipParts(isoDate: string): { weekday: string; day: string; month: string } {
  const { month, day, weekday } = calendarDay(isoDate);
  return { weekday: SHORT_WEEKDAYS[weekday]!, day: String(day), month: SHORT_MONTHS[month - 1]! };
}

/**
 * How a month (`yyyy-MM`) is written, for 2026-11: `long` 'novembre 2026', `short` 'nov. 2026',
 * `compact` 'nov. 26' (a chart's axis).
 */
export type MonthStyle = "long" | "short" | "compact";

/** A month key `yyyy-MM` in one of the {@link MonthStyle}s (fr-CA, as `Intl` writes it). */
export function formatMonth(monthKey: string, style: MonthStyle): string {
  const [year, month] = monthKey.split("-").map(Number) as [number, number];
  if (style === "long") return `${MONTHS[month - 1]} ${year}`;
  const name = SHORT_MONTHS[month - 1]!;
  return style === "short" ? `${name} ${year}` : `${name} ${String(year % 100).padStart(2, "0")}`;
}

/**
 * A wall-clock time written `HH:MM` (an availability's hours) as the OQLF writes it: '9 h',
 * '17 h', '9 h 30' (issue 33, item 15). Anything else is returned as is.
 */
export function formatClock(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!match) return hhmm;
  const hour = Number(match[1]);
  return match[2] === "00" ? `${hour} h` : `${hour} h ${match[2]}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number the fr-CA way ('1 234,5'), with between `minimumFractionDigits` and
 * `maximumFractionDigits` decimals. Uses `Intl` (rounding a decimal is its job), created on first
 * use: keep it off the public pages' first paint (ADR 040).
 */
export function formatNumber(value: number, maximumFractionDigits = 0, minimumFractionDigits = 0): string {
  const key = `${minimumFractionDigits}-${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("fr-CA", { minimumFractionDigits, maximumFractionDigits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}
