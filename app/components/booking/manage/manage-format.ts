import { formatDateTime as formatInstant, formatTime as formatClock } from "~/domain/time/format-instant";

/** '2026-03-09T09:00:00-04:00' -> 'lundi 9 mars 2026 à 9 h 00' (business time zone). */
export function formatDateTime(iso: string): string {
  return formatInstant(iso, "full");
}

/** '2026-03-09T09:00:00-04:00' -> '9 h 00' (business time zone). */
export function formatTime(iso: string): string {
  return formatClock(iso);
}
