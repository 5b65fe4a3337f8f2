/**
 * What the booking services share: the bookable zone, its team and their busy ranges, the
 * service, and the local days of the slots. The manage link's rules are in
 * manage-access.server.ts, the choice of a member in assign-member.server.ts.
 */
import { and, asc, eq, gt, gte, inArray, lt, lte, ne } from "drizzle-orm";
import { appointments, serviceZones, services, teamAvailability, teamMembers, teamTimeOff } from "#db/schema";
import type { BusyRange, SlotMember } from "~/domain/booking/slots";
import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  localDate,
  zonedWallTimeToInstant,
} from "~/domain/time/zoned";
import type { ServiceZone } from "~/domain/geo/zones";
import type { GeoPoint } from "~/domain/travel/travel-time";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";

/** Slots and availability are local to the business time zone (ADR 004, ADR 008). */

type Queryable = Db | Tx;

export interface BookableZone {
  id: string;
  zoneName: string;
  routeSlug: string;
  franchiseeId: string;
  /** Where the teams leave from at the start of the day: the zone's centre (ADR 048). */
  base: GeoPoint;
  /** The zone as the address check reads it (centre, radius, status). */
  area: ServiceZone;
}

/** The zone of a slug, if it takes bookings: NOT_FOUND when unknown, ZONE_NOT_ACTIVE otherwise. */
export async function loadBookableZone(db: Queryable, slug: string): Promise<BookableZone> {
  const [zone] = await db
    .select({
      id: serviceZones.id,
      zoneName: serviceZones.zoneName,
      routeSlug: serviceZones.routeSlug,
      status: serviceZones.status,
      franchiseeId: serviceZones.franchiseeId,
      statusLabel: serviceZones.statusLabel,
      serviceRadiusKm: serviceZones.serviceRadiusKm,
      lat: serviceZones.centerLatitude,
      lon: serviceZones.centerLongitude,
    })
    .from(serviceZones)
    .where(eq(serviceZones.routeSlug, slug));
  if (!zone) throw new AppError("NOT_FOUND");
  if (zone.status !== "active" || zone.franchiseeId === null) throw new AppError("ZONE_NOT_ACTIVE");
  return {
    id: zone.id,
    zoneName: zone.zoneName,
    routeSlug: zone.routeSlug,
    franchiseeId: zone.franchiseeId,
    base: { lat: zone.lat, lon: zone.lon },
    area: {
      zoneName: zone.zoneName,
      routeSlug: zone.routeSlug,
      centerLatitude: zone.lat,
      centerLongitude: zone.lon,
      serviceRadiusKm: zone.serviceRadiusKm,
      status: zone.status,
      statusLabel: zone.statusLabel,
    },
  };
}

interface BookingService {
  id: string;
  name: string;
  basePriceCents: number;
  durationMinutes: number;
}

/** The given active service, or the first active one (lowest sort_order); NOT_FOUND if none. */
export async function loadBookingService(db: Queryable, serviceId?: string): Promise<BookingService> {
  const [service] = await db
    .select({
      id: services.id,
      name: services.name,
      basePriceCents: services.basePriceCents,
      durationMinutes: services.durationMinutes,
    })
    .from(services)
    .where(and(eq(services.isActive, true), serviceId ? eq(services.id, serviceId) : undefined))
    .orderBy(asc(services.sortOrder), asc(services.name))
    .limit(1);
  if (!service) throw new AppError("NOT_FOUND");
  return service;
}

