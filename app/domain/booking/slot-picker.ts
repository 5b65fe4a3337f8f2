/**
 * The pure rules of the slot picker (issue 14, item 3; ADR 045): the strip of days, the times of
 * a day grouped by part of day on the business clock, and the free times nearest to one that was
 * just taken. No clock is read here: the first day of the strip comes from the slot list.
 */
import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  dayOfWeekOf,
  instantToZonedParts,
  localDate,
} from "~/domain/time/zoned";

/** Days shown by the picker, as the slot list (ADR 008). */
export const PICKER_DAYS = 30;
/** Free times offered when the chosen one was taken. */
const NEAREST_COUNT = 4;

export interface PickerSlot {
  /** ISO 8601 with the local offset: 2026-03-09T09:00:00-04:00. */
  start: string;
  end: string;
}

export interface PickerDay {
  /** Local calendar day, yyyy-MM-dd. */
  date: string;
  slots: readonly PickerSlot[];
}

export interface StripDay {
  date: string;
  /** False when the day has no open slot (full or closed). */
  open: boolean;
  slots: readonly PickerSlot[];
}

/**
 * `length` consecutive calendar days from `from` (DST weekends included: calendar arithmetic,
 * never 24 h steps). A day missing from `days` is closed.
 */
export function buildDayStrip(
  days: readonly PickerDay[],
  from: string,
  length: number = PICKER_DAYS,
): StripDay[] {
  const byDate = new Map(days.map((day) => [day.date, day.slots]));
  return Array.from({ length }, (_, index) => {
    const date = addDaysToDateString(from, index);
    const slots = byDate.get(date) ?? [];
    return { date, open: slots.length > 0, slots };
  });
}

export type DayPart = "morning" | "afternoon" | "evening";

const DAY_PARTS: readonly DayPart[] = ["morning", "afternoon", "evening"];

/** Before noon: morning; noon to 17:00: afternoon; from 17:00: evening (local wall time). */
export function dayPartOf(start: string, timeZone: string = BUSINESS_TIME_ZONE): DayPart {
  const hour = Number(instantToZonedParts(new Date(start), timeZone).time.slice(0, 2));
  if (hour < 12) return "morning";
  return hour < 17 ? "afternoon" : "evening";
}

/** The slots of a day in morning, afternoon and evening groups, in order; empty groups left out. */
export function groupByDayPart<T extends { start: string }>(
  slots: readonly T[],
  timeZone: string = BUSINESS_TIME_ZONE,
): { part: DayPart; slots: T[] }[] {
  const groups = new Map<DayPart, T[]>(DAY_PARTS.map((part) => [part, []]));
  const sorted = [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const slot of sorted) groups.get(dayPartOf(slot.start, timeZone))!.push(slot);
  return DAY_PARTS.map((part) => ({ part, slots: groups.get(part)! })).filter((g) => g.slots.length > 0);
}

/**
 * The `count` open slots closest in time to `lost` (ties: the earlier first), in time order.
 * `lost` itself is never offered.
 */
export function nearestFreeSlots(
  days: readonly PickerDay[],
  lost: string,
  count: number = NEAREST_COUNT,
): PickerSlot[] {
  const target = Date.parse(lost);
  if (Number.isNaN(target)) return [];
  return days
    .flatMap((day) => day.slots)
    .filter((slot) => Date.parse(slot.start) !== target)
    .map((slot) => ({ slot, at: Date.parse(slot.start) }))
    .sort((a, b) => Math.abs(a.at - target) - Math.abs(b.at - target) || a.at - b.at)
    .slice(0, count)
    .sort((a, b) => a.at - b.at)
    .map(({ slot }) => slot);
}

/**
 * The day the picker opens on: the one asked for (a day of the strip), else the day of the chosen
 * start, else the day of the current appointment, else the first open day, else the first day.
 */
export function initialDay(
  strip: readonly StripDay[],
  {
    requested,
    chosen,
    current,
  }: { requested?: string | null; chosen?: string | null; current?: string | null },
  timeZone: string = BUSINESS_TIME_ZONE,
): string | null {
  const inStrip = (date: string | null | undefined) =>
    date && strip.some((day) => day.date === date) ? date : null;
  return (
    inStrip(requested) ??
    inStrip(chosen ? localDate(chosen, timeZone) : null) ??
    inStrip(current ? localDate(current, timeZone) : null) ??
    strip.find((day) => day.open)?.date ??
    strip[0]?.date ??
    null
  );
}

/** The keys of the day calendar (the WAI-ARIA date grid's, without the year keys). */
export const DAY_KEYS = [
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
] as const;
export type DayKey = (typeof DAY_KEYS)[number];

export function isDayKey(key: string): key is DayKey {
  return (DAY_KEYS as readonly string[]).includes(key);
}

/** 'yyyy-MM-dd' one month later or earlier, the day clamped to the month's last (31 Jan -> 28 Feb). */
function shiftMonth(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Whole calendar days from `a` to `b` (both yyyy-MM-dd). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * The open day a key moves to from `from` in the calendar, or null to stay: left and right, the
 * previous and next open day; up and down, a week earlier or later; Home and End, the first and
 * last open day of the week (Monday to Sunday); PageUp and PageDown, the same date a month
 * earlier or later. A target that is closed moves on in the key's direction to the next open day;
 * past the strip's end (or with no open day left that way), to the open day nearest it on the
 * way back, never back past `from`.
 */
export function dayForKey(strip: readonly StripDay[], from: string, key: DayKey): string | null {
  const index = strip.findIndex((day) => day.date === from);
  if (index < 0) return null;
  const last = strip.length - 1;
  const search = (start: number, step: 1 | -1, stop: number): string | null => {
    for (let i = start; step > 0 ? i <= stop : i >= stop; i += step) {
      if (strip[i]?.open) return strip[i]!.date;
    }
    return null;
  };
  const towards = (target: number, step: 1 | -1): string | null => {
    if (step > 0) {
      const t = Math.min(target, last);
      if (t <= index) return null;
      return search(t, 1, last) ?? search(t - 1, -1, index + 1);
    }
    const t = Math.max(target, 0);
    if (t >= index) return null;
    return search(t, -1, 0) ?? search(t + 1, 1, index - 1);
  };
  const weekday = (dayOfWeekOf(from) + 6) % 7; // Monday 0 ... Sunday 6
  switch (key) {
    case "ArrowRight":
      return search(index + 1, 1, last);
    case "ArrowLeft":
      return search(index - 1, -1, 0);
    case "ArrowDown":
      return towards(index + 7, 1);
    case "ArrowUp":
      return towards(index - 7, -1);
    case "Home":
      return search(Math.max(index - weekday, 0), 1, index - 1);
    case "End":
      return search(Math.min(index + 6 - weekday, last), -1, index + 1);
    case "PageDown":
      return towards(index + daysBetween(from, shiftMonth(from, 1)), 1);
    case "PageUp":
      return towards(index + daysBetween(from, shiftMonth(from, -1)), -1);
  }
}
