import { RescheduleSchema } from "~/domain/booking/schemas";
import { formatIsoWithOffset, BUSINESS_TIME_ZONE } from "~/domain/time/zoned";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { getDb } from "~/server/db.server";
import { rescheduleBooking } from "~/server/services/booking/reschedule-booking.server";
import { jsonFailure } from "~/server/http/failure.server";
import { methodNotAllowed, readPost } from "~/server/http/request-body.server";
import type { Route } from "./+types/booking-reschedule";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/bookings/{bookingId}/reschedule {token, start}: {success: true, start, end} (ISO 8601
 * with the local offset), or {success: false, error} with 403 (wrong token), 404, 409 (slot not
 * open, booking no longer scheduled, or less than 24 h before: call us).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const parsed = await readPost(request, RescheduleSchema);
  if (parsed.answer) return parsed.answer;
  try {
    const moved = await rescheduleBooking(getDb(), {
      bookingId: params.bookingId,
      input: parsed.input,
      now: new Date(),
    });
    return {
      success: true,
      start: formatIsoWithOffset(moved.startAt, BUSINESS_TIME_ZONE),
      end: formatIsoWithOffset(moved.endAt, BUSINESS_TIME_ZONE),
    };
  } catch (error) {
    return jsonFailure(error, { texts: { NOT_FOUND: bookingMessages.appointmentNotFound } });
  }
}
