import { describe, expect, it } from "vitest";
import type { GeoPoint } from "../travel/travel-time";
import {
  addedDrivingMinutes,
  computeSlots,
  freeTeamMembersForSlot,
  pickTeamMember,
  type AvailabilityWindow,
  type BusyRange,
  type ComputeSlotsInput,
  type SlotMember,
} from "./slots";

const TZ = "America/Toronto";
const all = (startTime: string, endTime: string): AvailabilityWindow[] =>
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, startTime, endTime, isAvailable: true }));
const A: SlotMember = { id: "member-a", availability: all("09:00:00", "17:00:00") };
const B: SlotMember = { id: "member-b", availability: all("09:00:00", "17:00:00") };
const NOW = new Date("2026-02-20T12:00:00Z");
const MONDAY = "2026-03-02";

const north = (from: GeoPoint, km: number): GeoPoint => ({ lat: from.lat + km / 111.195, lon: from.lon });
const HERE: GeoPoint = { lat: 45.4, lon: -72.7333 };
/** 30 km away: 42 minutes of driving, 52 with the set-up (travel-time.test.ts). */
const FAR = north(HERE, 30);

/** A job of member A from `start` to `end` (EST, -05:00 on 2026-03-02) at `point`. */
function job(start: string, end: string, point: GeoPoint | null, member = A.id): BusyRange {
  const serviceEnd = new Date(`${MONDAY}T${end}:00-05:00`);
  return {
    teamMemberId: member,
    start: new Date(`${MONDAY}T${start}:00-05:00`),
    serviceEnd,
    end: new Date(serviceEnd.getTime() + 10 * 60_000),
    point,
  };
}

function input(overrides: Partial<ComputeSlotsInput> = {}): ComputeSlotsInput {
  return {
    now: NOW,
    from: MONDAY,
    days: 1,
    timeZone: TZ,
    serviceDurationMinutes: 60,
    cars: 1,
    travelBufferMinutes: 30,
    stepMinutes: 15,
    minimumNoticeMinutes: 240,
    members: [A],
    busy: [],
    ...overrides,
  };
}

const startTimes = (result: ReturnType<typeof computeSlots>, date = MONDAY): string[] =>
  result.days.find((d) => d.date === date)!.slots.map((s) => s.startIso.slice(11, 16));

