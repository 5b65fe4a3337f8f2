import { describe, expect, it } from "vitest";
import { canTakeAppointment, coversAppointment, isFreeOf } from "./assignment";

const TZ = "America/Toronto";
// Tuesday 2026-03-10, 10:00-11:30 EDT, blocked until 12:00.
const appointment = {
  start: new Date("2026-03-10T14:00:00Z"),
  end: new Date("2026-03-10T15:30:00Z"),
  blockedUntil: new Date("2026-03-10T16:00:00Z"),
};
const tuesday = (startTime: string, endTime: string, isAvailable = true) => ({
  dayOfWeek: 2,
  startTime,
  endTime,
  isAvailable,
});

describe("reassignment rules", () => {
  it("needs an available window of that weekday covering the whole service", () => {
    expect(coversAppointment([tuesday("10:00", "14:00")], appointment, TZ)).toBe(true);
    expect(coversAppointment([tuesday("10:00", "11:00")], appointment, TZ)).toBe(false);
    expect(coversAppointment([tuesday("10:30", "14:00")], appointment, TZ)).toBe(false);
    expect(coversAppointment([tuesday("10:00", "14:00", false)], appointment, TZ)).toBe(false);
    expect(coversAppointment([{ ...tuesday("10:00", "14:00"), dayOfWeek: 3 }], appointment, TZ)).toBe(false);
    // Touching windows merge; the travel buffer may run past the window.
    expect(coversAppointment([tuesday("11:00", "11:30"), tuesday("09:00", "11:00")], appointment, TZ)).toBe(
      true,
    );
  });

  it("refuses a member busy during [start, blocked_until), half-open", () => {
    const at = (s: string, e: string) => ({ start: new Date(s), end: new Date(e) });
    expect(isFreeOf([at("2026-03-10T12:00:00Z", "2026-03-10T14:00:00Z")], appointment)).toBe(true);
    expect(isFreeOf([at("2026-03-10T16:00:00Z", "2026-03-10T18:00:00Z")], appointment)).toBe(true);
    expect(isFreeOf([at("2026-03-10T15:45:00Z", "2026-03-10T18:00:00Z")], appointment)).toBe(false);
    expect(
      canTakeAppointment(
        {
          availability: [tuesday("09:00", "17:00")],
          busy: [at("2026-03-10T13:00:00Z", "2026-03-10T14:30:00Z")],
        },
        appointment,
        TZ,
      ),
    ).toBe(false);
  });
});
