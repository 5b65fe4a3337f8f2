/**
 * How far ahead a booking may be made (ADR 043): slots are offered, and bookings and
 * reschedules accepted, up to BOOKING_HORIZON_DAYS after now. The slot list starts at most one
 * day before today (a client a little behind the business's time zone) and at most the horizon
 * after it; dates further off are answered 400, never computed.
 */
import { addDaysToDateString, BUSINESS_TIME_ZONE, localDate } from "~/domain/time/zoned";

export const BOOKING_HORIZON_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The latest instant a booking may start at. */
export function latestBookableStart(now: Date): Date {
  return new Date(now.getTime() + BOOKING_HORIZON_DAYS * DAY_MS);
}

/** Whether a booking may start at `start` (not past the horizon; the notice rule is the slots'). */
export function isWithinBookingHorizon(start: Date, now: Date): boolean {
  const ms = start.getTime();
  return !Number.isNaN(ms) && ms <= latestBookableStart(now).getTime();
}

/** The first and last day (local, `yyyy-MM-dd`) a slot list may start on. */
export function slotsFromRange(
  now: Date,
  timeZone: string = BUSINESS_TIME_ZONE,
): { min: string; max: string } {
  const today = localDate(now, timeZone);
  return { min: addDaysToDateString(today, -1), max: addDaysToDateString(today, BOOKING_HORIZON_DAYS) };
}

/** Whether a slot list may start on `from` (a valid `yyyy-MM-dd`; the schema checks the format). */
export function isSlotsFromInRange(from: string, now: Date, timeZone: string = BUSINESS_TIME_ZONE): boolean {
  const { min, max } = slotsFromRange(now, timeZone);
  return from >= min && from <= max;
}
