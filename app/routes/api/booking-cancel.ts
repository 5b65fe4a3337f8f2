import { data } from "react-router";
import { CancelSchema } from "~/domain/booking/schemas";
import { messages } from "~/lib/messages.fr";
import { getDb } from "~/server/db.server";
import { cancelBooking } from "~/server/services/booking/cancel-booking.server";
import {
  bookingFailure,
  invalidFields,
  invalidRequest,
  methodNotAllowed,
  readBody,
} from "./booking-answers.server";
import type { Route } from "./+types/booking-cancel";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/bookings/{bookingId}/cancel {token, reason?}: {success: true}, or {success: false,
 * error} with 403 (wrong token), 404, 409 (already cancelled, or less than 24 h before: call us).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readBody(request);
  if (!body) return invalidRequest();
  const parsed = CancelSchema.safeParse(body);
  if (!parsed.success) return invalidFields(parsed.error);
  try {
    await cancelBooking(getDb(), { bookingId: params.bookingId, input: parsed.data, now: new Date() });
    return { success: true };
  } catch (error) {
    const failure = bookingFailure(error, {
      requestId: context.requestId,
      notFound: messages.booking.appointmentNotFound,
    });
    return data({ success: false, error: failure.message }, { status: failure.status });
  }
}
