import { describe, expect, it } from "vitest";
import { dayRoute } from "./day-route";
import type { GeoPoint } from "./travel-time";

const A: GeoPoint = { lat: 45.4, lon: -72.73 };
const B: GeoPoint = { lat: 45.5, lon: -72.73 };
/** 20 minutes between any two different points, for readable sums. */
const twenty = (a: GeoPoint, b: GeoPoint) => (a.lat === b.lat && a.lon === b.lon ? 0 : 20);
const at = (time: string) => new Date(`2026-03-09T${time}:00-04:00`);
const stop = (id: string, start: string, end: string, point: GeoPoint | null) => ({
  id,
  start: at(start),
  end: at(end),
  point,
});

describe("a member's day route", () => {
  it("orders the stops, drives from the base, and adds up the drives", () => {
    const route = dayRoute(
      [stop("3", "14:00", "15:30", A), stop("1", "09:00", "10:30", B), stop("2", "11:00", "12:30", A)],
      { base: A, driveTime: twenty, fixedBufferMinutes: 30 },
    );
    expect(route.legs.map((l) => l.stop.id)).toEqual(["1", "2", "3"]);
    expect(route.legs.map((l) => l.driveMinutes)).toEqual([20, 20, 0]);
    expect(route.totalDriveMinutes).toBe(40);
    expect(route.lateStops).toBe(0);
    // 10:30 + 10 min set-up + 20 min drive.
    expect(route.legs[1]!.earliestArrival).toEqual(at("11:00"));
  });

  it("says by how much a member is late when the trip does not fit", () => {
    const route = dayRoute([stop("1", "09:00", "10:30", A), stop("2", "10:45", "12:15", B)], {
      base: A,
      driveTime: twenty,
      fixedBufferMinutes: 30,
    });
    expect(route.legs[1]!.lateMinutes).toBe(15);
    expect(route.lateStops).toBe(1);
  });

  it("checks a stop without a point against the fixed buffer and leaves it out of the total", () => {
    const route = dayRoute([stop("1", "09:00", "10:30", A), stop("2", "10:45", "12:15", null)], {
      base: A,
      driveTime: twenty,
      fixedBufferMinutes: 30,
    });
    expect(route.legs[1]!.driveMinutes).toBeNull();
    expect(route.legs[1]!.lateMinutes).toBe(15);
    expect(route.unknownLegs).toBe(1);
    expect(route.totalDriveMinutes).toBe(0);
  });
});
