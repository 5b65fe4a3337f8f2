import { describe, expect, it } from "vitest";
import { findOverlap, shortTime, sortWeekly, timeToMinutes, usualWeek } from "./availability";

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

describe("usualWeek (issue 33, item 13)", () => {
  const range = (dayOfWeek: number, startTime: string, endTime: string, isAvailable = true) => ({
    dayOfWeek,
    startTime,
    endTime,
    isAvailable,
  });

  it("is Monday to Friday 9 h to 17 h for a team without hours", () => {
    const monToFri = [1, 2, 3, 4, 5].map((d) => ({ dayOfWeek: d, startTime: "09:00", endTime: "17:00" }));
    expect(usualWeek([])).toEqual(monToFri);
    expect(usualWeek([{ availability: [] }, { availability: [range(1, "08:00", "12:00", false)] }])).toEqual(
      monToFri,
    );
  });

  it("takes the hours most members share, whatever their order or seconds", () => {
    const early = [range(2, "07:00:00", "15:00:00"), range(1, "07:00", "15:00")];
    const late = [range(6, "10:00", "18:00")];
    expect(
      usualWeek([
        { availability: late },
        { availability: early },
        { availability: [range(1, "07:00", "15:00"), range(2, "07:00", "15:00")] },
      ]),
    ).toEqual([
      { dayOfWeek: 1, startTime: "07:00", endTime: "15:00" },
      { dayOfWeek: 2, startTime: "07:00", endTime: "15:00" },
    ]);
  });

  it("leaves out ranges marked unavailable", () => {
    expect(
      usualWeek([{ availability: [range(3, "09:00", "12:00"), range(4, "09:00", "12:00", false)] }]),
    ).toEqual([{ dayOfWeek: 3, startTime: "09:00", endTime: "12:00" }]);
  });
});
