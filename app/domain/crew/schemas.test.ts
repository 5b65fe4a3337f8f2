import { describe, expect, it } from "vitest";
import { CrewStatusSchema, TAP_MAX_AGE_MS, tapTime } from "./schemas";

const ID = "7f1d1c1e-7a0b-4c1e-9d3e-3d2b1a0f9e8d";

describe("a crew status tap (ADR 078)", () => {
  it("takes the position only with both coordinates in range", () => {
    expect(
      CrewStatusSchema.parse({ appointmentId: ID, status: "en_route", lat: "45.4", lon: "-72.7" }),
    ).toEqual({
      appointmentId: ID,
      status: "en_route",
      position: { lat: 45.4, lon: -72.7 },
    });
    expect(
      CrewStatusSchema.parse({ appointmentId: ID, status: "arrived", lat: "", lon: "" }).position,
    ).toBeNull();
    expect(CrewStatusSchema.parse({ appointmentId: ID, status: "arrived", lat: "45.4" }).position).toBeNull();
    expect(
      CrewStatusSchema.safeParse({ appointmentId: ID, status: "en_route", lat: "95", lon: "0" }).success,
    ).toBe(false);
  });

  it("refuses an unknown step or id", () => {
    expect(CrewStatusSchema.safeParse({ appointmentId: ID, status: "parti" }).success).toBe(false);
    expect(CrewStatusSchema.safeParse({ appointmentId: "1", status: "arrived" }).success).toBe(false);
  });
});

describe("a tap kept offline by the phone (ADR 088)", () => {
  const now = new Date("2026-03-09T10:00:00-04:00");
  const base = { appointmentId: "7f0c2a8e-3b1d-4c5e-9f6a-2b3c4d5e6f70", status: "arrived" };

  it("carries the time it was made, or none", () => {
    expect(CrewStatusSchema.parse({ ...base, tappedAt: "1773064800000" }).tappedAt).toBe(1773064800000);
    expect(CrewStatusSchema.parse({ ...base, tappedAt: "" }).tappedAt).toBeUndefined();
    expect(CrewStatusSchema.safeParse({ ...base, tappedAt: "hier" }).success).toBe(false);
  });

  it("is recorded at that time only between TAP_MAX_AGE_MS ago and now", () => {
    const tenMinutesAgo = now.getTime() - 10 * 60_000;
    expect(tapTime(tenMinutesAgo, now)).toEqual(new Date(tenMinutesAgo));
    expect(tapTime(undefined, now)).toBe(now);
    // A phone's clock ahead, or a queue older than the bound: the time it arrives.
    expect(tapTime(now.getTime() + 60_000, now)).toBe(now);
    expect(tapTime(now.getTime() - TAP_MAX_AGE_MS - 1, now)).toBe(now);
  });
});
