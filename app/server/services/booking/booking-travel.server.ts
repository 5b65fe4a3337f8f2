/**
 * The travel rule (ADR 048) where a booking is placed or moved: the drive times of a day, the
 * range the exclusion constraint guards, and the open times for moving an existing booking.
 */
import { eq } from "drizzle-orm";
import { appointments, serviceZones } from "#db/schema";
import { DEFAULT_TRAVEL_BUFFER_MINUTES, type SlotMember } from "~/domain/booking/slots";
import { DEFAULT_TRAVEL_SETTINGS, type GeoPoint } from "~/domain/travel/travel-time";
import { BOOKING_ID_PATTERN } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import type { DriveTime } from "~/domain/travel/travel-time";
import { driveTimesFor, routingFromEnv } from "../travel/drive-times.server";
import type { Db, Tx } from "../../db.server";
import { busyWindow, loadBusy } from "./booking-context.server";
import { listOpenSlots, type OpenSlots } from "./list-open-slots.server";
import { localDate } from "~/domain/time/zoned";

type Queryable = Db | Tx;

/**
 * The end of the range the exclusion constraint guards: with a point, the end of service plus
 * the set-up every trip has (the drive itself is the travel check's business); without one, the
 * fixed buffer of ADR 008.
 */
export function blockedUntilFor(endAt: Date, site: GeoPoint | null): Date {
  const minutes = site ? DEFAULT_TRAVEL_SETTINGS.setupMinutes : DEFAULT_TRAVEL_BUFFER_MINUTES;
  return new Date(endAt.getTime() + minutes * 60_000);
}

/**
 * The drive times a booking's re-check needs: the estimate, or with a routing engine its
 * answers for the pairs among the site, the base and that day's jobs (a job booked meanwhile
 * elsewhere gets the estimate). Undefined without a site or an engine: the rule then estimates.
 */
export async function dayDriveTimes(
  db: Queryable,
  site: GeoPoint | null,
  base: GeoPoint,
  members: readonly { id: string }[],
  startAt: Date,
  exceptAppointmentId?: string,
): Promise<DriveTime | undefined> {
  const routing = routingFromEnv();
  if (!site || !routing) return undefined;
  const busy = await loadBusy(
    db,
    members.map((m) => m.id),
    busyWindow(localDate(startAt), 1),
    exceptAppointmentId,
  );
  const points = [site, base, ...busy.flatMap((range) => (range.point ? [range.point] : []))];
  return driveTimesFor([{ from: points, to: points }], routing);
}

function pointOf(row: { latitude: number | null; longitude: number | null }): GeoPoint | null {
  return row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lon: row.longitude } : null;
}

/**
 * What the re-check of a move needs (inside its transaction, after the access check): the
 * booking's own point as the site, its zone's base, and the day's drive times. A booking made
 * before points existed has none: the fixed buffer, as before.
 */
export async function travelForMove(
  tx: Tx,
  appointment: Pick<typeof appointments.$inferSelect, "id" | "zoneId" | "latitude" | "longitude">,
  members: readonly SlotMember[],
  startAt: Date,
): Promise<{ site: GeoPoint | null; base: GeoPoint; driveTime: DriveTime | undefined }> {
  const [zone] = await tx
    .select({ lat: serviceZones.centerLatitude, lon: serviceZones.centerLongitude })
    .from(serviceZones)
    .where(eq(serviceZones.id, appointment.zoneId));
  if (!zone) throw new AppError("NOT_FOUND");
  const site = pointOf(appointment);
  const base = { lat: zone.lat, lon: zone.lon };
  return { site, base, driveTime: await dayDriveTimes(tx, site, base, members, startAt, appointment.id) };
}

/**
 * The open times to move a booking to (the manage page, the booking desk): its zone, service and
 * cars (or the cars it changes to), the drive to and from its address as for a new booking, and
 * its own current time not counted as busy. The same rule as the move's re-check.
 */
export async function listOpenSlotsForMove(
  db: Db,
  {
    bookingId,
    cars,
    from,
    days,
    now,
  }: { bookingId: string; cars?: number; from?: string; days?: number; now: Date },
): Promise<OpenSlots> {
  if (!BOOKING_ID_PATTERN.test(bookingId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({
      id: appointments.id,
      cars: appointments.cars,
      serviceId: appointments.serviceId,
      latitude: appointments.latitude,
      longitude: appointments.longitude,
      zoneSlug: serviceZones.routeSlug,
    })
    .from(appointments)
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .where(eq(appointments.bookingId, bookingId));
  if (!row) throw new AppError("NOT_FOUND");
  return listOpenSlots(db, {
    zoneSlug: row.zoneSlug,
    cars: cars ?? row.cars,
    serviceId: row.serviceId,
    from,
    days,
    site: pointOf(row),
    exceptAppointmentId: row.id,
    now,
  });
}
