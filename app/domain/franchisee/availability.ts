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

/** docs/product.md, section 7: ordered by day of the week, then start time. */
export function sortWeekly<T extends WeeklyRange>(ranges: readonly T[]): T[] {
  return [...ranges].sort(
    (a, b) => a.dayOfWeek - b.dayOfWeek || timeToMinutes(a.startTime) - timeToMinutes(b.startTime),
  );
}

/** Monday to Friday, 9 h to 17 h: a new member's hours when no pattern is shared (issue 33). */
export const DEFAULT_WEEK: readonly WeeklyRange[] = [1, 2, 3, 4, 5].map((dayOfWeek) => ({
  dayOfWeek,
  startTime: "09:00",
  endTime: "17:00",
}));

/**
 * A new member's usual hours: the available weekly ranges most members share (ties go to the
 * pattern read first), else Monday to Friday 9 h to 17 h.
 */
export function usualWeek(
  members: readonly { availability: readonly (WeeklyRange & { isAvailable?: boolean })[] }[],
): WeeklyRange[] {
  const tally = new Map<string, { count: number; week: WeeklyRange[] }>();
  for (const member of members) {
    const week = sortWeekly(
      member.availability
        .filter((r) => r.isAvailable !== false)
        .map((r) => ({
          dayOfWeek: r.dayOfWeek,
          startTime: shortTime(r.startTime),
          endTime: shortTime(r.endTime),
        })),
    );
    if (week.length === 0) continue;
    const key = week.map((r) => `${r.dayOfWeek}/${r.startTime}/${r.endTime}`).join(",");
    const seen = tally.get(key);
    if (seen) seen.count++;
    else tally.set(key, { count: 1, week });
  }
  let best: { count: number; week: WeeklyRange[] } | undefined;
  for (const entry of tally.values()) if (!best || entry.count > best.count) best = entry;
  return best ? best.week : DEFAULT_WEEK.map((r) => ({ ...r }));
}
