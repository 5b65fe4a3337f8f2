import { describe, expect, it } from "vitest";
import {
  addDaysToDateString,
  dayOfWeekOf,
  formatIsoWithOffset,
  instantToZonedParts,
  nextLocalTime,
  zonedWallTimeToInstant,
} from "./zoned";

const TZ = "America/Toronto";

describe("zonedWallTimeToInstant (America/Toronto)", () => {
  it("uses EST (-05:00) in winter and EDT (-04:00) in summer", () => {
    expect(zonedWallTimeToInstant("2026-01-15", "09:00", TZ).toISOString()).toBe("2026-01-15T14:00:00.000Z");
    expect(zonedWallTimeToInstant("2026-07-15", "09:00:00", TZ).toISOString()).toBe(
      "2026-07-15T13:00:00.000Z",
    );
  });

  it("keeps 09:00 local around the March change (2026-03-08)", () => {
    expect(zonedWallTimeToInstant("2026-03-06", "09:00:00", TZ).toISOString()).toBe(
      "2026-03-06T14:00:00.000Z",
    );
    expect(zonedWallTimeToInstant("2026-03-08", "09:00:00", TZ).toISOString()).toBe(
      "2026-03-08T13:00:00.000Z",
    );
    expect(zonedWallTimeToInstant("2026-03-09", "09:00:00", TZ).toISOString()).toBe(
      "2026-03-09T13:00:00.000Z",
    );
  });

  it("keeps 09:00 local around the November change (2026-11-01)", () => {
    expect(zonedWallTimeToInstant("2026-10-30", "09:00:00", TZ).toISOString()).toBe(
      "2026-10-30T13:00:00.000Z",
    );
    expect(zonedWallTimeToInstant("2026-11-01", "09:00:00", TZ).toISOString()).toBe(
      "2026-11-01T14:00:00.000Z",
    );
    expect(zonedWallTimeToInstant("2026-11-02", "09:00:00", TZ).toISOString()).toBe(
      "2026-11-02T14:00:00.000Z",
    );
  });

  it("moves a wall time skipped in March forward by the gap (02:30 -> 03:30 EDT)", () => {
    expect(zonedWallTimeToInstant("2026-03-08", "02:00", TZ).toISOString()).toBe("2026-03-08T07:00:00.000Z");
    expect(zonedWallTimeToInstant("2026-03-08", "02:30", TZ).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(formatIsoWithOffset(zonedWallTimeToInstant("2026-03-08", "02:30", TZ), TZ)).toBe(
      "2026-03-08T03:30:00-04:00",
    );
    expect(zonedWallTimeToInstant("2026-03-08", "01:59", TZ).toISOString()).toBe("2026-03-08T06:59:00.000Z");
    expect(zonedWallTimeToInstant("2026-03-08", "03:00", TZ).toISOString()).toBe("2026-03-08T07:00:00.000Z");
  });

  it("takes the first occurrence of a wall time repeated in November (01:30 EDT)", () => {
    expect(zonedWallTimeToInstant("2026-11-01", "01:30", TZ).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(zonedWallTimeToInstant("2026-11-01", "00:59", TZ).toISOString()).toBe("2026-11-01T04:59:00.000Z");
    expect(zonedWallTimeToInstant("2026-11-01", "02:00", TZ).toISOString()).toBe("2026-11-01T07:00:00.000Z");
  });

  it("reads 24:00:00 as midnight at the end of the day", () => {
    expect(zonedWallTimeToInstant("2026-03-07", "24:00:00", TZ).toISOString()).toBe(
      "2026-03-08T05:00:00.000Z",
    );
  });

  it("works in another zone", () => {
    expect(zonedWallTimeToInstant("2026-07-01", "12:00", "Europe/Paris").toISOString()).toBe(
      "2026-07-01T10:00:00.000Z",
    );
    expect(zonedWallTimeToInstant("2026-07-01", "12:00", "UTC").toISOString()).toBe(
      "2026-07-01T12:00:00.000Z",
    );
  });

  it("refuses malformed dates, times and zones", () => {
    expect(() => zonedWallTimeToInstant("2026-02-30", "09:00", TZ)).toThrow(RangeError);
    expect(() => zonedWallTimeToInstant("2026-3-9", "09:00", TZ)).toThrow(RangeError);
    expect(() => zonedWallTimeToInstant("2026-03-09", "9:00", TZ)).toThrow(RangeError);
    expect(() => zonedWallTimeToInstant("2026-03-09", "24:30", TZ)).toThrow(RangeError);
    expect(() => zonedWallTimeToInstant("2026-03-09", "09:60", TZ)).toThrow(RangeError);
    expect(() => zonedWallTimeToInstant("2026-03-09", "09:00", "Mars/Olympus")).toThrow(RangeError);
  });
});

describe("instantToZonedParts (America/Toronto)", () => {
  it("gives the local day, time, weekday and offset", () => {
    expect(instantToZonedParts(new Date("2026-03-09T13:00:00Z"), TZ)).toEqual({
      date: "2026-03-09",
      time: "09:00:00",
      dayOfWeek: 1,
      offsetMinutes: -240,
    });
    expect(instantToZonedParts(new Date("2026-03-07T03:30:00Z"), TZ)).toEqual({
      date: "2026-03-06",
      time: "22:30:00",
      dayOfWeek: 5,
      offsetMinutes: -300,
    });
  });

  it("shows midnight as 00:00:00, not 24:00:00", () => {
    expect(instantToZonedParts(new Date("2026-11-02T05:00:00Z"), TZ).time).toBe("00:00:00");
  });

  it("tells the two 01:30 of the November night apart by their offset", () => {
    expect(instantToZonedParts(new Date("2026-11-01T05:30:00Z"), TZ)).toMatchObject({
      time: "01:30:00",
      offsetMinutes: -240,
    });
    expect(instantToZonedParts(new Date("2026-11-01T06:30:00Z"), TZ)).toMatchObject({
      time: "01:30:00",
      offsetMinutes: -300,
    });
  });
});

describe("formatIsoWithOffset (America/Toronto)", () => {
  it("writes the local offset of each season", () => {
    expect(formatIsoWithOffset(new Date("2026-03-09T13:00:00Z"), TZ)).toBe("2026-03-09T09:00:00-04:00");
    expect(formatIsoWithOffset(new Date("2026-03-06T14:00:00Z"), TZ)).toBe("2026-03-06T09:00:00-05:00");
    expect(formatIsoWithOffset(new Date("2026-11-02T14:00:00Z"), TZ)).toBe("2026-11-02T09:00:00-05:00");
  });

  it("writes non-negative and half-hour offsets", () => {
    expect(formatIsoWithOffset(new Date("2026-07-01T10:00:00Z"), "UTC")).toBe("2026-07-01T10:00:00+00:00");
    expect(formatIsoWithOffset(new Date("2026-07-01T10:00:00Z"), "Asia/Kolkata")).toBe(
      "2026-07-01T15:30:00+05:30",
    );
    expect(formatIsoWithOffset(new Date("2026-07-01T10:00:00Z"), "America/St_Johns")).toBe(
      "2026-07-01T07:30:00-02:30",
    );
  });

  it("round-trips through Date", () => {
    const instant = new Date("2026-11-01T06:30:00Z");
    expect(new Date(formatIsoWithOffset(instant, TZ)).getTime()).toBe(instant.getTime());
  });
});

describe("calendar days", () => {
  it("adds days across month, year and DST boundaries", () => {
    expect(addDaysToDateString("2026-03-07", 1)).toBe("2026-03-08");
    expect(addDaysToDateString("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDaysToDateString("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDaysToDateString("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysToDateString("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDateString("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDaysToDateString("2026-11-01", 30)).toBe("2026-12-01");
    expect(() => addDaysToDateString("2026-03-01", 0.5)).toThrow(RangeError);
  });

  it("gives the day of the week, 0 = Sunday", () => {
    expect(dayOfWeekOf("2026-03-08")).toBe(0);
    expect(dayOfWeekOf("2026-03-09")).toBe(1);
    expect(dayOfWeekOf("2026-11-07")).toBe(6);
  });
});

describe("nextLocalTime (America/Toronto)", () => {
  it("gives today's time while it is ahead, else tomorrow's, across the November change", () => {
    // Saturday 31 October 2026, 09:00 EDT: today at 10:00 is ahead.
    expect(nextLocalTime(new Date("2026-10-31T13:00:00Z"), "10:00:00").toISOString()).toBe(
      "2026-10-31T14:00:00.000Z",
    );
    // At 10:00 exactly, the next is tomorrow's, in EST after the change (1 November).
    expect(nextLocalTime(new Date("2026-10-31T14:00:00Z"), "10:00:00").toISOString()).toBe(
      "2026-11-01T15:00:00.000Z",
    );
  });
});
