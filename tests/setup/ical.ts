import ICAL from "ical.js";

/** One event of an .ics file, as ical.js (an independent RFC 5545 parser) reads it. */
export interface ReadEvent {
  method: string | null;
  uid: string;
  stamp: Date;
  start: Date;
  end: Date;
  sequence: number;
  status: string | null;
  summary: string;
  location: string | null;
  description: string | null;
  url: string | null;
  organizer: { email: string; name: string | null } | null;
  attendees: { email: string; name: string | null }[];
}

function person(property: ICAL.Property | null): { email: string; name: string | null } | null {
  if (!property) return null;
  const value = String(property.getFirstValue());
  const name = property.getParameter("cn");
  return { email: value.replace(/^mailto:/i, ""), name: typeof name === "string" ? name : null };
}

/**
 * Reads the one VEVENT of an .ics text with ical.js: the tests check our writer against a parser
 * that is not ours (issue 16). Throws when the text is not iCalendar.
 */
export function readIcs(text: string): ReadEvent {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  const event = new ICAL.Event(vevent);
  const text_ = (name: string) => {
    const value = vevent.getFirstPropertyValue(name);
    return value === null || value === undefined ? null : String(value);
  };
  const stamp = vevent.getFirstPropertyValue("dtstamp") as ICAL.Time;
  return {
    method: (calendar.getFirstPropertyValue("method") as string | null) ?? null,
    uid: event.uid,
    stamp: stamp.toJSDate(),
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    sequence: event.sequence,
    status: text_("status"),
    summary: event.summary,
    location: event.location ?? null,
    description: event.description ?? null,
    url: text_("url"),
    organizer: person(vevent.getFirstProperty("organizer")),
    attendees: vevent.getAllProperties("attendee").flatMap((p) => person(p) ?? []),
  };
}
