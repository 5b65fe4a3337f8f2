/**
 * Achievements earned by completed washes (docs/product-decisions.md, 'Booking': +50 points
 * when the franchisee marks the appointment completed). Each type is earned at most once per
 * client.
 */

export const WELCOME_POINTS = 100;
export const COMPLETED_APPOINTMENT_POINTS = 50;

export type AchievementType = "welcome" | "first_wash" | "fifth_wash" | "tenth_wash";

/** The achievement earned when a client's completed-wash count reaches `count`, if any. */
export function achievementForCompletedCount(count: number): AchievementType | null {
  if (count === 1) return "first_wash";
  if (count === 5) return "fifth_wash";
  if (count === 10) return "tenth_wash";
  return null;
}
