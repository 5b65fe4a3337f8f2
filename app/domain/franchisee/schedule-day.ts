/** The schedule's day rules (issue 33, item 8; ADR 104): which day a week opens on, and a member's free time. */

/** Minutes since local midnight of a wall time `HH:MM[:SS]` (`24:00` is 1440). */
export function minutesOfClock(hhmm: string): number {
  const [hour = 0, minute = 0] = hhmm.split(":").map(Number);
  return hour * 60 + minute;
}

/**
 * The day a week view shows first (on a phone, the only one listed): the day asked for when the
 * address names one; otherwise today when it has appointments, else the week's first day from
 * today on that has some, else today (a week without today: its first day with appointments).
 */
export function shownDay({
  days,
  today,
  asked,
  busyDays,
}: {
  days: readonly string[];
  today: string;
  asked: string | null;
  busyDays: ReadonlySet<string>;
}): string {
  if (asked) return asked;
  const from = days.includes(today) ? days.filter((d) => d >= today) : days;
  if (days.includes(today) && busyDays.has(today)) return today;
  return from.find((d) => busyDays.has(d)) ?? (days.includes(today) ? today : (days[0] ?? today));
}

/** A range of minutes since local midnight, [start, end). */
export interface MinuteRange {
  start: number;
  end: number;
}

/**
 * A member's free time on one day: their working windows of that weekday minus their
 * appointments (each from its start to its end) and minus a day off (the whole day). Ranges
 * shorter than `minimum` minutes are left out: nothing fits in them.
 */
export function freeRanges({
  windows,
  dayOfWeek,
  taken,
  off = false,
  minimum = 30,
}: {
  windows: readonly { dayOfWeek: number; startTime: string; endTime: string; isAvailable: boolean }[];
  dayOfWeek: number;
  taken: readonly MinuteRange[];
  off?: boolean;
  minimum?: number;
}): MinuteRange[] {
  if (off) return [];
  const open = windows
    .filter((w) => w.isAvailable && w.dayOfWeek === dayOfWeek)
    .map((w) => ({ start: minutesOfClock(w.startTime), end: minutesOfClock(w.endTime) }))
    .sort((a, b) => a.start - b.start);
  const busy = [...taken].sort((a, b) => a.start - b.start);
  const free: MinuteRange[] = [];
  for (const window of open) {
    let cursor = window.start;
    for (const range of busy) {
      if (range.end <= cursor || range.start >= window.end) continue;
      if (range.start > cursor) free.push({ start: cursor, end: range.start });
      cursor = Math.max(cursor, range.end);
    }
    if (cursor < window.end) free.push({ start: cursor, end: window.end });
  }
  return free.filter((r) => r.end - r.start >= minimum);
}
