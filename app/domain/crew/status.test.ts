import { describe, expect, it } from "vitest";
import { nextStopArrival, roundedArrival, stepsAfter, tapOutcome } from "./status";

describe("the crew's steps (ADR 078)", () => {
  it("offers the steps ahead only", () => {
    expect(stepsAfter(null)).toEqual(["en_route", "arrived", "started", "finished"]);
    expect(stepsAfter("arrived")).toEqual(["started", "finished"]);
    expect(stepsAfter("finished")).toEqual([]);
  });

  it("records a step once, skips forward, never back", () => {
    expect(tapOutcome([], "arrived")).toBe("record");
    expect(tapOutcome(["arrived"], "arrived")).toBe("already");
    expect(tapOutcome(["arrived"], "en_route")).toBe("backwards");
    expect(tapOutcome(["en_route", "arrived"], "en_route")).toBe("already");
  });

  it("tells an arrival rounded up to 5 minutes", () => {
    expect(roundedArrival(new Date("2026-03-09T14:31:10Z")).toISOString()).toBe("2026-03-09T14:35:00.000Z");
    expect(roundedArrival(new Date("2026-03-09T14:35:00Z")).toISOString()).toBe("2026-03-09T14:35:00.000Z");
  });

  it("finds the next stop late when the job starts late", () => {
    const stop = { startAt: new Date("2026-03-09T13:00:00Z"), endAt: new Date("2026-03-09T14:00:00Z") };
    const nextStartAt = new Date("2026-03-09T14:30:00Z");
    expect(
      nextStopArrival({ arrivalAt: new Date("2026-03-09T12:50:00Z"), stop, travelMinutes: 20, nextStartAt })
        .minutesLate,
    ).toBe(0);
    expect(
      nextStopArrival({ arrivalAt: new Date("2026-03-09T13:25:00Z"), stop, travelMinutes: 20, nextStartAt }),
    ).toEqual({
      expectedAt: new Date("2026-03-09T14:45:00Z"),
      minutesLate: 15,
    });
  });
});
