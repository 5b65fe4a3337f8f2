import { eq } from "drizzle-orm";
import { appointments, franchisees, promoCodes, promoRedemptions, services, serviceZones } from "#db/schema";
import { canSelfServiceChange, selfServiceDeadline } from "~/domain/booking/cancellation";
import { priceBooking, type BookingPrice } from "~/domain/booking/pricing";
import { bookedVehicles, type BookedVehicle } from "~/domain/booking/vehicles";
import { formatIsoWithOffset, BUSINESS_TIME_ZONE } from "~/domain/time/zoned";
import { AppError } from "~/lib/errors";
import { BOOKING_ID_PATTERN } from "~/domain/booking/schemas";
import type { SessionUser } from "../../auth.server";
import { loadExtrasOf } from "./appointment-extras.server";
import type { Db } from "../../db.server";
import { manageTokenMatches } from "./manage-access.server";

type AppointmentStatus = (typeof appointments.status.enumValues)[number];

/** An appointment as GET /api/appointments/{bookingId} and the booking pages show it. */
export interface AppointmentView {
  bookingId: string;
  status: AppointmentStatus;
  /** ISO 8601 with the local offset. */
  start: string;
  end: string;
  zone: { name: string; slug: string };
  service: { name: string };
  cars: number;
  /** Each car with its size class and price (ADR 085); a bare count reads as standard cars. */
  vehicles: BookedVehicle[];
  /** Before taxes: unit price x cars + upsells, less the discount; `price` has the discount and tax lines. */
  priceCents: number;
  price: BookingPrice;
  /** The promo code the booking used (ADR 050), or null. */
  promoCode: string | null;
  upsells: { name: string; priceCents: number }[];
  /** Cancel or reschedule through the manage link is still possible (scheduled, 24 h rule). */
  selfServiceChangeAllowed: boolean;
  /** The last instant for a self-service change, ISO 8601 with the local offset. */
  selfServiceDeadline: string;
  /** Only for the holder of the manage link, the signed-in owner, the franchisee and admins. */
  customer?: {
    name: string;
    email: string;
    phone: string;
    address: string;
    city: string | null;
    postalCode: string | null;
    smsConsent: boolean;
  };
}

/**
 * An appointment by its public booking id (NOT_FOUND otherwise). Anyone with the id sees the
 * booking itself; the customer's personal data goes only to whoever holds the manage token, the
 * signed-in client it belongs to, the franchisee who runs it and admins. Never the token hash.
 */
export async function getAppointment(
  db: Db,
  {
    bookingId,
    token,
    actor,
    now,
    weatherLink = false,
  }: {
    bookingId: string;
    token?: string;
    actor: SessionUser | null;
    now: Date;
    /** Opened with a weather move's link (checked by the caller, ADR 090): the customer's own data. */
    weatherLink?: boolean;
  },
): Promise<AppointmentView> {
  if (!BOOKING_ID_PATTERN.test(bookingId)) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({
      appointment: appointments,
      zoneName: serviceZones.zoneName,
      zoneSlug: serviceZones.routeSlug,
      serviceName: services.name,
      franchiseeUserId: franchisees.userId,
      promoCode: promoCodes.code,
    })
    .from(appointments)
    .leftJoin(promoRedemptions, eq(promoRedemptions.appointmentId, appointments.id))
    .leftJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(franchisees, eq(franchisees.id, appointments.franchiseeId))
    .where(eq(appointments.bookingId, bookingId));
  if (!row) throw new AppError("NOT_FOUND");
  const a = row.appointment;
  const upsells = await loadExtrasOf(db, a.id);

  const mayReadCustomer =
    weatherLink ||
    manageTokenMatches(token, a.manageTokenHash) ||
    (actor !== null &&
      (actor.role === "admin" || actor.id === a.userId || actor.id === row.franchiseeUserId));
  return {
    bookingId: a.bookingId,
    status: a.status,
    start: formatIsoWithOffset(a.startAt, BUSINESS_TIME_ZONE),
    end: formatIsoWithOffset(a.endAt, BUSINESS_TIME_ZONE),
    zone: { name: row.zoneName, slug: row.zoneSlug },
    service: { name: row.serviceName },
    cars: a.cars,
    // Each car's class and price (ADR 085); which saved vehicle, only for who may read the customer.
    vehicles: bookedVehicles(a).map((car) =>
      mayReadCustomer ? car : { ...car, label: null, vehicleId: null },
    ),
    priceCents: a.priceCents,
    price: priceBooking({
      unitPriceCents: a.unitPriceCents,
      cars: a.cars,
      vehicles: a.vehicles,
      upsells,
      discountCents: a.discountCents,
    }),
    promoCode: row.promoCode,
    upsells,
    selfServiceChangeAllowed: a.status === "scheduled" && canSelfServiceChange(a.startAt, now),
    selfServiceDeadline: formatIsoWithOffset(selfServiceDeadline(a.startAt), BUSINESS_TIME_ZONE),
    ...(mayReadCustomer
      ? {
          customer: {
            name: a.customerName,
            email: a.customerEmail,
            phone: a.customerPhone,
            address: a.address,
            city: a.city,
            postalCode: a.postalCode,
            smsConsent: a.smsConsent,
          },
        }
      : {}),
  };
}
