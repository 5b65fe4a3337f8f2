import { describe, expect, it } from "vitest";
import {
  buildDayStrip,
  dayForKey,
  dayPartOf,
  groupByDayPart,
  initialDay,
  nearestFreeSlots,
  isDayKey,
  type DayKey,
  type PickerDay,
} from "./slot-picker";
import { computeSlots, type AvailabilityWindow } from "./slots";
import { localDate } from "~/domain/time/zoned";

// Every test runs in the business zone (docs/conventions.md, 'Tests').
const TZ = "America/Toronto";

/** Weekdays 08:00-20:00 and Saturdays 09:00-12:00; Sundays closed. */
const availability: AvailabilityWindow[] = [
  ...[1, 2, 3, 4, 5].map((dayOfWeek) => ({
    dayOfWeek,
    startTime: "08:00:00",
    endTime: "20:00:00",
    isAvailable: true,
  })),
  { dayOfWeek: 6, startTime: "09:00:00", endTime: "12:00:00", isAvailable: true },
];

/** The slot list of the real engine for 30 days from `from`, seen at the fixed instant `now`. */
function slotList(from: string, now: string): PickerDay[] {
  const result = computeSlots({
    now: new Date(now),
    from,
    days: 30,
    timeZone: TZ,
    serviceDurationMinutes: 60,
    cars: 1,
    members: [{ id: "a", availability }],
    busy: [],
  });
  return result.days.map((day) => ({
    date: day.date,
    slots: day.slots.map((slot) => ({ start: slot.startIso, end: slot.endIso })),
  }));
}

// Thursday 2026-10-22, 10:00 EDT: the range holds the fall-back Sunday 2026-11-01.
const FALL = slotList("2026-10-22", "2026-10-22T14:00:00Z");
// Wednesday 2026-02-25, 10:00 EST: the range holds the spring-forward Sunday 2026-03-08.
const SPRING = slotList("2026-02-25", "2026-02-25T15:00:00Z");

describe("buildDayStrip", () => {
  it("lists 30 consecutive calendar days across the fall-back weekend, Sundays closed", () => {
    const strip = buildDayStrip(FALL, "2026-10-22");
    expect(strip).toHaveLength(30);
    expect(strip[0]!.date).toBe("2026-10-22");
    expect(strip.at(-1)!.date).toBe("2026-11-20");
    expect(strip.map((d) => d.date)).toContain("2026-11-01");
    expect(new Set(strip.map((d) => d.date)).size).toBe(30);
    const sunday = strip.find((d) => d.date === "2026-11-01")!;
    expect(sunday).toMatchObject({ open: false, slots: [] });
    expect(strip.find((d) => d.date === "2026-11-02")!.open).toBe(true);
  });

  it("lists the spring-forward weekend once each, and marks days missing from the list closed", () => {
    const strip = buildDayStrip(SPRING, "2026-02-25");
    expect(strip.slice(10, 13).map((d) => d.date)).toEqual(["2026-03-07", "2026-03-08", "2026-03-09"]);
    expect(strip.map((d) => d.open).slice(10, 13)).toEqual([true, false, true]);

    const partial = buildDayStrip([{ date: "2026-03-09", slots: SPRING[12]!.slots }], "2026-03-07", 4);
    expect(partial.map((d) => [d.date, d.open])).toEqual([
      ["2026-03-07", false],
      ["2026-03-08", false],
      ["2026-03-09", true],
      ["2026-03-10", false],
    ]);
  });

  it("closes a day whose times are all taken", () => {
    const full = FALL.map((day) => (day.date === "2026-10-23" ? { ...day, slots: [] } : day));
    expect(buildDayStrip(full, "2026-10-22")[1]).toMatchObject({ date: "2026-10-23", open: false });
  });
});

