import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTime } from "./format-instant";

const ZONE = "America/Toronto";

/** What Intl writes, with the first of the month as French writes it: '1 nov.' -> '1er nov.'. */
function firstAsOrdinal(text: string): string {
  return text.replace(/(^|\s)1(?=\s(?:janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc)|$)/, "$11er");
}

describe("formatTime and formatDateTime (business time zone)", () => {
  it("writes the hour without a leading zero, on both sides of the DST changes", () => {
    // 2026-03-08: at 2:00 EST the clocks jump to 3:00 EDT; 2026-11-01: at 2:00 EDT back to 1:00 EST.
    expect(formatTime("2026-03-08T06:30:00Z")).toBe("1 h 30");
    expect(formatTime("2026-03-08T07:30:00Z")).toBe("3 h 30");
    expect(formatTime("2026-11-01T05:30:00Z")).toBe("1 h 30");
    expect(formatTime("2026-11-01T06:30:00Z")).toBe("1 h 30");
    expect(formatTime("2026-11-01T07:30:00Z")).toBe("2 h 30");
    expect(formatTime(new Date("2026-03-09T13:05:00Z"))).toBe("9 h 05");
    expect(formatTime("2026-03-09T04:05:00Z")).toBe("0 h 05");
    expect(formatTime("2026-07-01T21:45:00-04:00")).toBe("21 h 45");
  });

  it("writes the local day, which differs from the UTC day late in the evening", () => {
    expect(formatDate("2026-03-10T03:30:00Z")).toBe("9 mars 2026");
    expect(formatDateTime("2026-03-10T03:30:00Z")).toBe("lundi 9 mars 2026 à 23 h 30");
    expect(formatDateTime("2026-03-09T13:05:00Z", "medium")).toBe("9 mars 2026, 9 h 05");
    expect(formatDateTime("2026-03-09T13:05:00Z", "weekdayShort")).toBe("lun. 9 mars, 9 h 05");
    expect(formatDateTime("2026-03-09T13:05:00Z", "short")).toBe("9 mars, 9 h 05");
  });

  it("gives what Intl gives (hour: numeric) over two years and every 10 minutes of the DST days", () => {
    const options = { timeZone: ZONE, day: "numeric", hour: "numeric", minute: "2-digit" } as const;
    const full = new Intl.DateTimeFormat("fr-CA", {
      ...options,
      weekday: "long",
      month: "long",
      year: "numeric",
    });
    const medium = new Intl.DateTimeFormat("fr-CA", { ...options, month: "short", year: "numeric" });
    const weekdayShort = new Intl.DateTimeFormat("fr-CA", { ...options, weekday: "short", month: "short" });
    const short = new Intl.DateTimeFormat("fr-CA", { ...options, month: "short" });
    const time = new Intl.DateTimeFormat("fr-CA", { timeZone: ZONE, hour: "numeric", minute: "2-digit" });
    const start = Date.UTC(2025, 0, 1);
    const everyFewHours = Array.from({ length: 2000 }, (_, i) => start + i * 523 * 60_000);
    const dstDays = ["2025-03-09", "2025-11-02", "2026-03-08", "2026-11-01"].flatMap((day) =>
      Array.from({ length: 144 }, (_, i) => Date.parse(`${day}T00:00:00Z`) + i * 10 * 60_000),
    );
    for (const ms of [...everyFewHours, ...dstDays]) {
      const instant = new Date(ms);
      expect(formatTime(instant)).toBe(time.format(instant));
      expect(formatDateTime(instant)).toBe(firstAsOrdinal(full.format(instant)));
      expect(formatDateTime(instant, "medium")).toBe(firstAsOrdinal(medium.format(instant)));
      expect(formatDateTime(instant, "weekdayShort")).toBe(firstAsOrdinal(weekdayShort.format(instant)));
      expect(formatDateTime(instant, "short")).toBe(firstAsOrdinal(short.format(instant)));
    }
  });
});
