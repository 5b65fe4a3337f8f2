import { describe, expect, it } from "vitest";
import { lastMonths, monthKey, monthOf, monthPeriod, weekOf } from "./periods";

describe("weekOf (America/Toronto, weeks start on Monday)", () => {
  it("runs from Monday 00:00 to the next Monday 00:00, local time", () => {
    // Sunday 22 November 2026, 23:30 in Toronto (EST, -05:00) is still in the week of Monday the 16th.
    const week = weekOf(new Date("2026-11-23T04:30:00Z"));
    expect(week.startDate).toBe("2026-11-16");
    expect(week.endDate).toBe("2026-11-23");
    expect(week.from.toISOString()).toBe("2026-11-16T05:00:00.000Z");
    expect(week.to.toISOString()).toBe("2026-11-23T05:00:00.000Z");
  });

  it("starts a new week at Monday midnight local time, not UTC", () => {
    // Monday 23 November 2026 00:30 local = 05:30Z.
    expect(weekOf(new Date("2026-11-23T05:30:00Z")).startDate).toBe("2026-11-23");
    // Monday 23 November 2026 03:00Z is still Sunday evening in Toronto.
    expect(weekOf(new Date("2026-11-23T03:00:00Z")).startDate).toBe("2026-11-16");
  });

  it("is 169 hours long across the fall-back night and 167 across the spring-forward night", () => {
    const fall = weekOf(new Date("2026-11-01T12:00:00Z"));
    expect(fall.startDate).toBe("2026-10-26");
    expect((fall.to.getTime() - fall.from.getTime()) / 3_600_000).toBe(169);
    const spring = weekOf(new Date("2026-03-08T12:00:00Z"));
    expect(spring.startDate).toBe("2026-03-02");
    expect((spring.to.getTime() - spring.from.getTime()) / 3_600_000).toBe(167);
  });
});

describe("months", () => {
  it("gives the local month of an instant", () => {
    // 1 December 2026 02:00Z is still 30 November in Toronto.
    const month = monthOf(new Date("2026-12-01T02:00:00Z"));
    expect(month.startDate).toBe("2026-11-01");
    expect(month.endDate).toBe("2026-12-01");
    expect(month.from.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(month.to.toISOString()).toBe("2026-12-01T05:00:00.000Z");
  });

  it("counts months across years", () => {
    expect(monthKey("2026-01-15", -1)).toBe("2025-12");
    expect(monthKey("2026-12-15", 1)).toBe("2027-01");
    expect(monthKey("2026-05-01", -17)).toBe("2024-12");
    expect(monthPeriod("2026-12").endDate).toBe("2027-01-01");
  });

  it("lists the last months oldest first, ending with the current one", () => {
    expect(lastMonths(new Date("2026-02-10T12:00:00Z"), 4)).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
  });
});