describe("groupByDayPart", () => {
  it("splits a weekday into morning, afternoon and evening on the local clock", () => {
    const monday = FALL.find((d) => d.date === "2026-11-02")!;
    const groups = groupByDayPart(monday.slots, TZ);
    expect(groups.map((g) => g.part)).toEqual(["morning", "afternoon", "evening"]);
    const local = (iso: string) => iso.slice(11, 16);
    expect(groups[0]!.slots.map((s) => local(s.start))).toEqual([
      "08:00",
      "08:30",
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
    ]);
    expect(local(groups[1]!.slots[0]!.start)).toBe("12:00");
    expect(local(groups[1]!.slots.at(-1)!.start)).toBe("16:30");
    expect(local(groups[2]!.slots[0]!.start)).toBe("17:00");
    // Standard time (-05:00) from that Monday on: 11:30 local is 16:30 UTC, still the morning.
    expect(groups[0]!.slots.at(-1)!.start).toBe("2026-11-02T11:30:00-05:00");
  });

  it("leaves out empty parts: a Saturday morning has no afternoon", () => {
    const saturday = FALL.find((d) => d.date === "2026-10-31")!;
    expect(groupByDayPart(saturday.slots, TZ).map((g) => g.part)).toEqual(["morning"]);
  });

  it("reads the offset of each instant on both sides of a change", () => {
    expect(dayPartOf("2026-03-09T11:59:00-04:00", TZ)).toBe("morning");
    expect(dayPartOf("2026-03-06T12:00:00-05:00", TZ)).toBe("afternoon");
    // The same instant written in UTC: 16:00Z on 2026-11-02 is 11:00 EST.
    expect(dayPartOf("2026-11-02T16:00:00Z", TZ)).toBe("morning");
    expect(dayPartOf("2026-10-30T21:00:00Z", TZ)).toBe("evening");
  });

  it("sorts the times of a day", () => {
    const [first, second] = FALL.find((d) => d.date === "2026-11-02")!.slots;
    expect(groupByDayPart([second!, first!], TZ)[0]!.slots).toEqual([first, second]);
  });
});

describe("nearestFreeSlots", () => {
  it("offers the free times closest to the lost one, in time order", () => {
    const days = FALL.map((day) =>
      day.date === "2026-11-02"
        ? { ...day, slots: day.slots.filter((s) => !s.start.startsWith("2026-11-02T10:00")) }
        : day,
    );
    const nearest = nearestFreeSlots(days, "2026-11-02T10:00:00-05:00", 4);
    expect(nearest.map((s) => s.start)).toEqual([
      "2026-11-02T09:00:00-05:00",
      "2026-11-02T09:30:00-05:00",
      "2026-11-02T10:30:00-05:00",
      "2026-11-02T11:00:00-05:00",
    ]);
  });

  it("reaches other days when the lost day is full, across the fall-back night", () => {
    const days = FALL.map((day) => (day.date === "2026-10-30" ? { ...day, slots: [] } : day));
    // Friday 2026-10-30 at 19:00 EDT is lost; the Saturday morning after is closest.
    const nearest = nearestFreeSlots(days, "2026-10-30T19:00:00-04:00", 2);
    expect(nearest.map((s) => s.start)).toEqual(["2026-10-31T09:00:00-04:00", "2026-10-31T09:30:00-04:00"]);
  });

  it("breaks ties with the earlier time and never offers the lost time itself", () => {
    const days: PickerDay[] = [
      {
        date: "2026-03-09",
        slots: ["09:00", "10:00", "11:00"].map((t) => ({
          start: `2026-03-09T${t}:00-04:00`,
          end: `2026-03-09T${t}:00-04:00`,
        })),
      },
    ];
    expect(nearestFreeSlots(days, "2026-03-09T10:00:00-04:00", 1).map((s) => s.start)).toEqual([
      "2026-03-09T09:00:00-04:00",
    ]);
    expect(nearestFreeSlots(days, "pas une date")).toEqual([]);
  });
});

describe("initialDay", () => {
  const strip = buildDayStrip(FALL, "2026-10-22");

  it("opens on the day asked for, then the chosen time's day, then the current appointment's", () => {
    expect(initialDay(strip, { requested: "2026-11-03", chosen: "2026-11-02T09:00:00-05:00" }, TZ)).toBe(
      "2026-11-03",
    );
    expect(initialDay(strip, { requested: "2027-01-01", chosen: "2026-11-02T09:00:00-05:00" }, TZ)).toBe(
      "2026-11-02",
    );
    // 01:30 UTC on 2026-11-06 is still 2026-11-05 in Toronto.
    expect(initialDay(strip, { current: "2026-11-06T01:30:00Z" }, TZ)).toBe("2026-11-05");
    expect(localDate("2026-11-06T01:30:00Z", TZ)).toBe("2026-11-05");
  });

  it("opens on a closed day when it holds the current appointment, else on the first open day", () => {
    expect(initialDay(strip, { current: "2026-11-01T10:00:00-05:00" }, TZ)).toBe("2026-11-01");
    // Sunday 2026-10-25 is closed: the strip from it opens on Monday.
    expect(initialDay(buildDayStrip(FALL, "2026-10-25"), {}, TZ)).toBe("2026-10-26");
    expect(initialDay([], {}, TZ)).toBeNull();
  });
});

