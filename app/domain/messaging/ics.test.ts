import { describe, expect, it } from "vitest";
import { buildIcs, escapeIcsText, foldIcsLine, icsUtc, parseIcsLines, unescapeIcsText } from "./ics";

const event = {
  uid: "a1b2c3@lavageprestige.ca",
  stamp: new Date("2026-03-06T13:00:00Z"),
  start: new Date("2026-03-09T13:00:00Z"),
  end: new Date("2026-03-09T14:30:00Z"),
  summary: "Lavage Mobile Prestige : Lavage signature, 2 voitures",
  location: "123, rue Principale; Granby (Québec) J2G 2T5",
  description: "Réservation abc\nGérer : https://lavage.example/booking/manage/abc?token=x",
  url: "https://lavage.example/booking/manage/abc?token=x",
};

describe("ics", () => {
  it("writes UTC instants", () => {
    expect(icsUtc(new Date("2026-03-09T09:00:00-04:00"))).toBe("20260309T130000Z");
  });

  it("escapes TEXT values and reverses them", () => {
    const raw = "a\\b; c, d\ne";
    expect(escapeIcsText(raw)).toBe("a\\\\b\\; c\\, d\\ne");
    expect(unescapeIcsText(escapeIcsText(raw))).toBe(raw);
  });

  it("folds long lines at 75 octets without cutting a UTF-8 character", () => {
    const line = `SUMMARY:${"é".repeat(100)}`;
    const folded = foldIcsLine(line);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(2);
    for (const [i, part] of lines.entries()) {
      expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(" ")).toBe(true);
      expect(part).not.toContain("\uFFFD");
    }
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldIcsLine("short")).toBe("short");
  });

  it("builds one VEVENT with CRLF lines, UTC times and escaped text", () => {
    const text = buildIcs(event);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const fields = new Map(parseIcsLines(text));
    expect(parseIcsLines(text)[0]).toEqual(["BEGIN", "VCALENDAR"]);
    expect(fields.get("VERSION")).toBe("2.0");
    expect(fields.get("METHOD")).toBe("PUBLISH");
    expect(fields.get("UID")).toBe(event.uid);
    expect(fields.get("DTSTAMP")).toBe("20260306T130000Z");
    expect(fields.get("DTSTART")).toBe("20260309T130000Z");
    expect(fields.get("DTEND")).toBe("20260309T143000Z");
    expect(unescapeIcsText(fields.get("SUMMARY")!)).toBe(event.summary);
    expect(fields.get("LOCATION")).toBe("123\\, rue Principale\\; Granby (Québec) J2G 2T5");
    expect(unescapeIcsText(fields.get("DESCRIPTION")!)).toBe(event.description);
    expect(fields.get("URL")).toBe(event.url);
    const names = parseIcsLines(text).map(([name]) => name);
    expect(names.filter((n) => n === "BEGIN")).toHaveLength(2);
    expect(names.at(-1)).toBe("END");
  });

  it("cancels an event with the same UID and a higher sequence", () => {
    const fields = new Map(parseIcsLines(buildIcs({ ...event, status: "CANCELLED", sequence: 2 })));
    expect(fields.get("METHOD")).toBe("CANCEL");
    expect(fields.get("STATUS")).toBe("CANCELLED");
    expect(fields.get("SEQUENCE")).toBe("2");
  });

  it("refuses an event that ends before it starts", () => {
    expect(() => buildIcs({ ...event, end: event.start })).toThrow(RangeError);
  });
});
