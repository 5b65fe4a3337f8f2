import { isSlotsFromInRange, isWithinBookingHorizon, latestBookableStart, slotsFromRange } from "./horizon";
import { describe, expect, it } from "vitest";
import {
  computeSlots,
  freeTeamMembersForSlot,
  isSlotStillOpen,
  pickTeamMember,
  type AvailabilityWindow,
  type ComputeSlotsInput,
  type SlotMember,
} from "./slots";

// Every test runs in the business zone (docs/conventions.md, 'Tests').
const TZ = "America/Toronto";

const weekdays = (startTime = "09:00:00", endTime = "17:00:00"): AvailabilityWindow[] =>
  [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, startTime, endTime, isAvailable: true }));

const A: SlotMember = { id: "member-a", availability: weekdays() };
const B: SlotMember = { id: "member-b", availability: weekdays() };

/** Monday 2026-03-02 (EST, -05:00), well before the range: no slot is cut by the notice. */
const NOW = new Date("2026-02-20T12:00:00Z");
/** A `now` within the booking horizon (180 days) of the November time change. */
const AUTUMN = new Date("2026-10-01T12:00:00Z");
const MONDAY = "2026-03-02";

function input(overrides: Partial<ComputeSlotsInput> = {}): ComputeSlotsInput {
  return {
    now: NOW,
    from: MONDAY,
    days: 1,
    timeZone: TZ,
    serviceDurationMinutes: 90,
    cars: 1,
    travelBufferMinutes: 30,
    stepMinutes: 30,
    minimumNoticeMinutes: 240,
    members: [A],
    busy: [],
    ...overrides,
  };
}

/** Local wall times of the slot starts of one day, from the ISO strings. */
/**
 * Around a weekend time change (a four-day range from a Friday): Friday's first start and Monday's
 * first start, as instants and local ISO, and Monday's last end.
 */
function aroundTheChange(result: ReturnType<typeof computeSlots>) {
  const friday = result.days[0]?.slots ?? [];
  const monday = result.days[3]?.slots ?? [];
  return {
    fridayStart: friday[0]?.start,
    fridayStartIso: friday[0]?.startIso,
    mondayStart: monday[0]?.start,
    mondayStartIso: monday[0]?.startIso,
    mondayEndIso: monday.at(-1)?.endIso,
  };
}

function startTimes(result: ReturnType<typeof computeSlots>, date: string): string[] {
  const day = result.days.find((d) => d.date === date);
  if (!day) throw new Error(`no day ${date}`);
  return day.slots.map((s) => s.startIso.slice(11, 16));
}

const at = (iso: string) => new Date(iso);

