/**
 * How the app writes an instant for people: its wall-clock time and day in the business time zone
 * (ADR 004, ADR 060), in the calendar styles of app/lib/format.ts, which knows no zone.
 */
import { formatDay, type DayStyle } from "~/lib/format";
import { BUSINESS_TIME_ZONE, instantToZonedParts } from "./zoned";

function zoned(instant: Date | string): { date: string; hour: number; minute: string } {
  const { date, time } = instantToZonedParts(new Date(instant), BUSINESS_TIME_ZONE);
  return { date, hour: Number(time.slice(0, 2)), minute: time.slice(3, 5) };
}

/**
 * An instant's wall-clock time in the business time zone: '9 h 05', '14 h 30', '0 h 15'. The
 * hour has no leading zero, as the Office québécois de la langue française writes it (ADR 060).
 */
export function formatTime(instant: Date | string): string {
  const { hour, minute } = zoned(instant);
  return `${hour} h ${minute}`;
}

/** An instant's calendar day in the business time zone, in a {@link DayStyle} ('9 mars 2026' by default). */
export function formatDate(instant: Date | string, style: DayStyle = "long"): string {
  return formatDay(zoned(instant).date, style);
}

/**
 * How an instant is written with its time, in the business time zone, for 2026-03-09 9:05:
 * - `full`: 'lundi 9 mars 2026 à 9 h 05' (an appointment)
 * - `medium`: '9 mars 2026, 9 h 05' (a list's time stamp)
 * - `weekdayShort`: 'lun. 9 mars, 9 h 05' (a compact appointment line)
 * - `short`: '9 mars, 9 h 05' (a stamp within the year)
 */
export type DateTimeStyle = "full" | "medium" | "weekdayShort" | "short";

const DAY_OF: Record<DateTimeStyle, DayStyle> = {
  full: "weekdayYear",
  medium: "medium",
  weekdayShort: "shortWeekdayMonth",
  short: "dayShortMonth",
};

/** An instant with its time in the business time zone, in a {@link DateTimeStyle}. */
export function formatDateTime(instant: Date | string, style: DateTimeStyle = "full"): string {
  const day = formatDay(zoned(instant).date, DAY_OF[style]);
  return style === "full" ? `${day} à ${formatTime(instant)}` : `${day}, ${formatTime(instant)}`;
}
