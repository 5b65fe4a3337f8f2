import { describe, expect, it } from "vitest";
import { readIcs } from "../../../tests/setup/ical";
import { buildIcs } from "./ics";

const event = {
  uid: "a1b2c3@lavageprestige.ca",
  stamp: new Date("2026-03-06T13:00:00Z"),
  start: new Date("2026-03-09T13:00:00Z"),
  end: new Date("2026-03-09T14:30:00Z"),
  summary: "Lavage Mobile Prestige : Lavage signature, 2 voitures",
  location: "123, rue Principale; Granby (Québec) J2G 2T5",
  description: `Réservation abc\nGérer : https://lavage.example/booking/manage/abc?token=x ${"é".repeat(80)}`,
  url: "https://lavage.example/booking/manage/abc?token=x",
  organizer: { name: "Lavage Mobile Prestige", email: "info@lavageprestige.ca" },
  attendee: { name: 'Léa "Lili" Tremblay', email: "lea@example.com" },
};

// The oracle is ical.js, an RFC 5545 parser that is not ours: what it reads is what a calendar
// application would import.
describe("ics", () => {
  it("writes one event that ical.js reads back whole: times, escaped text, folded lines, people", () => {
    const text = buildIcs(event);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const read = readIcs(text);
    expect(read).toMatchObject({
      method: "PUBLISH",
      uid: event.uid,
      sequence: 0,
      status: "CONFIRMED",
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: event.url,
      organizer: { email: "info@lavageprestige.ca", name: "Lavage Mobile Prestige" },
      attendees: [{ email: "lea@example.com", name: "Léa Lili Tremblay" }],
    });
    expect(read.stamp.toISOString()).toBe(event.stamp.toISOString());
    expect(read.start.toISOString()).toBe(event.start.toISOString());
    expect(read.end.toISOString()).toBe(event.end.toISOString());
  });

  it("folds lines of 2-, 3- and 4-octet characters without cutting one, as ical.js reads them", () => {
    for (let shift = 0; shift < 4; shift++) {
      const description = `${"a".repeat(shift)}${"é€😀中".repeat(40)} fin`;
      const text = buildIcs({ ...event, description });
      for (const line of text.split("\r\n")) {
        expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
        expect(line).not.toContain("\uFFFD");
        expect(Buffer.from(line).toString("utf8")).toBe(line);
      }
      expect(readIcs(text).description).toBe(description);
    }
  });

  it("cancels an event with the same UID, a higher sequence and its attendee", () => {
    const read = readIcs(buildIcs({ ...event, status: "CANCELLED", sequence: 2 }));
    expect(read).toMatchObject({ method: "CANCEL", status: "CANCELLED", sequence: 2, uid: event.uid });
    expect(read.attendees.map((a) => a.email)).toEqual(["lea@example.com"]);
  });

  it("refuses an event that ends before it starts", () => {
    expect(() => buildIcs({ ...event, end: event.start })).toThrow(RangeError);
  });
});