describe("computeSlots (America/Toronto)", () => {
  it("offers 90-minute slots every 30 minutes from 09:00 to 15:30 on a 09:00-17:00 weekday", () => {
    const result = computeSlots(input());
    expect(result.durationMinutes).toBe(90);
    // prettier-ignore
    expect(startTimes(result, MONDAY)).toEqual([
      "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00",
      "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30",
    ]);
    const first = result.days[0]?.slots[0];
    expect(first).toEqual({
      start: at("2026-03-02T14:00:00Z"),
      end: at("2026-03-02T15:30:00Z"),
      startIso: "2026-03-02T09:00:00-05:00",
      endIso: "2026-03-02T10:30:00-05:00",
      teamMemberIds: ["member-a"],
    });
  });

  it("multiplies the duration by the number of cars (2 cars = 180 min, 3 cars = 270 min)", () => {
    const two = computeSlots(input({ cars: 2 }));
    expect(two.durationMinutes).toBe(180);
    expect(startTimes(two, MONDAY)).toHaveLength(11);
    expect(two.days[0]?.slots.at(-1)?.endIso).toBe("2026-03-02T17:00:00-05:00");

    const three = computeSlots(input({ cars: 3 }));
    expect(three.durationMinutes).toBe(270);
    // prettier-ignore
    expect(startTimes(three, MONDAY)).toEqual([
      "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30",
    ]);
    expect(three.days[0]?.slots.at(-1)?.endIso).toBe("2026-03-02T17:00:00-05:00");
  });

  it("ends the last slot of the day by 17:00; the travel buffer may run past closing", () => {
    // 100 minutes: 15:00 ends at 16:40 (buffer to 17:10), 15:30 would end at 17:10.
    const result = computeSlots(input({ serviceDurationMinutes: 100 }));
    const last = result.days[0]?.slots.at(-1);
    expect(last?.startIso).toBe("2026-03-02T15:00:00-05:00");
    expect(last?.endIso).toBe("2026-03-02T16:40:00-05:00");
    // A slot that ends exactly at closing is offered.
    expect(startTimes(computeSlots(input({ serviceDurationMinutes: 120 })), MONDAY).at(-1)).toBe("15:00");
  });

  it("refuses 0 or 4 cars and bad numbers", () => {
    expect(() => computeSlots(input({ cars: 0 }))).toThrow(RangeError);
    expect(() => computeSlots(input({ cars: 4 }))).toThrow(RangeError);
    expect(() => computeSlots(input({ serviceDurationMinutes: 0 }))).toThrow(RangeError);
    expect(() => computeSlots(input({ stepMinutes: 0 }))).toThrow(RangeError);
    expect(() => computeSlots(input({ days: 0 }))).toThrow(RangeError);
    expect(() => computeSlots(input({ from: "2026-02-30" }))).toThrow(RangeError);
  });

  describe("minimum notice", () => {
    it("cuts today's slots that start before now + notice", () => {
      // 10:10 local with 4 h notice: the first start is 14:30.
      const result = computeSlots(input({ now: at("2026-03-02T15:10:00Z"), minimumNoticeMinutes: 240 }));
      expect(startTimes(result, MONDAY)).toEqual(["14:30", "15:00", "15:30"]);
    });

    it("keeps a slot that starts exactly at now + notice", () => {
      const result = computeSlots(input({ now: at("2026-03-02T10:00:00Z"), minimumNoticeMinutes: 240 }));
      expect(startTimes(result, MONDAY)[0]).toBe("09:00");
    });

    it("defaults to 4 hours and leaves tomorrow untouched", () => {
      const { minimumNoticeMinutes: _omitted, ...rest } = input({
        now: at("2026-03-02T19:00:00Z"), // 14:00 local
        days: 2,
      });
      const result = computeSlots(rest);
      expect(startTimes(result, MONDAY)).toEqual([]);
      expect(startTimes(result, "2026-03-03")[0]).toBe("09:00");
    });
  });

  describe("busy ranges and team overlap", () => {
    // Member A has a job 09:00-10:30 local, blocked until 11:00 (its own buffer).
    const aBusy = {
      teamMemberId: "member-a",
      start: at("2026-03-02T14:00:00Z"),
      end: at("2026-03-02T16:00:00Z"),
    };
    const bBusy = {
      teamMemberId: "member-b",
      start: at("2026-03-02T14:00:00Z"),
      end: at("2026-03-02T16:00:00Z"),
    };

    it("keeps a slot open through member B when member A is busy", () => {
      const result = computeSlots(input({ members: [A, B], busy: [aBusy] }));
      const slots = result.days[0]?.slots ?? [];
      expect(slots[0]?.startIso).toBe("2026-03-02T09:00:00-05:00");
      expect(slots[0]?.teamMemberIds).toEqual(["member-b"]);
      // From 11:00 (A's blocked_until), both are free again.
      const eleven = slots.find((s) => s.startIso === "2026-03-02T11:00:00-05:00");
      expect(eleven?.teamMemberIds).toEqual(["member-a", "member-b"]);
      const tenThirty = slots.find((s) => s.startIso === "2026-03-02T10:30:00-05:00");
      expect(tenThirty?.teamMemberIds).toEqual(["member-b"]);
    });

    it("closes the slot when both members are busy", () => {
      const result = computeSlots(input({ members: [A, B], busy: [aBusy, bBusy] }));
      expect(startTimes(result, MONDAY)[0]).toBe("11:00");
    });

    it("keeps the new job's own buffer clear of the next job", () => {
      // A's next job starts at 12:00 local: 10:00 + 90 min + 30 min buffer ends exactly at 12:00.
      const later = {
        teamMemberId: "member-a",
        start: at("2026-03-02T17:00:00Z"),
        end: at("2026-03-02T18:30:00Z"),
      };
      const times = startTimes(computeSlots(input({ busy: [later] })), MONDAY);
      expect(times).toContain("10:00");
      expect(times).not.toContain("10:30");
      expect(times).not.toContain("12:00");
      expect(times).toContain("13:30"); // blocked until 13:30
    });

    it("ignores busy ranges of other members", () => {
      const other = {
        teamMemberId: "member-z",
        start: at("2026-03-02T14:00:00Z"),
        end: at("2026-03-02T22:00:00Z"),
      };
      expect(startTimes(computeSlots(input({ busy: [other] })), MONDAY)).toHaveLength(14);
    });
  });

  describe("availability windows", () => {
    it("ignores a window with is_available = false", () => {
      const member: SlotMember = {
        id: "member-a",
        availability: [
          { dayOfWeek: 1, startTime: "09:00:00", endTime: "12:00:00", isAvailable: true },
          { dayOfWeek: 1, startTime: "13:00:00", endTime: "17:00:00", isAvailable: false },
          { dayOfWeek: 6, startTime: "09:00:00", endTime: "17:00:00", isAvailable: false },
        ],
      };
      const result = computeSlots(input({ members: [member], days: 6 }));
      expect(startTimes(result, MONDAY)).toEqual(["09:00", "09:30", "10:00", "10:30"]);
      expect(startTimes(result, "2026-03-07")).toEqual([]); // Saturday
    });

    it("keeps a slot inside one window, and merges touching windows of a member", () => {
      const split: SlotMember = {
        id: "member-a",
        availability: [
          { dayOfWeek: 1, startTime: "09:00:00", endTime: "12:00:00", isAvailable: true },
          { dayOfWeek: 1, startTime: "13:00:00", endTime: "17:00:00", isAvailable: true },
        ],
      };
      expect(startTimes(computeSlots(input({ members: [split], cars: 2 })), MONDAY)).toEqual([
        "09:00",
        "13:00",
        "13:30",
        "14:00",
      ]);
      const touching: SlotMember = {
        id: "member-a",
        availability: [
          { dayOfWeek: 1, startTime: "09:00:00", endTime: "12:00:00", isAvailable: true },
          { dayOfWeek: 1, startTime: "12:00:00", endTime: "17:00:00", isAvailable: true },
        ],
      };
      expect(startTimes(computeSlots(input({ members: [touching], cars: 2 })), MONDAY)).toHaveLength(11);
    });

    it("aligns the grid on each window start and unions the members", () => {
      const early: SlotMember = {
        id: "member-b",
        availability: [{ dayOfWeek: 1, startTime: "08:15:00", endTime: "10:00:00", isAvailable: true }],
      };
      const slots = computeSlots(input({ members: [A, early] })).days[0]?.slots ?? [];
      expect(slots.slice(0, 3).map((s) => [s.startIso.slice(11, 16), s.teamMemberIds])).toEqual([
        ["08:15", ["member-b"]],
        ["09:00", ["member-a"]],
        ["09:30", ["member-a"]],
      ]);
    });

    it("refuses a window that ends at or before its start (no overnight windows)", () => {
      const overnight: SlotMember = {
        id: "member-a",
        availability: [{ dayOfWeek: 1, startTime: "22:00:00", endTime: "06:00:00", isAvailable: true }],
      };
      expect(() => computeSlots(input({ members: [overnight] }))).toThrow(RangeError);
    });
  });

  describe("DST weekends: availability stays 09:00-17:00 local wall time", () => {
    const everyDay: SlotMember = {
      id: "member-a",
      availability: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        dayOfWeek,
        startTime: "09:00:00",
        endTime: "17:00:00",
        isAvailable: true,
      })),
    };
    // prettier-ignore
    const allDay = [
      "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00",
      "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30",
    ];

    it("March 2026 (change on Sunday 2026-03-08): Friday is -05:00, Monday is -04:00", () => {
      const result = computeSlots(input({ from: "2026-03-06", days: 4 }));
      expect(result.days.map((d) => d.date)).toEqual([
        "2026-03-06",
        "2026-03-07",
        "2026-03-08",
        "2026-03-09",
      ]);
      expect(aroundTheChange(result)).toEqual({
        fridayStart: at("2026-03-06T14:00:00Z"),
        fridayStartIso: "2026-03-06T09:00:00-05:00",
        mondayStart: at("2026-03-09T13:00:00Z"),
        mondayStartIso: "2026-03-09T09:00:00-04:00",
        mondayEndIso: "2026-03-09T17:00:00-04:00",
      });
      expect(startTimes(result, "2026-03-06")).toEqual(allDay);
      expect(startTimes(result, "2026-03-09")).toEqual(allDay);
      expect(startTimes(result, "2026-03-08")).toEqual([]); // weekend, no availability
    });

    it("March 2026: the change day itself keeps 09:00-17:00 (-04:00)", () => {
      const result = computeSlots(input({ from: "2026-03-08", days: 1, members: [everyDay] }));
      expect(startTimes(result, "2026-03-08")).toEqual(allDay);
      expect(result.days[0]?.slots[0]?.start).toEqual(at("2026-03-08T13:00:00Z"));
    });

    it("November 2026 (change on Sunday 2026-11-01): Friday is -04:00, Monday is -05:00", () => {
      const result = computeSlots(input({ now: AUTUMN, from: "2026-10-30", days: 4 }));
      expect(result.days[3]?.date).toBe("2026-11-02");
      expect(aroundTheChange(result)).toEqual({
        fridayStart: at("2026-10-30T13:00:00Z"),
        fridayStartIso: "2026-10-30T09:00:00-04:00",
        mondayStart: at("2026-11-02T14:00:00Z"),
        mondayStartIso: "2026-11-02T09:00:00-05:00",
        mondayEndIso: "2026-11-02T17:00:00-05:00",
      });
      expect(startTimes(result, "2026-10-30")).toEqual(allDay);
      expect(startTimes(result, "2026-11-02")).toEqual(allDay);
    });

    it("November 2026: the change day itself keeps 09:00-17:00 (-05:00)", () => {
      const result = computeSlots(input({ now: AUTUMN, from: "2026-11-01", days: 1, members: [everyDay] }));
      expect(startTimes(result, "2026-11-01")).toEqual(allDay);
      expect(result.days[0]?.slots[0]?.startIso).toBe("2026-11-01T09:00:00-05:00");
    });

    const night = (dayOfWeek: number): SlotMember => ({
      id: "member-a",
      availability: [{ dayOfWeek, startTime: "00:00:00", endTime: "06:00:00", isAvailable: true }],
    });
    const hourly = { serviceDurationMinutes: 60, stepMinutes: 60, travelBufferMinutes: 0, days: 1 };

    it("a 00:00-06:00 window on the March change night lasts 5 real hours", () => {
      const result = computeSlots(input({ ...hourly, from: "2026-03-08", members: [night(0)] }));
      expect(result.days[0]?.slots.map((s) => s.startIso)).toEqual([
        "2026-03-08T00:00:00-05:00",
        "2026-03-08T01:00:00-05:00",
        "2026-03-08T03:00:00-04:00",
        "2026-03-08T04:00:00-04:00",
        "2026-03-08T05:00:00-04:00",
      ]);
    });

    it("a 00:00-06:00 window on the November change night lasts 7 real hours", () => {
      const result = computeSlots(input({ ...hourly, now: AUTUMN, from: "2026-11-01", members: [night(0)] }));
      expect(result.days[0]?.slots.map((s) => s.startIso)).toEqual([
        "2026-11-01T00:00:00-04:00",
        "2026-11-01T01:00:00-04:00",
        "2026-11-01T01:00:00-05:00",
        "2026-11-01T02:00:00-05:00",
        "2026-11-01T03:00:00-05:00",
        "2026-11-01T04:00:00-05:00",
        "2026-11-01T05:00:00-05:00",
      ]);
    });
  });

  describe("range", () => {
    it("returns 30 consecutive days by default, empty days included", () => {
      const { days: _omitted, ...rest } = input({ from: "2026-02-23" });
      const result = computeSlots(rest);
      expect(result.days).toHaveLength(30);
      expect(result.days[0]?.date).toBe("2026-02-23");
      expect(result.days[29]?.date).toBe("2026-03-24");
      expect(result.days.filter((d) => d.slots.length === 0)).toHaveLength(8); // 4 weekends
      expect(result.days.filter((d) => d.slots.length === 14)).toHaveLength(22);
    });

    it("returns no slot on days already past", () => {
      const result = computeSlots(input({ now: at("2026-03-04T12:00:00Z"), days: 2 }));
      expect(result.days.map((d) => d.slots.length)).toEqual([0, 0]);
    });
  });
});

