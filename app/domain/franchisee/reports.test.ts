import { describe, expect, it } from "vitest";
import { bucketAppointments, parseGrouping, reportCsv, reportPeriods } from "./reports";

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

describe("reportCsv", () => {
  it("writes the periods then the extras in the shared spreadsheet format", () => {
    const csv = reportCsv({
      grouping: "week",
      rows: [{ from: "2026-03-09", to: "2026-03-16", appointments: 2, revenueCents: 29998 }],
      extras: [{ name: 'Cire "liquide"; 1 L', quantity: 3, revenueCents: 4500 }],
    });
    expect(csv).toBe(
      "\uFEFF" +
        "Période;Début;Rendez-vous;Revenus avant taxes ($)\r\n" +
        "Semaine du 9 mars;2026-03-09;2;299,98\r\n" +
        "\r\n" +
        "Extra;Quantité;Revenus ($)\r\n" +
        '"Cire ""liquide""; 1 L";3;45,00\r\n',
    );
  });

  it("keeps the headers when there is nothing to report", () => {
    expect(reportCsv({ grouping: "month", rows: [], extras: [] }).split("\r\n")).toEqual([
      "\uFEFFPériode;Début;Rendez-vous;Revenus avant taxes ($)",
      "",
      "Extra;Quantité;Revenus ($)",
      "",
    ]);
  });
});
