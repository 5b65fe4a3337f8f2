import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildIcsFeed } from "./ics";

// The oracle is ical.js with the feed's own VTIMEZONE: what a subscribed calendar would show.
function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      wall: vevent.getFirstProperty("dtstart")!.toICALString(),
      status: String(vevent.getFirstPropertyValue("status")),
      description: event.description,
    };
  });
}

describe("the calendar feed's iCalendar text (ADR 082)", () => {
  it("writes Toronto wall times that read back to the same instants on both DST weekends", () => {
    const events = [
      // Saturday before the March change (EST) and the Monday after (EDT).
      ["2031-03-08T14:00:00Z", "2031-03-08T15:30:00Z"],
      ["2031-03-10T13:00:00Z", "2031-03-10T14:30:00Z"],
      // Saturday before the November change (EDT) and the Monday after (EST).
      ["2031-11-01T13:00:00Z", "2031-11-01T14:30:00Z"],
      ["2031-11-03T14:00:00Z", "2031-11-03T15:30:00Z"],
    ].map(([start, end], n) => ({
      uid: `a${n}@lavageprestige.ca`,
      start: new Date(start!),
      end: new Date(end!),
      summary: "Lavage signature · Léa Côté",
      description: `Notes du client : ${"é".repeat(60)}, portail; côté gauche`,
      sequence: n,
      status: n === 3 ? ("CANCELLED" as const) : ("CONFIRMED" as const),
    }));
    const text = buildIcsFeed({ name: "Lavage Mobile Prestige · Léa", stamp: new Date(0), events });
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const parsed = read(text);
    expect(parsed.map((e) => [e.start, e.end])).toEqual(
      events.map((e) => [e.start.toISOString(), e.end.toISOString()]),
    );
    // Every one at 9 h, local time, whatever the offset of the day.
    expect(parsed.map((e) => e.wall.split(":").at(-1))).toEqual([
      "20310308T090000",
      "20310310T090000",
      "20311101T090000",
      "20311103T090000",
    ]);
    expect(parsed.map((e) => e.status)).toEqual(["CONFIRMED", "CONFIRMED", "CONFIRMED", "CANCELLED"]);
    expect(parsed[0]!.description).toBe(events[0]!.description);
  });
});
