/**
 * The pure rules of the slot picker (issue 14, item 3; ADR 045): the strip of days, the times of
 * a day grouped by part of day on the business clock, and the free times nearest to one that was
 * just taken. No clock is read here: the first day of the strip comes from the slot list.
 */
import { addDaysToDateString, BUSINESS_TIME_ZONE, instantToZonedParts } from "~/domain/time/zoned";

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

/** The local day of an instant given as ISO 8601. */
export function localDayOf(iso: string, timeZone: string = BUSINESS_TIME_ZONE): string {
  return instantToZonedParts(new Date(iso), timeZone).date;
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
    inStrip(chosen ? localDayOf(chosen, timeZone) : null) ??
    inStrip(current ? localDayOf(current, timeZone) : null) ??
    strip.find((day) => day.open)?.date ??
    strip[0]?.date ??
    null
  );
}
