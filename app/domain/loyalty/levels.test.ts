import { describe, expect, it } from "vitest";
import { canAfford, levelProgress } from "./levels";

describe("levelProgress", () => {
  it("names the level by total earned: Bronze < 500, Silver < 1000, Gold < 2000, Platinum", () => {
    expect([0, 100, 499, 500, 999, 1000, 1999, 2000, 50_000].map((n) => levelProgress(n).level)).toEqual([
      "Bronze",
      "Bronze",
      "Bronze",
      "Silver",
      "Silver",
      "Gold",
      "Gold",
      "Platinum",
      "Platinum",
    ]);
  });

  it("sets the next goal to 500, 1000, 2000, then none ('Niveau max')", () => {
    expect([100, 500, 1000, 2000].map((n) => levelProgress(n).nextGoal)).toEqual([500, 1000, 2000, null]);
  });

  it("fills the bar linearly inside the band and fully at the top", () => {
    expect(levelProgress(100)).toEqual({
      level: "Bronze",
      nextGoal: 500,
      pointsToNextGoal: 400,
      percent: 20,
    });
    expect(levelProgress(750)).toMatchObject({ percent: 50, pointsToNextGoal: 250 });
    expect(levelProgress(500)).toMatchObject({ percent: 0 });
    expect(levelProgress(1999)).toMatchObject({ level: "Gold", percent: 99, pointsToNextGoal: 1 });
    expect(levelProgress(2000)).toEqual({
      level: "Platinum",
      nextGoal: null,
      pointsToNextGoal: 0,
      percent: 100,
    });
  });

  it("treats a negative or broken total as zero", () => {
    expect(levelProgress(-10)).toMatchObject({ level: "Bronze", percent: 0 });
    expect(levelProgress(Number.NaN)).toMatchObject({ level: "Bronze", percent: 0 });
  });
});

describe("canAfford", () => {
  it("needs a profile and at least the cost", () => {
    expect(canAfford(null, 200)).toBe(false);
    expect(canAfford(undefined, 200)).toBe(false);
    expect(canAfford(199, 200)).toBe(false);
    expect(canAfford(200, 200)).toBe(true);
  });
});
