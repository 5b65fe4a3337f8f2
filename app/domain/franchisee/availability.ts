/** Rules of a member's weekly availability (local wall time, day 0 = Sunday). */

/** `HH:MM[:SS]` -> minutes since midnight (`24:00` = 1440). */
export function timeToMinutes(time: string): number {
  const [h, m] = time.split(":");
  return Number(h) * 60 + Number(m);
}

/** `09:00:00` -> `09:00`. */
export function shortTime(time: string): string {
  return time.slice(0, 5);
}

export interface WeeklyRange {
  id?: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

/**
 * The existing range of the same day that `candidate` overlaps, if any. Touching ranges
 * (09:00-12:00 then 12:00-17:00) do not overlap (ADR 020).
 */
export function findOverlap<T extends WeeklyRange>(
  existing: readonly T[],
  candidate: WeeklyRange,
): T | undefined {
  const start = timeToMinutes(candidate.startTime);
  const end = timeToMinutes(candidate.endTime);
  return existing.find(
    (range) =>
      range.id !== candidate.id &&
      range.dayOfWeek === candidate.dayOfWeek &&
      timeToMinutes(range.startTime) < end &&
      timeToMinutes(range.endTime) > start,
  );
}

/** Spec section 7: ordered by day of the week, then start time. */
export function sortWeekly<T extends WeeklyRange>(ranges: readonly T[]): T[] {
  return [...ranges].sort(
    (a, b) => a.dayOfWeek - b.dayOfWeek || timeToMinutes(a.startTime) - timeToMinutes(b.startTime),
  );
}
