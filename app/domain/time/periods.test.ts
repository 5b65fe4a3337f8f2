import { describe, expect, it } from "vitest";
import {
  daysOf,
  lastMonths,
  monthKey,
  monthOf,
  type Period,
  weekOf,
  isLocalDate,
  monthPeriod,
  nextMonthStart,
  periodInstants,
  weekPeriod,
  weekStart,
} from "./periods";
import { localDate } from "./zoned";

describe("periods in America/Toronto", () => {
  it("reads the local day of an instant, not the UTC one", () => {
    // 2026-03-10 02:30 UTC is still March 9 in Toronto (22:30 EDT).
    expect(localDate(new Date("2026-03-10T02:30:00Z"))).toBe("2026-03-09");
  });

  it("starts weeks on Monday", () => {
    expect(weekStart("2026-03-11")).toBe("2026-03-09"); // Wednesday
    expect(weekStart("2026-03-09")).toBe("2026-03-09"); // Monday
    expect(weekStart("2026-03-15")).toBe("2026-03-09"); // Sunday
    expect(weekPeriod("2026-03-15")).toEqual({ from: "2026-03-09", to: "2026-03-16" });
    expect(daysOf(weekPeriod("2026-03-15"))).toHaveLength(7);
  });

  it("gives months and the month after December", () => {
    expect(monthPeriod("2026-03-31")).toEqual({ from: "2026-03-01", to: "2026-04-01" });
    expect(nextMonthStart("2026-12-05")).toBe("2027-01-01");
  });

  it("turns a week with the spring DST change into 167 real hours", () => {
    const { start, end } = periodInstants(weekPeriod("2026-03-08"));
    expect(start.toISOString()).toBe("2026-03-02T05:00:00.000Z");
    expect(end.toISOString()).toBe("2026-03-09T04:00:00.000Z");
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(167);
  });

  it("accepts real calendar days only", () => {
    expect(isLocalDate("2026-02-28")).toBe(true);
    expect(isLocalDate("2026-02-30")).toBe(false);
    expect(isLocalDate("2026-2-3")).toBe(false);
    expect(isLocalDate(undefined)).toBe(false);
  });
});

describe("weekOf (America/Toronto, weeks start on Monday)", () => {
  it("runs from Monday 00:00 to the next Monday 00:00, local time", () => {
    // Sunday 22 November 2026, 23:30 in Toronto (EST, -05:00) is still in the week of Monday the 16th.
    const week = weekOf(new Date("2026-11-23T04:30:00Z"));
    expect(week).toEqual({ from: "2026-11-16", to: "2026-11-23" });
    const { start, end } = periodInstants(week);
    expect(start.toISOString()).toBe("2026-11-16T05:00:00.000Z");
    expect(end.toISOString()).toBe("2026-11-23T05:00:00.000Z");
  });

  it("starts a new week at Monday midnight local time, not UTC", () => {
    // Monday 23 November 2026 00:30 local = 05:30Z.
    expect(weekOf(new Date("2026-11-23T05:30:00Z")).from).toBe("2026-11-23");
    // Monday 23 November 2026 03:00Z is still Sunday evening in Toronto.
    expect(weekOf(new Date("2026-11-23T03:00:00Z")).from).toBe("2026-11-16");
  });

  it("is 169 hours long across the fall-back night and 167 across the spring-forward night", () => {
    const hours = (period: Period) => {
      const { start, end } = periodInstants(period);
      return (end.getTime() - start.getTime()) / 3_600_000;
    };
    const fall = weekOf(new Date("2026-11-01T12:00:00Z"));
    expect(fall.from).toBe("2026-10-26");
    expect(hours(fall)).toBe(169);
    const spring = weekOf(new Date("2026-03-08T12:00:00Z"));
    expect(spring.from).toBe("2026-03-02");
    expect(hours(spring)).toBe(167);
  });
});

describe("months", () => {
  it("gives the local month of an instant", () => {
    // 1 December 2026 02:00Z is still 30 November in Toronto.
    const month = monthOf(new Date("2026-12-01T02:00:00Z"));
    expect(month).toEqual({ from: "2026-11-01", to: "2026-12-01" });
    const { start, end } = periodInstants(month);
    expect(start.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(end.toISOString()).toBe("2026-12-01T05:00:00.000Z");
  });

  it("counts months across years", () => {
    expect(monthKey("2026-01-15", -1)).toBe("2025-12");
    expect(monthKey("2026-12-15", 1)).toBe("2027-01");
    expect(monthKey("2026-05-01", -17)).toBe("2024-12");
    expect(monthPeriod("2026-12-01").to).toBe("2027-01-01");
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
