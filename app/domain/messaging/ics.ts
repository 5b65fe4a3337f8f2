/**
 * An iCalendar (RFC 5545) file with one event, for the booking e-mails' attachment: CRLF line
 * endings, lines folded at 75 octets (never inside a UTF-8 character), TEXT values escaped, and
 * times in UTC (…Z), so no VTIMEZONE is needed.
 */
import { BUSINESS_TIME_ZONE, instantToZonedParts } from "~/domain/time/zoned";

export interface IcsEvent {
  /** Globally unique and stable for one appointment: a change or cancellation reuses it. */
  uid: string;
  /** When the file was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  /** A link shown by calendar apps (the manage link). */
  url?: string;
  /** Raise it with each change of the same event (0 first). */
  sequence?: number;
  /** CANCELLED with METHOD:CANCEL removes the event from the calendar that imported it. */
  status?: "CONFIRMED" | "CANCELLED";
  organizer?: { name: string; email: string };
  /**
   * The customer the event is for: calendar clients match a cancellation (METHOD:CANCEL) to the
   * attendee it is addressed to, and may ignore one without it.
   */
  attendee?: { name: string; email: string };
}

/** A CN parameter value: quoted, without the characters a quoted parameter cannot hold. */
function commonName(name: string): string {
  return `"${name.replace(/["\r\n]/g, "")}"`;
}

const CRLF = "\r\n";
const MAX_OCTETS = 75;

/** 2026-03-09T13:00:00.000Z -> 20260309T130000Z */
function icsUtc(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError("invalid date");
  return instant
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 3.3.11). */
function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** The UTF-8 octets of one code point (a lone surrogate is written as U+FFFD: three). */
function utf8Octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * Folds one content line: at most 75 octets per line, continuation lines start with a space.
 * Counts each code point's octets and cuts slices of the line, without encoding characters one
 * by one (a buffer per character was ~200 KB of garbage per confirmation e-mail, ADR 054).
 */
function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length;) {
    const codePoint = line.codePointAt(i)!;
    const size = utf8Octets(codePoint);
    // A continuation line's leading space counts in its 75 octets.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(line.slice(start, i));
      start = i;
      octets = 0;
    }
    octets += size;
    i += codePoint > 0xffff ? 2 : 1;
  }
  parts.push(line.slice(start));
  return parts.join(`${CRLF} `);
}

/** The .ics text of one event (METHOD:PUBLISH, or METHOD:CANCEL for a cancelled one). */
export function buildIcs(event: IcsEvent): string {
  if (event.end.getTime() <= event.start.getTime())
    throw new RangeError("the event must end after it starts");
  const cancelled = event.status === "CANCELLED";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Lavage Mobile Prestige//Reservations//FR",
    "CALSCALE:GREGORIAN",
    `METHOD:${cancelled ? "CANCEL" : "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `STATUS:${event.status ?? "CONFIRMED"}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.organizer) {
    lines.push(`ORGANIZER;CN=${commonName(event.organizer.name)}:mailto:${event.organizer.email}`);
  }
  if (event.attendee) {
    lines.push(
      `ATTENDEE;CN=${commonName(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:${event.attendee.email}`,
    );
  }
  lines.push("END:VEVENT", "END:VCALENDAR");
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

/** One event of a subscribed calendar (ADR 082): times in the business time zone. */
export interface IcsFeedEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  /** Raise it with each change of the event (its last update, in seconds). */
  sequence: number;
  status: "CONFIRMED" | "CANCELLED";
}

/**
 * America/Toronto's rules since 2007 (second Sunday of March, first Sunday of November, 2 h):
 * the events' TZID refers to it, so every calendar app shows the local wall time.
 */
const TORONTO_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:America/Toronto",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "TZNAME:EDT",
  "DTSTART:20070311T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "TZNAME:EST",
  "DTSTART:20071104T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** The wall time of an instant in Toronto, as iCalendar's local form (20261130T090000). */
function torontoLocal(instant: Date): string {
  const { date, time } = instantToZonedParts(instant, BUSINESS_TIME_ZONE);
  return `${date.replace(/-/g, "")}T${time.replace(/:/g, "")}`;
}

/**
 * A whole subscribed calendar (ADR 082): its name, the Toronto time zone, and every event with
 * its stable UID. A cancelled appointment stays in the feed as STATUS:CANCELLED so that the
 * calendars that subscribed remove it.
 */
export function buildIcsFeed({
  name,
  stamp,
  events,
}: {
  name: string;
  stamp: Date;
  events: IcsFeedEvent[];
}): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Lavage Mobile Prestige//Calendrier//FR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeIcsText(name)}`,
    "X-WR-TIMEZONE:America/Toronto",
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    ...TORONTO_VTIMEZONE,
  ];
  for (const event of events) {
    if (event.end.getTime() <= event.start.getTime())
      throw new RangeError("the event must end after it starts");
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `DTSTAMP:${icsUtc(stamp)}`,
      `DTSTART;TZID=America/Toronto:${torontoLocal(event.start)}`,
      `DTEND;TZID=America/Toronto:${torontoLocal(event.end)}`,
      `SEQUENCE:${event.sequence}`,
      `STATUS:${event.status}`,
      `SUMMARY:${escapeIcsText(event.summary)}`,
    );
    if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
