import { describe, expect, it } from "vitest";
import { nearestStart, occurrencesBetween, occurrencesToPlace, PLACEMENT_LOOKAHEAD_DAYS } from "./recurrence";

const tz = "America/Toronto";

describe("occurrencesBetween", () => {
  it("keeps the weekday and the local time across a DST change", () => {
    // Tuesday 2026-10-20 09:30 EDT; three weeks later is 2026-11-10, after the change to EST.
    const anchorStart = new Date("2026-10-20T09:30:00-04:00");
    const list = occurrencesBetween(
      { anchorStart, intervalWeeks: 3, timeZone: tz },
      anchorStart,
      new Date("2026-12-31T00:00:00Z"),
    );
    expect(list.map((o) => o.date)).toEqual(["2026-11-10", "2026-12-01", "2026-12-22"]);
    expect(list[0]!.start.toISOString()).toBe("2026-11-10T14:30:00.000Z");
  });

  it("starts after `from` for a source in the past", () => {
    const anchorStart = new Date("2026-01-06T10:00:00-05:00");
    const list = occurrencesBetween(
      { anchorStart, intervalWeeks: 2, timeZone: tz },
      new Date("2026-03-01T00:00:00Z"),
      new Date("2026-03-20T00:00:00Z"),
    );
    expect(list.map((o) => o.date)).toEqual(["2026-03-03", "2026-03-17"]);
  });
});

describe("occurrencesToPlace", () => {
  it("stays within the lookahead and after the 24 h lead", () => {
    const now = new Date("2026-05-04T12:00:00Z");
    const anchorStart = new Date("2026-05-05T09:00:00-04:00");
    const list = occurrencesToPlace({ anchorStart, intervalWeeks: 2, timeZone: tz }, now);
    const last = now.getTime() + PLACEMENT_LOOKAHEAD_DAYS * 86_400_000;
    expect(list.map((o) => o.date)).toEqual(["2026-05-19", "2026-06-02", "2026-06-16"]);
    for (const o of list) {
      expect(o.start.getTime()).toBeLessThanOrEqual(last);
      expect(o.start.getTime()).toBeGreaterThan(now.getTime() + 86_400_000);
    }
  });
});

describe("nearestStart", () => {
  it("takes the closest start, the later one on a tie", () => {
    const planned = new Date("2026-05-05T13:00:00Z");
    const at = (h: number) => new Date(`2026-05-05T${String(h).padStart(2, "0")}:00:00Z`);
    expect(nearestStart(planned, [at(9), at(12), at(14), at(16)])).toEqual(at(14));
    expect(nearestStart(planned, [])).toBeNull();
  });
});
