/**
 * Loyalty levels by total points earned (docs/product.md, section 4, docs/product-decisions.md, 'Customer space'):
 * Bronze < 500, Silver 500-999, Gold 1000-1999, Platinum >= 2000. The progress bar is linear
 * inside the current band (0-500, 500-1000, 1000-2000) and full at 2000 or more.
 */

export type LoyaltyLevel = "Bronze" | "Silver" | "Gold" | "Platinum";

interface Band {
  level: LoyaltyLevel;
  /** total_earned at which the band starts. */
  from: number;
  /** The next goal (the start of the next band), null for the last band. */
  nextGoal: number | null;
}

const LEVEL_BANDS: readonly Band[] = [
  { level: "Bronze", from: 0, nextGoal: 500 },
  { level: "Silver", from: 500, nextGoal: 1000 },
  { level: "Gold", from: 1000, nextGoal: 2000 },
  { level: "Platinum", from: 2000, nextGoal: null },
];

export interface LevelProgress {
  level: LoyaltyLevel;
  /** 500, 1000, 2000, or null at the top level ('Niveau max'). */
  nextGoal: number | null;
  /** Points still to earn before the next goal; 0 at the top level. */
  pointsToNextGoal: number;
  /** 0 to 100, a whole number, linear inside the band; 100 at the top level. */
  percent: number;
}

/** The level and the progress bar of a client with `totalEarned` points earned in all. */
export function levelProgress(totalEarned: number): LevelProgress {
  const earned = Number.isFinite(totalEarned) ? Math.max(0, Math.floor(totalEarned)) : 0;
  const band = [...LEVEL_BANDS].reverse().find((b) => earned >= b.from) ?? LEVEL_BANDS[0]!;
  if (band.nextGoal === null) {
    return { level: band.level, nextGoal: null, pointsToNextGoal: 0, percent: 100 };
  }
  const percent = Math.floor(((earned - band.from) * 100) / (band.nextGoal - band.from));
  return {
    level: band.level,
    nextGoal: band.nextGoal,
    pointsToNextGoal: band.nextGoal - earned,
    percent: Math.min(100, Math.max(0, percent)),
  };
}

/** Whether a reward can be exchanged: a profile exists and its points cover the cost (docs/product.md, section 5). */
export function canAfford(points: number | null | undefined, pointsCost: number): boolean {
  return typeof points === "number" && points >= pointsCost;
}
