import { eq, sql } from "drizzle-orm";
import { appointments, appointmentUpsells, promoCodes, promoRedemptions, services } from "#db/schema";
import type { AppointmentExtra } from "../booking/appointment-extras.server";
import { preparedOnce } from "../../db-statements.server";
import type { Db } from "../../db.server";
import type { BookingMailData } from "../../mail/templates.server";

export type BookingForMessages = BookingMailData & {
  status: (typeof appointments.status.enumValues)[number];
  customerPhone: string;
  smsConsent: boolean;
};

/**
 * The appointment's extras by name, read in the same statement (the mail job runs for every
 * booking: one round trip less than `loadExtrasOf`, ADR 054), with the same rows and order.
 */
const extra = appointmentUpsells;
const extrasJson = sql<AppointmentExtra[]>`coalesce((
  select json_agg(json_build_object('name', ${extra.name}, 'priceCents', ${extra.priceCents}) order by ${extra.name})
  from ${extra} where ${extra.appointmentId} = ${appointments.id}), '[]'::json)`;

/** The appointment with its service, promo code and extras (built and named once: ADR 054). */
const bookingForMessages = preparedOnce((db) =>
  db
    .select({
      appointment: appointments,
      serviceName: services.name,
      promoCode: promoCodes.code,
      upsells: extrasJson,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(promoRedemptions, eq(promoRedemptions.appointmentId, appointments.id))
    .leftJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
    .where(eq(appointments.id, sql.placeholder("appointmentId")))
    .prepare("booking_for_messages"),
);

/** An appointment with what its e-mails and SMS show, or null when it no longer exists. */
export async function loadBookingForMessages(
  db: Db,
  appointmentId: string,
): Promise<BookingForMessages | null> {
  const [row] = await bookingForMessages(db).execute({ appointmentId });
  if (!row) return null;
  const a = row.appointment;
  return {
    appointmentId: a.id,
    bookingId: a.bookingId,
    status: a.status,
    customerName: a.customerName,
    customerEmail: a.customerEmail,
    customerPhone: a.customerPhone,
    smsConsent: a.smsConsent,
    startAt: a.startAt,
    endAt: a.endAt,
    address: a.address,
    postalCode: a.postalCode,
    serviceName: row.serviceName,
    cars: a.cars,
    unitPriceCents: a.unitPriceCents,
    vehicles: a.vehicles,
    upsells: row.upsells,
    discountCents: a.discountCents,
    promoCode: row.promoCode,
    createdAt: a.createdAt,
  };
}
