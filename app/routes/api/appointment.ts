import { bookingMessages } from "~/lib/messages/booking.fr";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { getAppointment } from "~/server/services/booking/get-appointment.server";
import { jsonFailure } from "~/server/http/failure.server";
import type { Route } from "./+types/appointment";

/**
 * GET /api/appointments/{bookingId}[?token=...]: the appointment (status, times, zone, cars,
 * price, upsells), or 404. The customer's contact details come only with the manage token or to
 * the signed-in owner.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? undefined;
  try {
    return await getAppointment(getDb(), {
      bookingId: params.bookingId,
      token,
      actor: await getSessionUser(request),
      now: new Date(),
    });
  } catch (error) {
    return jsonFailure(error, { texts: { NOT_FOUND: bookingMessages.appointmentNotFound } });
  }
}
