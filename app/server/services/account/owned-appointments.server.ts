import { asc, desc, eq } from "drizzle-orm";
import { appointments, services, serviceZones } from "#db/schema";
import type { Db } from "../../db.server";
import { loadAppointmentExtras } from "../booking/appointment-extras.server";
import { ownedAppointments, type ClientOwner } from "./client-owner.server";

/**
 * Every appointment a client owns (see `ownedAppointments`), with its zone, service and extras,
 * by start time (`asc` oldest first, `desc` newest first). Secrets (the manage-link hash) are
 * not read.
 */
export async function listOwnedAppointments(
  db: Db,
  owner: Pick<ClientOwner, "id" | "email" | "emailVerified">,
  order: "asc" | "desc",
) {
  const rows = await db
    .select({
      id: appointments.id,
      bookingId: appointments.bookingId,
      status: appointments.status,
      startAt: appointments.startAt,
      endAt: appointments.endAt,
      zone: serviceZones.zoneName,
      service: services.name,
      cars: appointments.cars,
      customerName: appointments.customerName,
      customerEmail: appointments.customerEmail,
      customerPhone: appointments.customerPhone,
      address: appointments.address,
      city: appointments.city,
      postalCode: appointments.postalCode,
      notes: appointments.notes,
      smsConsent: appointments.smsConsent,
      unitPriceCents: appointments.unitPriceCents,
      vehicles: appointments.vehicles,
      priceCents: appointments.priceCents,
      discountCents: appointments.discountCents,
      cancelReason: appointments.cancelReason,
      cancelledAt: appointments.cancelledAt,
      completedAt: appointments.completedAt,
      createdAt: appointments.createdAt,
    })
    .from(appointments)
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(ownedAppointments(owner))
    .orderBy(order === "asc" ? asc(appointments.startAt) : desc(appointments.startAt));
  const extras = await loadAppointmentExtras(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, extras: extras.get(row.id) ?? [] }));
}
