import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dayChipParts,
  formatClock,
  formatDay,
  formatList,
  formatLongDate,
  formatMonth,
  formatMoney,
  formatNumber,
  type DayStyle,
} from "./format";

describe("formatMoney", () => {
  it("formats cents the Quebec way", () => {
    expect(formatMoney(14999).replace(/\s/g, " ")).toBe("149,99 $");
    expect(formatMoney(0).replace(/\s/g, " ")).toBe("0,00 $");
    expect(formatMoney(123456).replace(/\s/g, " ")).toBe("1 234,56 $");
  });

  it("gives exactly what Intl gives for fr-CA, whatever the amount", () => {
    const intl = new Intl.NumberFormat("fr-CA", { style: "currency", currency: "CAD" });
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(formatMoney(cents)).toBe(intl.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("formatLongDate", () => {
  it("gives what Intl gives for every day of two years", () => {
    const intl = new Intl.DateTimeFormat("fr-CA", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    for (let day = 0; day < 731; day++) {
      const date = new Date(Date.UTC(2025, 0, 1 + day));
      expect(formatLongDate(date.toISOString().slice(0, 10))).toBe(firstAsOrdinal(intl.format(date)));
    }
  });
});

describe("formatList", () => {
  it("joins names the French way, as Intl.ListFormat does", () => {
    const intl = new Intl.ListFormat("fr-CA", { style: "long", type: "conjunction" });
    for (const names of [
      [],
      ["Granby"],
      ["Granby", "Sherbrooke"],
      ["Granby", "Sherbrooke", "Gatineau", "Laval"],
    ]) {
      expect(formatList(names)).toBe(intl.format(names));
    }
  });
});

/** Every day of 2025 and 2026 (leap-free and ordinary months, all weekdays). */
const DAYS = Array.from({ length: 731 }, (_, i) => new Date(Date.UTC(2025, 0, 1 + i)));

/** What Intl writes, with the first of the month as French writes it: '1 nov.' -> '1er nov.'. */
function firstAsOrdinal(text: string): string {
  return text.replace(/(^|\s)1(?=\s(?:janv|févr|mars|avr|mai|juin|juil|août|sept|oct|nov|déc)|$)/, "$11er");
}

describe("formatDay", () => {
  const oracle: Record<DayStyle, Intl.DateTimeFormatOptions> = {
    long: { day: "numeric", month: "long", year: "numeric" },
    medium: { day: "numeric", month: "short", year: "numeric" },
    weekday: { weekday: "long", day: "numeric", month: "long" },
    weekdayYear: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
    shortWeekday: { weekday: "short", day: "numeric" },
    shortWeekdayMonth: { weekday: "short", day: "numeric", month: "short" },
    dayMonth: { day: "numeric", month: "long" },
    dayShortMonth: { day: "numeric", month: "short" },
  };
  for (const [style, options] of Object.entries(oracle) as [DayStyle, Intl.DateTimeFormatOptions][]) {
    it(`writes '${style}' as Intl does for every day of two years`, () => {
      const intl = new Intl.DateTimeFormat("fr-CA", { ...options, timeZone: "UTC" });
      for (const date of DAYS)
        expect(formatDay(date.toISOString().slice(0, 10), style)).toBe(firstAsOrdinal(intl.format(date)));
    });
  }

  it("gives a date grid's chip the parts Intl gives, for every day of two years", () => {
    const intl = new Intl.DateTimeFormat("fr-CA", {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    });
    for (const date of DAYS) {
      const parts = intl.formatToParts(date);
      const part = (type: string) => parts.find((x) => x.type === type)?.value;
      expect(dayChipParts(date.toISOString().slice(0, 10))).toEqual({
        weekday: part("weekday"),
        day: part("day"),
        month: part("month"),
      });
    }
  });

  it("writes a Monday in March the Quebec way", () => {
    expect(formatDay("2026-03-09", "weekdayYear")).toBe("lundi 9 mars 2026");
    expect(formatDay("2026-11-01", "medium")).toBe("1er nov. 2026");
    expect(formatDay("2026-12-01", "weekday")).toBe("mardi 1er décembre");
    expect(formatDay("2026-12-01", "shortWeekday")).toBe("mar. 1er");
    expect(formatDay("2026-12-11", "dayMonth")).toBe("11 décembre");
  });
});

describe("formatMonth", () => {
  it("writes every month of two years as Intl does", () => {
    const long = new Intl.DateTimeFormat("fr-CA", { month: "long", year: "numeric", timeZone: "UTC" });
    const short = new Intl.DateTimeFormat("fr-CA", { month: "short", year: "numeric", timeZone: "UTC" });
    const compact = new Intl.DateTimeFormat("fr-CA", { month: "short", year: "2-digit", timeZone: "UTC" });
    for (let i = 0; i < 24; i++) {
      const date = new Date(Date.UTC(2025, i, 15));
      const key = date.toISOString().slice(0, 7);
      expect(formatMonth(key, "long")).toBe(long.format(date));
      expect(formatMonth(key, "short")).toBe(short.format(date));
      expect(formatMonth(key, "compact")).toBe(compact.format(date));
    }
  });
});

describe("formatNumber", () => {
  it("groups digits and uses a decimal comma", () => {
    expect(formatNumber(1234.56, 1).replace(/\s/g, " ")).toBe("1 234,6");
    expect(formatNumber(45.50001, 4)).toBe("45,5");
    expect(formatNumber(12)).toBe("12");
  });
});

describe("formatClock", () => {
  it("writes an availability's hours as the OQLF does, minutes only when there are some", () => {
    expect(formatClock("09:00")).toBe("9 h");
    expect(formatClock("17:00")).toBe("17 h");
    expect(formatClock("09:30")).toBe("9 h 30");
    expect(formatClock("00:15")).toBe("0 h 15");
    expect(formatClock("09:00:00")).toBe("9 h");
    expect(formatClock("midi")).toBe("midi");
  });
});