describe("slots that know the road", () => {
  it("opens a neighbouring address right after the previous job and its set-up time", () => {
    const busy = [job("09:00", "10:00", HERE)];
    expect(startTimes(computeSlots(input({ busy, site: HERE }))).slice(0, 2)).toEqual(["10:15", "10:30"]);
    // No set-up: the very end of the previous job.
    expect(startTimes(computeSlots(input({ busy, site: HERE, setupMinutes: 0 })))[0]).toBe("10:00");
  });

  it("opens a far address only once the drive is done", () => {
    const busy = [job("09:00", "10:00", HERE)];
    // 10:00 + 10 min set-up + 42 min drive = 10:52: the next start on the grid is 11:00.
    expect(startTimes(computeSlots(input({ busy, site: FAR })))[0]).toBe("11:00");
  });

  it("leaves time to reach the next job from the new address", () => {
    const busy = [job("14:00", "15:00", HERE)];
    const near = startTimes(computeSlots(input({ busy, site: HERE })));
    const far = startTimes(computeSlots(input({ busy, site: FAR })));
    // Near: 12:45 ends at 13:45, + 10 min set-up is 13:55; 13:00 would end at the next start.
    expect(near).toContain("12:45");
    expect(near).not.toContain("13:00");
    // Far: a job ending after 13:08 (14:00 - 52 min) would make the member late.
    expect(far).toContain("12:00");
    expect(far).not.toContain("12:15");
  });

  it("reaches the first job of the day from the zone's base, without set-up", () => {
    const strict = { startOfDayAllowanceMinutes: 0 };
    expect(startTimes(computeSlots(input({ site: HERE, base: HERE, ...strict })))[0]).toBe("09:00");
    // 10 km from the base: 21 min of driving, the first start on the grid is 09:30.
    expect(startTimes(computeSlots(input({ site: north(HERE, 10), base: HERE, ...strict })))[0]).toBe(
      "09:30",
    );
    // Without a base the day starts at the window's start.
    expect(startTimes(computeSlots(input({ site: FAR, ...strict })))[0]).toBe("09:00");
  });

  it("drives the first 30 minutes from the base before the window starts, by default", () => {
    // 21 min from the base: within the allowance, the day starts at 09:00 as before.
    expect(startTimes(computeSlots(input({ site: north(HERE, 10), base: HERE })))[0]).toBe("09:00");
    // 60 km: 71 min of driving, 41 past the allowance: 09:41, so 09:45 on the grid.
    expect(startTimes(computeSlots(input({ site: north(HERE, 60), base: HERE })))[0]).toBe("09:45");
    // A job earlier in the window: the day's first trip is already behind.
    const busy = [job("09:00", "10:00", north(HERE, 60))];
    expect(startTimes(computeSlots(input({ busy, site: north(HERE, 60), base: HERE })))[0]).toBe("10:15");
  });

  it("falls back to the fixed buffer when a point is unknown", () => {
    const unknownPoint = [job("09:00", "10:00", null)];
    expect(startTimes(computeSlots(input({ busy: unknownPoint, site: FAR })))[0]).toBe("10:30");
    expect(startTimes(computeSlots(input({ busy: unknownPoint, site: HERE })))[0]).toBe("10:30");
    const knownPoint = [job("09:00", "10:00", HERE)];
    // No site (a slot list without an address): the fixed buffer, as in ADR 008.
    expect(startTimes(computeSlots(input({ busy: knownPoint })))[0]).toBe("10:30");
    expect(
      startTimes(computeSlots(input({ busy: [job("14:00", "15:00", null)], site: HERE }))),
    ).not.toContain("12:45");
  });

  it("counts the drive in real minutes on the night clocks spring forward", () => {
    // Sunday 2026-03-08: 02:00 EST jumps to 03:00 EDT. Window 01:00-06:00 local.
    const night: SlotMember = { id: "member-a", availability: all("01:00:00", "06:00:00") };
    const serviceEnd = new Date("2026-03-08T07:00:00Z"); // 03:00 EDT
    const busy: BusyRange[] = [
      {
        teamMemberId: night.id,
        start: new Date("2026-03-08T06:00:00Z"),
        serviceEnd,
        end: serviceEnd,
        point: HERE,
      },
    ];
    const day = "2026-03-08";
    const near = startTimes(computeSlots(input({ from: day, members: [night], busy, site: HERE })), day);
    const far = startTimes(computeSlots(input({ from: day, members: [night], busy, site: FAR })), day);
    expect(near[0]).toBe("03:15");
    // 07:00Z + 52 min = 07:52Z: 04:00 EDT, not 03:00 (the skipped hour is not driving time).
    expect(far[0]).toBe("04:00");
    expect(far).not.toContain("03:45");
  });

  it("counts the drive in real minutes on the night clocks fall back", () => {
    // Sunday 2026-11-01: 02:00 EDT falls back to 01:00 EST. Window 00:00-06:00 local.
    const night: SlotMember = { id: "member-a", availability: all("00:00:00", "06:00:00") };
    const serviceEnd = new Date("2026-11-01T05:00:00Z"); // 01:00 EDT, the first one
    const busy: BusyRange[] = [
      {
        teamMemberId: night.id,
        start: new Date("2026-11-01T04:00:00Z"),
        serviceEnd,
        end: serviceEnd,
        point: HERE,
      },
    ];
    const day = "2026-11-01";
    const now = new Date("2026-10-01T12:00:00Z");
    const far = computeSlots(input({ now, from: day, members: [night], busy, site: FAR })).days[0]!.slots;
    // 05:00Z + 52 min = 05:52Z: the first start is 06:00Z, 01:00 EST (the second 01:00).
    expect(far[0]!.start.toISOString()).toBe("2026-11-01T06:00:00.000Z");
    expect(far[0]!.startIso).toBe("2026-11-01T01:00:00-05:00");
  });

  it("re-checks a start with the same rule as the list", () => {
    const busy = [job("09:00", "10:00", HERE)];
    const at = (time: string) => new Date(`${MONDAY}T${time}:00-05:00`);
    expect(freeTeamMembersForSlot({ ...input({ busy, site: HERE }), start: at("10:15") })).toEqual([A.id]);
    expect(freeTeamMembersForSlot({ ...input({ busy, site: FAR }), start: at("10:15") })).toEqual([]);
    expect(freeTeamMembersForSlot({ ...input({ busy, site: FAR }), start: at("11:00") })).toEqual([A.id]);
  });
});

describe("member choice with travel", () => {
  it("gives the job to the member whose day gets the least added driving, then the least loaded", () => {
    // A has two jobs, one next door; B has one job 30 km away.
    const busy = [
      job("09:00", "10:00", HERE),
      job("15:00", "16:00", north(HERE, 1)),
      job("09:00", "10:00", FAR, B.id),
    ];
    const start = new Date(`${MONDAY}T12:00:00-05:00`);
    const added = addedDrivingMinutes({ busy, site: HERE, timeZone: TZ, start, teamMemberIds: [A.id, B.id] });
    expect(added.get(A.id)).toBe(0);
    expect(added.get(B.id)).toBe(42);
    const loads = new Map([
      [A.id, 2],
      [B.id, 1],
    ]);
    expect(pickTeamMember({ teamMemberIds: [A.id, B.id] }, loads, added)).toBe(A.id);
    // Same driving: the least loaded.
    expect(pickTeamMember({ teamMemberIds: [A.id, B.id] }, loads, new Map())).toBe(B.id);
  });

  it("counts the trip from the base for a member's first job", () => {
    const start = new Date(`${MONDAY}T12:00:00-05:00`);
    const added = addedDrivingMinutes({
      busy: [],
      site: FAR,
      base: HERE,
      timeZone: TZ,
      start,
      teamMemberIds: [A.id],
    });
    expect(added.get(A.id)).toBe(42);
    expect(addedDrivingMinutes({ busy: [], timeZone: TZ, start, teamMemberIds: [A.id] }).size).toBe(0);
  });
});
