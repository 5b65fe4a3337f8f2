import { describe, expect, it } from "vitest";
import { lanes } from "./schedule-grid-layout";

const at = (time: string) => `2026-03-10T${time}:00-04:00`;
const block = (id: string, start: string, end: string) => ({ id, startAt: at(start), endAt: at(end) });

describe("the week grid's lanes", () => {
  it("puts concurrent blocks side by side and leaves a block alone at full width", () => {
    const layout = lanes([
      block("a", "09:00", "10:00"),
      block("b", "09:30", "10:30"),
      block("c", "09:45", "10:15"),
      block("alone", "13:00", "14:00"),
    ]);
    expect(layout.get("a")).toEqual({ lane: 0, of: 3 });
    expect(layout.get("b")).toEqual({ lane: 1, of: 3 });
    expect(layout.get("c")).toEqual({ lane: 2, of: 3 });
    expect(layout.get("alone")).toEqual({ lane: 0, of: 1 });
  });

  it("reuses a freed lane within a cluster", () => {
    const layout = lanes([
      block("a", "09:00", "10:00"),
      block("b", "09:30", "11:00"),
      block("c", "10:00", "10:30"),
    ]);
    expect(layout.get("c")).toEqual({ lane: 0, of: 2 });
    expect(layout.get("b")).toEqual({ lane: 1, of: 2 });
  });

  it("treats a short job as tall as its drawn block", () => {
    // A 15 min job is drawn at least 44 px tall (about 41 min): the next one would sit under it.
    const layout = lanes([block("short", "09:00", "09:15"), block("next", "09:30", "10:00")]);
    expect(layout.get("short")?.of).toBe(2);
    // Without the minimum, they follow each other in one lane.
    const exact = lanes([block("short", "09:00", "09:15"), block("next", "09:30", "10:00")], 0);
    expect(exact.get("next")).toEqual({ lane: 0, of: 1 });
  });
});