/** The franchisee's active team members with their weekly availability. */
export async function loadTeam(db: Queryable, franchiseeId: string): Promise<SlotMember[]> {
  const rows = await db
    .select({
      id: teamMembers.id,
      dayOfWeek: teamAvailability.dayOfWeek,
      startTime: teamAvailability.startTime,
      endTime: teamAvailability.endTime,
      isAvailable: teamAvailability.isAvailable,
    })
    .from(teamMembers)
    .leftJoin(teamAvailability, eq(teamAvailability.teamMemberId, teamMembers.id))
    .where(and(eq(teamMembers.franchiseeId, franchiseeId), eq(teamMembers.isActive, true)))
    .orderBy(asc(teamMembers.id));
  const members = new Map<string, SlotMember & { availability: SlotMember["availability"][number][] }>();
  for (const row of rows) {
    const member = members.get(row.id) ?? { id: row.id, availability: [] };
    members.set(row.id, member);
    if (
      row.dayOfWeek !== null &&
      row.startTime !== null &&
      row.endTime !== null &&
      row.isAvailable !== null
    ) {
      member.availability.push({
        dayOfWeek: row.dayOfWeek,
        startTime: row.startTime,
        endTime: row.endTime,
        isAvailable: row.isAvailable,
      });
    }
  }
  return [...members.values()];
}

/**
 * The scheduled appointments of these members that overlap [from, to), as busy ranges
 * [start_at, blocked_until), with their end of service and point for the travel rule (ADR 048).
 * `exceptAppointmentId` leaves one out (the one being moved). A member's time off (ADR 104) is a
 * busy range too, over its whole local days.
 */
export async function loadBusy(
  db: Queryable,
  memberIds: readonly string[],
  range: { from: Date; to: Date },
  exceptAppointmentId?: string,
): Promise<BusyRange[]> {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({
      teamMemberId: appointments.teamMemberId,
      start: appointments.startAt,
      end: appointments.blockedUntil,
      serviceEnd: appointments.endAt,
      lat: appointments.latitude,
      lon: appointments.longitude,
    })
    .from(appointments)
    .where(
      and(
        inArray(appointments.teamMemberId, [...memberIds]),
        eq(appointments.status, "scheduled"),
        lt(appointments.startAt, range.to),
        gt(appointments.blockedUntil, range.from),
        exceptAppointmentId ? ne(appointments.id, exceptAppointmentId) : undefined,
      ),
    );
  const off = await loadTimeOff(db, memberIds, range);
  return [
    ...rows.map(({ lat, lon, ...range }) => ({
      ...range,
      point: lat !== null && lon !== null ? { lat, lon } : null,
    })),
    ...off.map((o) => ({
      teamMemberId: o.teamMemberId,
      start: startOfLocalDay(o.startsOn),
      // A day off holds its own gap: no service end, no point (ADR 104).
      end: startOfLocalDay(addDaysToDateString(o.endsOn, 1)),
    })),
  ];
}

/**
 * The time off of these members (ADR 104) that touches the local days of [from, to), each from
 * its first day to its last (both included).
 */
export async function loadTimeOff(
  db: Queryable,
  memberIds: readonly string[],
  range: { from: Date; to: Date },
): Promise<{ id: string; teamMemberId: string; startsOn: string; endsOn: string; reason: string }[]> {
  if (memberIds.length === 0) return [];
  return db
    .select({
      id: teamTimeOff.id,
      teamMemberId: teamTimeOff.teamMemberId,
      startsOn: teamTimeOff.startsOn,
      endsOn: teamTimeOff.endsOn,
      reason: teamTimeOff.reason,
    })
    .from(teamTimeOff)
    .where(
      and(
        inArray(teamTimeOff.teamMemberId, [...memberIds]),
        lte(teamTimeOff.startsOn, localDate(range.to)),
        gte(teamTimeOff.endsOn, localDate(range.from)),
      ),
    )
    .orderBy(asc(teamTimeOff.startsOn));
}

/** Midnight of a local day, as an instant. */
export function startOfLocalDay(date: string): Date {
  return zonedWallTimeToInstant(date, "00:00", BUSINESS_TIME_ZONE);
}

/**
 * The instants whose appointments can matter for slots of local days [from, from + days): the
 * range itself plus a day after it, for a slot ending late with its travel buffer.
 */
export function busyWindow(from: string, days: number): { from: Date; to: Date } {
  return { from: startOfLocalDay(from), to: startOfLocalDay(addDaysToDateString(from, days + 1)) };
}
