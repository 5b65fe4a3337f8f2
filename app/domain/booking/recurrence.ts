/**
 * Recurring washes (issue 34, ADR 086): the dates of a series and the nearest free time when its
 * own is taken. Pure: the clock and the zone are inputs.
 */
import { BOOKING_HORIZON_DAYS } from "./horizon";
import { addDaysToDateString, instantToZonedParts, zonedWallTimeToInstant } from "~/domain/time/zoned";

/** « toutes les 2, 3, 4 ou 6 semaines ». */
export const RECURRENCE_INTERVALS = [2, 3, 4, 6] as const;
export type RecurrenceInterval = (typeof RECURRENCE_INTERVALS)[number];

/** How far ahead the daily job places occurrences: eight weeks, never past the booking horizon. */
export const PLACEMENT_LOOKAHEAD_DAYS = Math.min(56, BOOKING_HORIZON_DAYS);
/** An occurrence is not placed within 24 h of its start (the manage link's 24 h rule, ADR 008). */
export const PLACEMENT_MIN_LEAD_MS = 24 * 60 * 60_000;
/** The nearest time is looked for this many days before and after the planned day. */
export const NEAREST_SEARCH_DAYS = 3;

const DAY_MS = 24 * 60 * 60_000;

export interface Occurrence {
  /** The planned local day, `yyyy-MM-dd`. */
  date: string;
  /** The source's local wall time on that day (DST-correct). */
  start: Date;
}

/**
 * The occurrences of a series after its source (k = 1, 2, …: the source's weekday and local time
 * every `intervalWeeks`) that start after `from` and no later than `until`.
 */
export function occurrencesBetween(
  { anchorStart, intervalWeeks, timeZone }: { anchorStart: Date; intervalWeeks: number; timeZone: string },
  from: Date,
  until: Date,
): Occurrence[] {
  const anchor = instantToZonedParts(anchorStart, timeZone);
  const step = intervalWeeks * 7;
  // The first k whose day can lie after `from` (a day's margin either side for the zone).
  const firstK = Math.max(1, Math.floor((from.getTime() - anchorStart.getTime()) / (step * DAY_MS)));
  const list: Occurrence[] = [];
  for (let k = firstK; ; k++) {
    const date = addDaysToDateString(anchor.date, k * step);
    const start = zonedWallTimeToInstant(date, anchor.time, timeZone);
    if (start > until) break;
    if (start > from) list.push({ date, start });
  }
  return list;
}

/** The occurrences the daily job places now: after the 24 h lead, within the lookahead. */
export function occurrencesToPlace(
  series: { anchorStart: Date; intervalWeeks: number; timeZone: string },
  now: Date,
): Occurrence[] {
  return occurrencesBetween(
    series,
    new Date(now.getTime() + PLACEMENT_MIN_LEAD_MS),
    new Date(now.getTime() + PLACEMENT_LOOKAHEAD_DAYS * DAY_MS),
  );
}

/** The open start nearest to `planned` (the later one on a tie), or null when there is none. */
export function nearestStart(planned: Date, starts: readonly Date[]): Date | null {
  let best: Date | null = null;
  for (const start of starts) {
    if (best === null) {
      best = start;
      continue;
    }
    const d = Math.abs(start.getTime() - planned.getTime());
    const bestD = Math.abs(best.getTime() - planned.getTime());
    if (d < bestD || (d === bestD && start > best)) best = start;
  }
  return best;
}
