import { CancelSchema } from "~/domain/booking/schemas";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { getDb } from "~/server/db.server";
import { cancelBooking } from "~/server/services/booking/cancel-booking.server";
import { jsonFailure } from "~/server/http/failure.server";
import { methodNotAllowed, readPost } from "~/server/http/request-body.server";
import type { Route } from "./+types/booking-cancel";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/bookings/{bookingId}/cancel {token, reason?}: {success: true}, or {success: false,
 * error} with 403 (wrong token), 404, 409 (already cancelled, or less than 24 h before: call us).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const parsed = await readPost(request, CancelSchema);
  if (parsed.answer) return parsed.answer;
  try {
    await cancelBooking(getDb(), { bookingId: params.bookingId, input: parsed.input, now: new Date() });
    return { success: true };
  } catch (error) {
    return jsonFailure(error, { texts: { NOT_FOUND: bookingMessages.appointmentNotFound } });
  }
}
