import { describe, expect, it } from "vitest";
import { bucketAppointments, csvField, csvMoney, parseGrouping, reportPeriods, toCsv } from "./reports";

describe("report periods", () => {
  it("lists the last weeks, Monday to Monday, oldest first", () => {
    const weeks = reportPeriods("week", "2026-03-11", 3);
    expect(weeks).toEqual([
      { from: "2026-02-23", to: "2026-03-02" },
      { from: "2026-03-02", to: "2026-03-09" },
      { from: "2026-03-09", to: "2026-03-16" },
    ]);
  });

  it("lists the last months across a new year", () => {
    expect(reportPeriods("month", "2026-02-10", 3).map((p) => p.from)).toEqual([
      "2025-12-01",
      "2026-01-01",
      "2026-02-01",
    ]);
  });

  it("reads the grouping, week by default", () => {
    expect(parseGrouping("month")).toBe("month");
    expect(parseGrouping("year")).toBe("week");
    expect(parseGrouping(null)).toBe("week");
  });
});

describe("bucketAppointments", () => {
  it("counts by local day in America/Toronto", () => {
    const periods = reportPeriods("month", "2026-04-15", 2);
    const rows = bucketAppointments(periods, [
      // 2026-04-01 01:00 UTC is still March 31 in Toronto.
      { startAt: new Date("2026-04-01T01:00:00Z"), priceCents: 14999 },
      { startAt: new Date("2026-04-10T14:00:00Z"), priceCents: 29998 },
      { startAt: new Date("2026-04-11T14:00:00Z"), priceCents: 2000 },
      { startAt: new Date("2025-01-01T14:00:00Z"), priceCents: 99999 },
    ]);
    expect(rows.map((r) => [r.from, r.appointments, r.revenueCents])).toEqual([
      ["2026-03-01", 1, 14999],
      ["2026-04-01", 2, 31998],
    ]);
  });
});

describe("CSV", () => {
  it("quotes fields with commas, quotes, semicolons or line breaks", () => {
    expect(csvField("Granby")).toBe("Granby");
    expect(csvField('Cire "liquide", 1 L')).toBe('"Cire ""liquide"", 1 L"');
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField("ligne\nsuivante")).toBe('"ligne\nsuivante"');
    expect(csvField(3)).toBe("3");
  });

  it("starts with a UTF-8 BOM and ends lines with CRLF", () => {
    expect(
      toCsv([
        ["Période", "Revenus"],
        ["Semaine du 9 mars", csvMoney(14999)],
      ]),
    ).toBe("\uFEFFPériode,Revenus\r\nSemaine du 9 mars,149.99\r\n");
  });
});
