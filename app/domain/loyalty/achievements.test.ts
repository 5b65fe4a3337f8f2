import { describe, expect, it } from "vitest";
import { achievementForCompletedCount } from "./achievements";

describe("achievementForCompletedCount", () => {
  it("marks the first, fifth and tenth wash only", () => {
    expect([1, 2, 4, 5, 6, 10, 11].map(achievementForCompletedCount)).toEqual([
      "first_wash",
      null,
      null,
      "fifth_wash",
      null,
      "tenth_wash",
      null,
    ]);
  });
});
