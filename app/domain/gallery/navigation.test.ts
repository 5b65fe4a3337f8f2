import { describe, expect, it } from "vitest";

import { nextIndex, previousIndex, wrapIndex } from "./navigation";

describe("gallery navigation", () => {
  it("moves forward and backward inside the range", () => {
    expect(nextIndex(0, 17)).toBe(1);
    expect(nextIndex(7, 17)).toBe(8);
    expect(previousIndex(8, 17)).toBe(7);
  });

  it("wraps from the last image to the first", () => {
    expect(nextIndex(16, 17)).toBe(0);
  });

  it("wraps from the first image to the last", () => {
    expect(previousIndex(0, 17)).toBe(16);
  });

  it("stays on the only image of a one-image gallery", () => {
    expect(nextIndex(0, 1)).toBe(0);
    expect(previousIndex(0, 1)).toBe(0);
  });

  it("brings any integer back into the range", () => {
    expect(wrapIndex(17, 17)).toBe(0);
    expect(wrapIndex(-1, 17)).toBe(16);
    expect(wrapIndex(-18, 17)).toBe(16);
    expect(wrapIndex(35, 17)).toBe(1);
  });

  it("rejects an empty gallery", () => {
    expect(() => wrapIndex(0, 0)).toThrow(RangeError);
    expect(() => nextIndex(0, 2.5)).toThrow(RangeError);
  });
});