describe("dayForKey (the day calendar's keys)", () => {
  // Thursday 2026-01-15 to Friday 2026-02-13; Sundays closed, and Wednesday 2026-01-21 full.
  const closed = new Set(["2026-01-18", "2026-01-21", "2026-01-25", "2026-02-01", "2026-02-08"]);
  const strip = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 0, 15 + i)).toISOString().slice(0, 10);
    return { date, open: !closed.has(date), slots: [] };
  });
  const move = (from: string, key: DayKey) => dayForKey(strip, from, key);

  it("left and right: the previous and next open day, skipping closed ones, not past the ends", () => {
    expect(move("2026-01-16", "ArrowRight")).toBe("2026-01-17");
    expect(move("2026-01-17", "ArrowRight")).toBe("2026-01-19"); // over Sunday
    expect(move("2026-01-22", "ArrowLeft")).toBe("2026-01-20"); // over the full Wednesday
    expect(move("2026-01-15", "ArrowLeft")).toBeNull();
    expect(move("2026-02-13", "ArrowRight")).toBeNull();
  });

  it("up and down: a week earlier or later, then on to an open day; near the ends, the last one", () => {
    expect(move("2026-01-15", "ArrowDown")).toBe("2026-01-22");
    expect(move("2026-01-14", "ArrowDown")).toBeNull(); // not in the strip
    expect(move("2026-01-28", "ArrowUp")).toBe("2026-01-20"); // Wed 21 full: on backwards
    expect(move("2026-01-19", "ArrowUp")).toBe("2026-01-15"); // before the start: the first open day
    expect(move("2026-02-10", "ArrowDown")).toBe("2026-02-13"); // past the end: the last open day
    expect(move("2026-02-13", "ArrowDown")).toBeNull();
  });

  it("Home and End: the first and last open day of the week, Monday to Sunday", () => {
    expect(move("2026-01-22", "Home")).toBe("2026-01-19");
    expect(move("2026-01-22", "End")).toBe("2026-01-24"); // Sunday 25 closed
    expect(move("2026-01-15", "Home")).toBeNull(); // the strip starts on this Thursday
    expect(move("2026-01-19", "Home")).toBeNull(); // already on Monday
    expect(move("2026-02-12", "End")).toBe("2026-02-13"); // the strip ends on Friday
  });

  it("PageUp and PageDown: the same date a month away, within the strip", () => {
    expect(move("2026-01-15", "PageDown")).toBe("2026-02-13"); // 15 Feb is past the end
    expect(move("2026-02-10", "PageUp")).toBe("2026-01-15"); // 10 Jan is before the start
    expect(move("2026-02-01", "PageUp")).toBe("2026-01-15"); // from a closed day too
    expect(move("2026-01-15", "PageUp")).toBeNull();
    expect(move("2026-02-13", "PageDown")).toBeNull();
  });
});

describe("dayForKey across a month's end", () => {
  // 31 January -> 28 February (2026 is not a leap year): the date is clamped to the month.
  const strip = Array.from({ length: 40 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 0, 25 + i)).toISOString().slice(0, 10);
    return { date, open: true, slots: [] };
  });
  it("moves from 31 January to 28 February and back to 28 January", () => {
    expect(dayForKey(strip, "2026-01-31", "PageDown")).toBe("2026-02-28");
    expect(dayForKey(strip, "2026-02-28", "PageUp")).toBe("2026-01-28");
    expect(dayForKey(strip, "2026-03-05", "PageUp")).toBe("2026-02-05");
  });
  it("knows its keys", () => {
    expect(isDayKey("PageDown")).toBe(true);
    expect(isDayKey("Enter")).toBe(false);
  });
});
