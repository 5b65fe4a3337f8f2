import { BUSINESS } from "~/lib/business";

const dateTime = new Intl.DateTimeFormat("fr-CA", {
  timeZone: BUSINESS.timeZone,
  dateStyle: "full",
  timeStyle: "short",
});
const date = new Intl.DateTimeFormat("fr-CA", { timeZone: BUSINESS.timeZone, dateStyle: "long" });
const time = new Intl.DateTimeFormat("fr-CA", { timeZone: BUSINESS.timeZone, timeStyle: "short" });

/** An instant as 'lundi 9 mars 2026 à 09 h 00' in the business time zone (America/Toronto). */
export function formatDateTime(iso: string | Date): string {
  return dateTime.format(new Date(iso));
}

/** An instant as '9 mars 2026' in the business time zone. */
export function formatDate(iso: string | Date): string {
  return date.format(new Date(iso));
}

/** An instant as '09 h 00' in the business time zone. */
export function formatTime(iso: string | Date): string {
  return time.format(new Date(iso));
}
