import { describe, expect, it } from "vitest";
import { canSelfServiceChange, selfServiceDeadline } from "./cancellation";

// Times are instants; the 24 h are real hours (America/Toronto offsets shown for reading).
const start = new Date("2026-03-09T13:00:00Z"); // Monday 09:00 -04:00

describe("canSelfServiceChange", () => {
  it("allows a change more than 24 h before the start", () => {
    expect(canSelfServiceChange(start, new Date("2026-03-07T12:00:00Z"))).toBe(true);
  });

  it("still allows it exactly 24 h before the start (inclusive)", () => {
    expect(canSelfServiceChange(start, new Date("2026-03-08T13:00:00Z"))).toBe(true);
    expect(selfServiceDeadline(start)).toEqual(new Date("2026-03-08T13:00:00Z"));
  });

  it("refuses it one millisecond later, and after the start", () => {
    expect(canSelfServiceChange(start, new Date("2026-03-08T13:00:00.001Z"))).toBe(false);
    expect(canSelfServiceChange(start, new Date("2026-03-09T12:00:00Z"))).toBe(false);
    expect(canSelfServiceChange(start, new Date("2026-03-10T12:00:00Z"))).toBe(false);
  });

  it("counts real hours across the March DST change (23 h of wall-clock difference)", () => {
    // Sunday 2026-03-08 09:00 -04:00 is 13:00Z: 24 real hours before Monday 09:00 -04:00.
    // Saturday 2026-03-07 09:00 -05:00 (14:00Z) is 47 real hours before.
    expect(canSelfServiceChange(start, new Date("2026-03-07T14:00:00Z"))).toBe(true);
  });

  it("refuses invalid dates", () => {
    expect(() => canSelfServiceChange(new Date("nope"), start)).toThrow(RangeError);
  });
});
