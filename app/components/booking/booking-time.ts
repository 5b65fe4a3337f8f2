import { formatDate, formatDateTime, formatTime } from "~/domain/time/format-instant";

/** An ISO instant -> 'lundi 9 mars 2026' on the business clock. */
export function bookingDay(iso: string): string {
  return formatDate(iso, "weekdayYear");
}

/** An ISO instant -> 'lun. 9 mars' on the business clock (the phone's summary bar). */
export function bookingShortDay(iso: string): string {
  return formatDateTime(iso, "weekdayShort").split(",")[0]!;
}

/** An ISO instant -> '9 h 00' on the business clock (as the e-mails write it). */
export function bookingTime(iso: string): string {
  return formatTime(iso);
}

/** 90 -> '1 h 30', 180 -> '3 h', 45 -> '45 min'. */
export function bookingLength(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, "0")}`;
}

/** '2026-03-09T13:00:00.000Z' -> '20260309T130000Z' (Google Calendar's dates parameter). */
function utcStamp(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A Google Calendar 'add event' link (the event is added by the customer, nothing is sent). */
export function googleCalendarUrl({
  title,
  start,
  end,
  details,
  location,
}: {
  title: string;
  start: string;
  end: string;
  details: string;
  location?: string | undefined;
}): string {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: title,
    dates: `${utcStamp(start)}/${utcStamp(end)}`,
    details,
    ...(location ? { location } : {}),
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