describe("isSlotStillOpen / freeTeamMembersForSlot", () => {
  const rules = {
    now: NOW,
    timeZone: TZ,
    serviceDurationMinutes: 90,
    cars: 1,
    travelBufferMinutes: 30,
    stepMinutes: 30,
    minimumNoticeMinutes: 240,
    members: [A, B],
  };
  const nine = at("2026-03-02T14:00:00Z");

  it("lists the members still free at booking time", () => {
    expect(freeTeamMembersForSlot({ ...rules, busy: [], start: nine })).toEqual(["member-a", "member-b"]);
    const aTaken = { teamMemberId: "member-a", start: nine, end: at("2026-03-02T16:00:00Z") };
    expect(freeTeamMembersForSlot({ ...rules, busy: [aTaken], start: nine })).toEqual(["member-b"]);
    expect(isSlotStillOpen({ ...rules, busy: [aTaken], start: nine })).toBe(true);
  });

  it("is closed once every member is taken", () => {
    const busy = ["member-a", "member-b"].map((teamMemberId) => ({
      teamMemberId,
      start: at("2026-03-02T15:00:00Z"),
      end: at("2026-03-02T17:00:00Z"),
    }));
    expect(isSlotStillOpen({ ...rules, busy, start: nine })).toBe(false);
  });

  it("is closed off the grid, outside the hours, or inside the notice", () => {
    expect(isSlotStillOpen({ ...rules, busy: [], start: at("2026-03-02T14:10:00Z") })).toBe(false);
    expect(isSlotStillOpen({ ...rules, busy: [], start: at("2026-03-02T21:00:00Z") })).toBe(false); // 16:00
    expect(isSlotStillOpen({ ...rules, busy: [], start: at("2026-03-07T14:00:00Z") })).toBe(false); // Saturday
    expect(isSlotStillOpen({ ...rules, now: at("2026-03-02T12:00:00Z"), busy: [], start: nine })).toBe(false);
  });

  it("agrees with computeSlots across a DST change", () => {
    const monday = at("2026-03-09T13:00:00Z"); // 09:00 EDT
    expect(isSlotStillOpen({ ...rules, busy: [], start: monday })).toBe(true);
    expect(isSlotStillOpen({ ...rules, busy: [], start: at("2026-03-09T14:00:00Z") })).toBe(true);
    expect(isSlotStillOpen({ ...rules, busy: [], start: at("2026-03-09T12:00:00Z") })).toBe(false); // 08:00
  });
});

