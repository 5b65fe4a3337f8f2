import { BUSINESS_TIME_ZONE, localDate } from "~/domain/time/zoned";
import { isSlotsFromInRange } from "~/domain/booking/horizon";
import { computeSlots, DEFAULT_RANGE_DAYS } from "~/domain/booking/slots";
import type { GeoPoint } from "~/domain/travel/travel-time";
import { AppError } from "~/lib/errors";
import { driveTimesFor, pairsAroundSite } from "../travel/drive-times.server";
import type { Db } from "../../db.server";
import {
  busyWindow,
  loadBookableZone,
  loadBookingService,
  loadBusy,
  loadTeam,
} from "./booking-context.server";

/** The answer of GET /api/slots (docs/http-api.md, 'Booking'): ISO 8601 instants with the local offset. */
export interface OpenSlots {
  zone: string;
  cars: number;
  /** Service duration x cars (the travel buffer is not included). */
  duration_minutes: number;
  /** Every day of the range, in order; an empty `slots` list means the day is full or closed. */
  days: { date: string; slots: { start: string; end: string }[] }[];
}

export interface ListOpenSlotsInput {
  zoneSlug: string;
  cars: number;
  /** First local day, `yyyy-MM-dd`; today (local) by default. */
  from?: string;
  /** Default 30 (ADR 008). */
  days?: number;
  /** The first active service by default. */
  serviceId?: string;
  /**
   * The service address's point (ADR 048): each start then leaves the member time to drive from
   * the previous job (or the zone's base) and to the next one. Without it, the fixed buffer.
   */
  site?: GeoPoint | null;
  /** A booking being moved: its own time is not busy (ADR 048, the same as the move's re-check). */
  exceptAppointmentId?: string;
  now: Date;
}

/**
 * The open slots of a zone (ADR 008): its franchisee's active team members, their weekly
 * availability and scheduled appointments, and the drive to and from `site` (ADR 048). Unknown zone: NOT_FOUND; not taking bookings:
 * ZONE_NOT_ACTIVE; a first day too far off: BEYOND_BOOKING_HORIZON.
 */
export async function listOpenSlots(
  db: Db,
  {
    zoneSlug,
    cars,
    from,
    days = DEFAULT_RANGE_DAYS,
    serviceId,
    site = null,
    exceptAppointmentId,
    now,
  }: ListOpenSlotsInput,
): Promise<OpenSlots> {
  // A first day out of [today - 1, today + horizon] is refused before anything is computed.
  if (from !== undefined && !isSlotsFromInRange(from, now, BUSINESS_TIME_ZONE)) {
    throw new AppError("BEYOND_BOOKING_HORIZON");
  }
  const zone = await loadBookableZone(db, zoneSlug);
  const service = await loadBookingService(db, serviceId);
  const members = await loadTeam(db, zone.franchiseeId);
  const firstDay = from ?? localDate(now);
  const busy = await loadBusy(
    db,
    members.map((m) => m.id),
    busyWindow(firstDay, days),
    exceptAppointmentId,
  );
  // One set of drive times for the whole list (never one lookup per slot).
  const driveTime = site
    ? await driveTimesFor(pairsAroundSite(site, [zone.base, ...busy.map((range) => range.point)]))
    : undefined;
  const result = computeSlots({
    now,
    timeZone: BUSINESS_TIME_ZONE,
    serviceDurationMinutes: service.durationMinutes,
    cars,
    members,
    busy,
    from: firstDay,
    days,
    site,
    base: site ? zone.base : null,
    driveTime,
  });
  return {
    zone: zone.routeSlug,
    cars,
    duration_minutes: result.durationMinutes,
    days: result.days.map((day) => ({
      date: day.date,
      slots: day.slots.map((slot) => ({ start: slot.startIso, end: slot.endIso })),
    })),
  };
}
