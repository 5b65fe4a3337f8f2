import { and, eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import { AppError } from "~/lib/errors";
import { BOOKING_ID_PATTERN } from "~/domain/booking/schemas";
import type { SessionUser } from "../../auth.server";
import type { Db } from "../../db.server";
import { getAppointment, type AppointmentView } from "../booking/get-appointment.server";
import { loadClient, ownedAppointments } from "./client-owner.server";

/**
 * One booking of the signed-in client, for /client/bookings/{bookingId}: NOT_FOUND unless it is
 * one of theirs (the same rule as the list), so a booking id alone reveals nothing here.
 */
export async function getClientBooking(
  db: Db,
  { actor, bookingId, now = new Date() }: { actor: SessionUser; bookingId: string; now?: Date },
): Promise<AppointmentView> {
  if (!BOOKING_ID_PATTERN.test(bookingId)) throw new AppError("NOT_FOUND");
  const owner = await loadClient(db, actor.id);
  const [owned] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.bookingId, bookingId), ownedAppointments(owner)));
  if (!owned) throw new AppError("NOT_FOUND");
  return getAppointment(db, { bookingId, actor, now });
}
