import { UpdateAppointmentSchema } from "~/domain/booking/schemas";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { updateAppointmentUpsells } from "~/server/services/booking/update-appointment-upsells.server";
import { jsonFailure } from "~/server/http/failure.server";
import { methodNotAllowed, readPost } from "~/server/http/request-body.server";
import type { Route } from "./+types/update-appointment";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/update-appointment {booking_id, token, upsells: [names], city} (the spec's
 * update-ghl-appointment): replaces the booking's extras and its price, and e-mails the updated
 * confirmation. Needs the manage token or the owner's session (403 otherwise). {success: true},
 * or {success: false, error} with 400 (unknown extra), 403, 404, 409 (cancelled, done or started).
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await readPost(request, UpdateAppointmentSchema);
  if (parsed.answer) return parsed.answer;
  try {
    await updateAppointmentUpsells(getDb(), {
      bookingId: parsed.input.booking_id,
      upsells: parsed.input.upsells,
      token: parsed.input.token,
      actor: await getSessionUser(request),
      now: new Date(),
    });
    return { success: true };
  } catch (error) {
    return jsonFailure(error, { texts: { NOT_FOUND: bookingMessages.appointmentNotFound } });
  }
}
