import { describe, expect, it } from "vitest";
import {
  checkTravelSettings,
  DEFAULT_TRAVEL_SETTINGS,
  driveMinutes,
  estimatedDriveTime,
  minutesForRoadKm,
  roadDistanceKm,
  travelMinutes,
  type GeoPoint,
} from "./travel-time";

/** A point `km` kilometres north of `from` (one degree of latitude is 111.195 km). */
const north = (from: GeoPoint, km: number): GeoPoint => ({ lat: from.lat + km / 111.195, lon: from.lon });
const GRANBY: GeoPoint = { lat: 45.4, lon: -72.7333 };

describe("travel time estimate", () => {
  it("has the documented defaults", () => {
    expect(DEFAULT_TRAVEL_SETTINGS.roadFactor).toBe(1.3);
    expect(DEFAULT_TRAVEL_SETTINGS.setupMinutes).toBe(10);
    expect(DEFAULT_TRAVEL_SETTINGS.speedBands).toEqual([
      { upToKm: 3, kmPerHour: 25 },
      { upToKm: 15, kmPerHour: 45 },
      { upToKm: Infinity, kmPerHour: 80 },
    ]);
    expect(() => checkTravelSettings(DEFAULT_TRAVEL_SETTINGS)).not.toThrow();
  });

  it("takes only the set-up time between two jobs at the same point", () => {
    expect(driveMinutes(GRANBY, GRANBY)).toBe(0);
    expect(travelMinutes(GRANBY, GRANBY)).toBe(10);
  });

  it("multiplies the straight line by the road factor", () => {
    expect(roadDistanceKm(GRANBY, north(GRANBY, 10))).toBeCloseTo(13, 1);
  });

  it("drives each distance band at its speed and rounds up to the minute", () => {
    // 1 km straight = 1.3 km of streets at 25 km/h = 3.1 min.
    expect(driveMinutes(GRANBY, north(GRANBY, 1))).toBe(4);
    // 13 km of road: 3 km at 25 km/h (7.2 min) + 10 km at 45 km/h (13.3 min) = 20.5 min.
    expect(driveMinutes(GRANBY, north(GRANBY, 10))).toBe(21);
    // 39 km of road: 7.2 + 16 + 24 km at 80 km/h (18 min) = 41.2 min.
    expect(driveMinutes(GRANBY, north(GRANBY, 30))).toBe(42);
    expect(travelMinutes(GRANBY, north(GRANBY, 30))).toBe(52);
  });

  it("grows with the distance, without jumps at the band limits", () => {
    let previous = 0;
    for (let km = 0; km <= 60; km += 0.25) {
      const minutes = minutesForRoadKm(km);
      expect(minutes).toBeGreaterThanOrEqual(previous);
      expect(minutes - previous).toBeLessThan(1);
      previous = minutes;
    }
  });

  it("is the same both ways", () => {
    const a = north(GRANBY, 7);
    expect(driveMinutes(a, GRANBY)).toBe(driveMinutes(GRANBY, a));
  });

  it("takes other settings", () => {
    const slow = estimatedDriveTime({
      roadFactor: 1,
      speedBands: [{ upToKm: Infinity, kmPerHour: 60 }],
      setupMinutes: 0,
    });
    expect(slow(GRANBY, north(GRANBY, 30))).toBe(30);
  });

  it("refuses settings that make no sense", () => {
    const base = DEFAULT_TRAVEL_SETTINGS;
    expect(() => checkTravelSettings({ ...base, roadFactor: 0.5 })).toThrow(RangeError);
    expect(() => checkTravelSettings({ ...base, setupMinutes: -1 })).toThrow(RangeError);
    expect(() => checkTravelSettings({ ...base, speedBands: [{ upToKm: 5, kmPerHour: 30 }] })).toThrow(
      RangeError,
    );
    expect(() =>
      checkTravelSettings({
        ...base,
        speedBands: [
          { upToKm: 10, kmPerHour: 30 },
          { upToKm: 5, kmPerHour: 30 },
          { upToKm: Infinity, kmPerHour: 80 },
        ],
      }),
    ).toThrow(RangeError);
  });
});
