import { describe, expect, it } from "vitest";
import { PEN_MAX, PEN_MIN, penWidth } from "./signature-pad";

describe("penWidth", () => {
  it("stays between 0.5 and 2.5, thinner when the hand moves fast", () => {
    let slow = 1.5;
    let fast = 1.5;
    for (let i = 0; i < 20; i++) {
      slow = penWidth(slow, 1, 16);
      fast = penWidth(fast, 80, 16);
    }
    expect(slow).toBeCloseTo(PEN_MAX, 1);
    expect(fast).toBeCloseTo(PEN_MIN, 1);
  });

  it("follows a pen's pressure when it reports one", () => {
    let width = 1.5;
    for (let i = 0; i < 20; i++) width = penWidth(width, 80, 16, 1);
    expect(width).toBeCloseTo(PEN_MAX, 1);
    expect(penWidth(1.5, 0, 0)).toBeLessThanOrEqual(PEN_MAX);
  });
});
