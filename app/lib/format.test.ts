import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatList, formatLongDate, formatMoney } from "./format";

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
      expect(formatLongDate(date.toISOString().slice(0, 10))).toBe(intl.format(date));
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