describe("pickTeamMember", () => {
  const slot = { teamMemberIds: ["member-c", "member-a", "member-b"] };

  it("picks the least loaded member", () => {
    expect(pickTeamMember(slot, { "member-a": 3, "member-b": 1, "member-c": 2 })).toBe("member-b");
  });

  it("breaks ties by id, a missing load counting as 0", () => {
    expect(pickTeamMember(slot, { "member-a": 1 })).toBe("member-b");
    expect(pickTeamMember(slot)).toBe("member-a");
  });

  it("takes a Map of loads", () => {
    expect(
      pickTeamMember(
        slot,
        new Map([
          ["member-a", 2],
          ["member-b", 2],
          ["member-c", 1],
        ]),
      ),
    ).toBe("member-c");
  });

  it("returns null when nobody is free", () => {
    expect(pickTeamMember({ teamMemberIds: [] }, {})).toBeNull();
  });
});

describe("the booking horizon (ADR 043)", () => {
  it("offers no slot starting more than 180 days after now", () => {
    const now = new Date("2026-03-02T12:00:00Z");
    const last = latestBookableStart(now);
    const result = computeSlots({
      now,
      timeZone: "America/Toronto",
      serviceDurationMinutes: 60,
      cars: 1,
      members: [
        {
          id: "m",
          availability: [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
            dayOfWeek,
            startTime: "00:00:00",
            endTime: "23:30:00",
            isAvailable: true,
          })),
        },
      ],
      busy: [],
      from: "2026-08-27",
      days: 5,
    });
    const starts = result.days.flatMap((d) => d.slots.map((slot) => slot.start.getTime()));
    expect(starts.length).toBeGreaterThan(0);
    expect(Math.max(...starts)).toBeLessThanOrEqual(last.getTime());
    expect(result.days.at(-1)?.slots).toEqual([]);
  });

  it("accepts starts up to the horizon, and slot lists from yesterday to the horizon's day", () => {
    const now = new Date("2026-03-02T12:00:00Z");
    expect(isWithinBookingHorizon(new Date("2026-08-29T11:00:00Z"), now)).toBe(true);
    expect(isWithinBookingHorizon(new Date("2026-08-29T12:00:01Z"), now)).toBe(false);
    expect(isWithinBookingHorizon(new Date("9999-12-31T09:00:00-05:00"), now)).toBe(false);
    expect(isWithinBookingHorizon(new Date("invalid"), now)).toBe(false);
    expect(slotsFromRange(now)).toEqual({ min: "2026-03-01", max: "2026-08-29" });
    expect(isSlotsFromInRange("2026-03-01", now)).toBe(true);
    expect(isSlotsFromInRange("2026-02-28", now)).toBe(false);
    expect(isSlotsFromInRange("2026-08-30", now)).toBe(false);
    expect(isSlotsFromInRange("9999-12-31", now)).toBe(false);
  });
});
