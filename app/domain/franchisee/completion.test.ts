import { describe, expect, it } from "vitest";
import { canCompleteAt } from "./completion";

describe("completing an appointment", () => {
  it("is allowed from its start, never before", () => {
    const start = new Date("2026-03-09T09:00:00-04:00");
    expect(canCompleteAt(start, new Date("2026-03-09T08:59:59-04:00"))).toBe(false);
    expect(canCompleteAt(start, start)).toBe(true);
    expect(canCompleteAt(start, new Date("2026-03-09T10:30:00-04:00"))).toBe(true);
  });
});
