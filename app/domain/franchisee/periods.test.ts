import { describe, expect, it } from "vitest";
import {
  daysOf,
  isLocalDate,
  localDate,
  monthPeriod,
  nextMonthStart,
  periodInstants,
  weekPeriod,
  weekStart,
} from "./periods";

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
