import { describe, expect, it } from "vitest";
import { keepChoices } from "./kept-choices";

const days = [{ slots: [{ start: "2026-03-09T09:00:00-04:00" }, { start: "2026-03-09T13:00:00-04:00" }] }];

describe("keepChoices", () => {
  it("keeps the time and the extras still offered", () => {
    expect(
      keepChoices(
        { start: "2026-03-09T13:00:00-04:00", extras: ["cire", "cire"] },
        { days, extras: ["cire"] },
      ),
    ).toEqual({ start: "2026-03-09T13:00:00-04:00", extras: ["cire"], lostStart: null, lostExtras: 0 });
  });

  it("names a time no longer open and counts the extras no longer offered", () => {
    expect(
      keepChoices(
        { start: "2026-03-10T09:00:00-04:00", extras: ["cire", "ozone"] },
        { days, extras: ["cire"] },
      ),
    ).toEqual({ start: null, extras: ["cire"], lostStart: "2026-03-10T09:00:00-04:00", lostExtras: 1 });
  });

  it("keeps nothing when nothing was chosen", () => {
    expect(keepChoices({ start: null, extras: [] }, { days: [], extras: [] })).toEqual({
      start: null,
      extras: [],
      lostStart: null,
      lostExtras: 0,
    });
  });
});
