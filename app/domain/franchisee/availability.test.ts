import { describe, expect, it } from "vitest";
import { findOverlap, shortTime, sortWeekly, timeToMinutes } from "./availability";

describe("weekly availability rules", () => {
  it("reads wall times as minutes, midnight at the end of the day included", () => {
    expect(timeToMinutes("09:30")).toBe(570);
    expect(timeToMinutes("17:00:00")).toBe(1020);
    expect(timeToMinutes("24:00")).toBe(1440);
    expect(shortTime("09:00:00")).toBe("09:00");
  });

  it("finds an overlap on the same day only, touching ranges allowed", () => {
    const existing = [
      { id: "a", dayOfWeek: 2, startTime: "09:00:00", endTime: "12:00:00" },
      { id: "b", dayOfWeek: 3, startTime: "09:00:00", endTime: "17:00:00" },
    ];
    expect(findOverlap(existing, { dayOfWeek: 2, startTime: "12:00", endTime: "14:00" })).toBeUndefined();
    expect(findOverlap(existing, { dayOfWeek: 2, startTime: "11:00", endTime: "14:00" })?.id).toBe("a");
    expect(findOverlap(existing, { dayOfWeek: 2, startTime: "08:00", endTime: "09:00" })).toBeUndefined();
    expect(findOverlap(existing, { dayOfWeek: 2, startTime: "08:00", endTime: "18:00" })?.id).toBe("a");
    expect(findOverlap(existing, { dayOfWeek: 1, startTime: "10:00", endTime: "11:00" })).toBeUndefined();
    // A range never overlaps itself (editing).
    expect(
      findOverlap(existing, { id: "a", dayOfWeek: 2, startTime: "10:00", endTime: "11:00" }),
    ).toBeUndefined();
  });

  it("sorts by day of the week, then start time", () => {
    const sorted = sortWeekly([
      { dayOfWeek: 3, startTime: "09:00", endTime: "10:00" },
      { dayOfWeek: 1, startTime: "13:00", endTime: "17:00" },
      { dayOfWeek: 1, startTime: "08:00", endTime: "12:00" },
    ]);
    expect(sorted.map((r) => `${r.dayOfWeek} ${r.startTime}`)).toEqual(["1 08:00", "1 13:00", "3 09:00"]);
  });
});
