import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { appointments, serviceZones, teamMembers } from "#db/schema";
import { DEFAULT_TRAVEL_BUFFER_MINUTES } from "~/domain/booking/slots";
import { boxAround, townsWithin } from "~/domain/geo/towns";
import { dayPeriod, periodInstants } from "~/domain/time/periods";
import { dayRoute } from "~/domain/travel/day-route";
import type { GeoPoint } from "~/domain/travel/travel-time";
import type { Db } from "../../db.server";
import { driveTimesFor } from "../travel/drive-times.server";

export interface RouteStop {
  id: string;
  bookingId: string;
  status: "scheduled" | "completed";
  startAt: Date;
  endAt: Date;
  customerName: string;
  customerPhone: string;
  cars: number;
  notes: string | null;
  address: string;
  city: string | null;
  point: GeoPoint | null;
  /** Minutes of driving from the previous stop (or the base); null when a point is unknown. */
  driveMinutes: number | null;
  /** Minutes late when the previous job and the trip do not fit before the start. */
  lateMinutes: number;
}

export interface MemberRoute {
  memberId: string;
  memberName: string;
  base: GeoPoint | null;
  baseName: string | null;
  stops: RouteStop[];
  totalDriveMinutes: number;
  unknownLegs: number;
  lateStops: number;
}

export interface DayRoutes {
  zones: {
    id: string;
    zoneName: string;
    centerLatitude: number;
    centerLongitude: number;
    serviceRadiusKm: number;
    status: "active" | "seeking_franchisee";
  }[];
  members: MemberRoute[];
  /** Towns of the offline geodata around the zones and stops, biggest first (ADR 103). */
  towns: { name: string; latitude: number; longitude: number }[];
}

/**
 * The day's route of each member of a franchisee (ADR 048): their scheduled and completed
 * appointments of that local day in order, from the base of the zone of their first stop, with
 * the drive before each stop (the routing engine's or the estimate), the total and the stops
 * they cannot reach in time (a manual reassignment can cause that: it checks overlaps only).
 * With `memberId`, that member's day only (the crew's "Ma journée", ADR 077).
 */
export async function loadDayRoutes(
  db: Db,
  { franchiseeId, date, memberId }: { franchiseeId: string; date: string; memberId?: string },
): Promise<DayRoutes> {
  const range = periodInstants(dayPeriod(date));
  const [zones, rows] = await Promise.all([
    db
      .select({
        id: serviceZones.id,
        zoneName: serviceZones.zoneName,
        centerLatitude: serviceZones.centerLatitude,
        centerLongitude: serviceZones.centerLongitude,
        serviceRadiusKm: serviceZones.serviceRadiusKm,
        status: serviceZones.status,
      })
      .from(serviceZones)
      .where(eq(serviceZones.franchiseeId, franchiseeId))
      .orderBy(asc(serviceZones.zoneName)),
    db
      .select({
        id: appointments.id,
        bookingId: appointments.bookingId,
        status: appointments.status,
        startAt: appointments.startAt,
        endAt: appointments.endAt,
        zoneId: appointments.zoneId,
        teamMemberId: appointments.teamMemberId,
        firstName: teamMembers.firstName,
        lastName: teamMembers.lastName,
        customerName: appointments.customerName,
        customerPhone: appointments.customerPhone,
        cars: appointments.cars,
        notes: appointments.notes,
        address: appointments.address,
        city: appointments.city,
        lat: appointments.latitude,
        lon: appointments.longitude,
      })
      .from(appointments)
      .innerJoin(teamMembers, eq(teamMembers.id, appointments.teamMemberId))
      .where(
        and(
          eq(appointments.franchiseeId, franchiseeId),
          // One member's day only (the crew's app, ADR 077), within the franchisee's.
          memberId ? eq(appointments.teamMemberId, memberId) : undefined,
          inArray(appointments.status, ["scheduled", "completed"]),
          gte(appointments.startAt, range.start),
          lt(appointments.startAt, range.end),
        ),
      )
      .orderBy(asc(appointments.startAt), asc(appointments.bookingId)),
  ]);

  const zoneById = new Map(zones.map((z) => [z.id, z]));
  const byMember = new Map<string, typeof rows>();
  for (const row of rows) byMember.set(row.teamMemberId, [...(byMember.get(row.teamMemberId) ?? []), row]);

  const points = new Map<string, GeoPoint>();
  for (const row of rows)
    if (row.lat !== null && row.lon !== null) points.set(row.id, { lat: row.lat, lon: row.lon });
  const allPoints = [
    ...points.values(),
    ...zones.map((z) => ({ lat: z.centerLatitude, lon: z.centerLongitude })),
  ];
  const driveTime = await driveTimesFor(allPoints.length > 0 ? [{ from: allPoints, to: allPoints }] : []);

  const members: MemberRoute[] = [...byMember.values()].map((stops) => {
    const first = stops[0]!;
    const zone = zoneById.get(first.zoneId);
    const base = zone ? { lat: zone.centerLatitude, lon: zone.centerLongitude } : null;
    const route = dayRoute(
      stops.map((row) => ({
        id: row.id,
        start: row.startAt,
        end: row.endAt,
        point: points.get(row.id) ?? null,
        row,
      })),
      { base, driveTime, fixedBufferMinutes: DEFAULT_TRAVEL_BUFFER_MINUTES },
    );
    return {
      memberId: first.teamMemberId,
      memberName: `${first.firstName} ${first.lastName}`,
      base,
      baseName: zone?.zoneName ?? null,
      stops: route.legs.map(({ stop, driveMinutes, lateMinutes }) => ({
        id: stop.row.id,
        bookingId: stop.row.bookingId,
        status: stop.row.status as RouteStop["status"],
        startAt: stop.row.startAt,
        endAt: stop.row.endAt,
        customerName: stop.row.customerName,
        customerPhone: stop.row.customerPhone,
        cars: stop.row.cars,
        notes: stop.row.notes,
        address: stop.row.address,
        city: stop.row.city,
        point: stop.point,
        driveMinutes,
        lateMinutes,
      })),
      totalDriveMinutes: route.totalDriveMinutes,
      unknownLegs: route.unknownLegs,
      lateStops: route.lateStops,
    };
  });
  members.sort((a, b) => a.memberName.localeCompare(b.memberName, "fr-CA"));
  const box = boxAround(
    zones.map((z) => ({
      latitude: z.centerLatitude,
      longitude: z.centerLongitude,
      radiusKm: z.serviceRadiusKm,
    })),
    [...points.values()].map((p) => ({ latitude: p.lat, longitude: p.lon })),
  );
  const towns = (box ? townsWithin(box) : []).map(({ name, latitude, longitude }) => ({
    name,
    latitude,
    longitude,
  }));
  return { zones, members, towns };
}
