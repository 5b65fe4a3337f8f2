import { describe, expect, it } from "vitest";
import { freeRanges, shownDay } from "./schedule-day";

const week = [
  "2026-03-09",
  "2026-03-10",
  "2026-03-11",
  "2026-03-12",
  "2026-03-13",
  "2026-03-14",
  "2026-03-15",
];

describe("the day a week view opens on", () => {
  it("is the day asked for, whatever the appointments", () => {
    expect(shownDay({ days: week, today: "2026-03-11", asked: "2026-03-09", busyDays: new Set() })).toBe(
      "2026-03-09",
    );
  });

  it("is today when it has appointments", () => {
    const busyDays = new Set(["2026-03-09", "2026-03-11", "2026-03-13"]);
    expect(shownDay({ days: week, today: "2026-03-11", asked: null, busyDays })).toBe("2026-03-11");
  });

  it("is the next day with appointments from today on, never an earlier one", () => {
    const busyDays = new Set(["2026-03-09", "2026-03-13"]);
    expect(shownDay({ days: week, today: "2026-03-11", asked: null, busyDays })).toBe("2026-03-13");
  });

  it("is today when nothing is left this week", () => {
    expect(
      shownDay({ days: week, today: "2026-03-11", asked: null, busyDays: new Set(["2026-03-09"]) }),
    ).toBe("2026-03-11");
  });
});

describe("a member's free time", () => {
  const windows = [
    { dayOfWeek: 2, startTime: "09:00:00", endTime: "12:00:00", isAvailable: true },
    { dayOfWeek: 2, startTime: "13:00:00", endTime: "17:00:00", isAvailable: true },
    { dayOfWeek: 3, startTime: "09:00:00", endTime: "17:00:00", isAvailable: true },
    { dayOfWeek: 2, startTime: "18:00:00", endTime: "20:00:00", isAvailable: false },
  ];

  it("is the weekday's windows minus the appointments, short gaps left out", () => {
    const taken = [
      { start: 9 * 60, end: 10 * 60 },
      { start: 10 * 60 + 15, end: 11 * 60 },
      { start: 14 * 60, end: 15 * 60 },
    ];
    expect(freeRanges({ windows, dayOfWeek: 2, taken })).toEqual([
      { start: 11 * 60, end: 12 * 60 },
      { start: 13 * 60, end: 14 * 60 },
      { start: 15 * 60, end: 17 * 60 },
    ]);
  });

  it("is nothing on a day off or a day without hours", () => {
    expect(freeRanges({ windows, dayOfWeek: 2, taken: [], off: true })).toEqual([]);
    expect(freeRanges({ windows, dayOfWeek: 0, taken: [] })).toEqual([]);
  });
});

describe("the days a time off or a move takes", () => {
  it("are real calendar days of this century", async () => {
    const { TimeOffSchema } = await import("./schemas");
    const base = {
      teamMemberId: "00000000-0000-4000-8000-000000000000",
      startsOn: "2026-03-09",
      endsOn: "2026-03-09",
      reason: "Vacances",
    };
    expect(TimeOffSchema.safeParse(base).success).toBe(true);
    for (const bad of ["2026-02-31", "0000-01-01", "2026-13-01", "2026-3-9"])
      expect(TimeOffSchema.safeParse({ ...base, startsOn: bad, endsOn: bad }).success, bad).toBe(false);
  });
});
