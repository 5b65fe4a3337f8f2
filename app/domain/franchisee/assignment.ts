/**
 * Whether a team member can take an appointment that is reassigned to them (ADR 021): their
 * weekly availability covers the whole service [start, end) on that local day (touching windows
 * merged, as the slot rules do), and none of their scheduled appointments overlaps the blocked
 * range [start, blocked_until). Unlike a booking, no step grid and no minimum notice apply: the
 * franchisee moves an appointment that exists.
 */
import type { AvailabilityWindow, BusyRange } from "../booking/slots";
import { instantToZonedParts, zonedWallTimeToInstant } from "../time/zoned";

export interface AppointmentRange {
  start: Date;
  end: Date;
  blockedUntil: Date;
}

export function coversAppointment(
  availability: readonly AvailabilityWindow[],
  appointment: AppointmentRange,
  timeZone: string,
): boolean {
  const { date, dayOfWeek } = instantToZonedParts(appointment.start, timeZone);
  const windows = availability
    .filter((w) => w.isAvailable && w.dayOfWeek === dayOfWeek)
    .map((w) => ({
      start: zonedWallTimeToInstant(date, w.startTime, timeZone).getTime(),
      end: zonedWallTimeToInstant(date, w.endTime, timeZone).getTime(),
    }))
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const w of windows) {
    const last = merged.at(-1);
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else merged.push({ ...w });
  }
  const start = appointment.start.getTime();
  const end = appointment.end.getTime();
  return merged.some((w) => w.start <= start && end <= w.end);
}

export function isFreeOf(
  busy: readonly Pick<BusyRange, "start" | "end">[],
  appointment: AppointmentRange,
): boolean {
  const start = appointment.start.getTime();
  const until = appointment.blockedUntil.getTime();
  return busy.every((range) => range.end.getTime() <= start || range.start.getTime() >= until);
}

export function canTakeAppointment(
  member: { availability: readonly AvailabilityWindow[]; busy: readonly Pick<BusyRange, "start" | "end">[] },
  appointment: AppointmentRange,
  timeZone: string,
): boolean {
  return coversAppointment(member.availability, appointment, timeZone) && isFreeOf(member.busy, appointment);
}
