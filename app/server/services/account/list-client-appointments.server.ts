import { asc, desc, eq, inArray } from "drizzle-orm";
import { appointments, appointmentUpsells, services, serviceZones } from "#db/schema";
import { priceBooking, type BookingPrice } from "~/domain/booking/pricing";
import { formatIsoWithOffset, BUSINESS_TIME_ZONE } from "~/domain/time/zoned";
import type { Db } from "../../db.server";
import { loadClient, ownedAppointments } from "./client-owner.server";

type AppointmentStatus = (typeof appointments.status.enumValues)[number];

export interface ClientAppointment {
  bookingId: string;
  status: AppointmentStatus;
  /** ISO 8601 with the local offset (America/Toronto). */
  start: string;
  end: string;
  zoneName: string;
  serviceName: string;
  cars: number;
  upsells: { name: string; priceCents: number }[];
  /** Before taxes; `price` has the TPS and TVQ lines and the total. */
  priceCents: number;
  price: BookingPrice;
}

export interface ClientAppointments {
  /** Scheduled and not yet over, soonest first. */
  upcoming: ClientAppointment[];
  /** Everything else, most recent first. */
  past: ClientAppointment[];
  total: number;
}

/** The bookings of a signed-in client, split into upcoming and past (spec section 2, issue 6). */
export async function listClientAppointments(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<ClientAppointments> {
  const owner = await loadClient(db, userId);
  const rows = await db
    .select({
      id: appointments.id,
      bookingId: appointments.bookingId,
      status: appointments.status,
      startAt: appointments.startAt,
      endAt: appointments.endAt,
      cars: appointments.cars,
      unitPriceCents: appointments.unitPriceCents,
      priceCents: appointments.priceCents,
      zoneName: serviceZones.zoneName,
      serviceName: services.name,
    })
    .from(appointments)
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(ownedAppointments(owner))
    .orderBy(desc(appointments.startAt));
  const extras = rows.length
    ? await db
        .select({
          appointmentId: appointmentUpsells.appointmentId,
          name: appointmentUpsells.name,
          priceCents: appointmentUpsells.priceCents,
        })
        .from(appointmentUpsells)
        .where(
          inArray(
            appointmentUpsells.appointmentId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(appointmentUpsells.name))
    : [];

  const upcoming: ClientAppointment[] = [];
  const past: ClientAppointment[] = [];
  for (const row of rows) {
    const upsells = extras
      .filter((e) => e.appointmentId === row.id)
      .map(({ name, priceCents }) => ({ name, priceCents }));
    const view: ClientAppointment = {
      bookingId: row.bookingId,
      status: row.status,
      start: formatIsoWithOffset(row.startAt, BUSINESS_TIME_ZONE),
      end: formatIsoWithOffset(row.endAt, BUSINESS_TIME_ZONE),
      zoneName: row.zoneName,
      serviceName: row.serviceName,
      cars: row.cars,
      upsells,
      priceCents: row.priceCents,
      price: priceBooking({ unitPriceCents: row.unitPriceCents, cars: row.cars, upsells }),
    };
    if (row.status === "scheduled" && row.endAt.getTime() > now.getTime()) upcoming.push(view);
    else past.push(view);
  }
  upcoming.reverse();
  return { upcoming, past, total: rows.length };
}
