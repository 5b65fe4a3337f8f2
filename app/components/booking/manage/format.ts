import { BUSINESS } from "~/lib/business";

const dateTimeFormat = new Intl.DateTimeFormat("fr-CA", {
  timeZone: BUSINESS.timeZone,
  dateStyle: "full",
  timeStyle: "short",
});
const timeFormat = new Intl.DateTimeFormat("fr-CA", { timeZone: BUSINESS.timeZone, timeStyle: "short" });

/** '2026-03-09T09:00:00-04:00' -> 'lundi 9 mars 2026 à 09 h 00' (business time zone). */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** '2026-03-09T09:00:00-04:00' -> '09 h 00' (business time zone). */
export function formatTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
