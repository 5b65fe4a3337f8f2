/**
 * An iCalendar (RFC 5545) file with one event, for the booking e-mails' attachment: CRLF line
 * endings, lines folded at 75 octets (never inside a UTF-8 character), TEXT values escaped, and
 * times in UTC (…Z), so no VTIMEZONE is needed.
 */

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
