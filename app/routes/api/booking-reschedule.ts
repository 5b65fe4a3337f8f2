import { data } from "react-router";
import { RescheduleSchema } from "~/domain/booking/schemas";
import { formatIsoWithOffset } from "~/domain/time/zoned";
import { messages } from "~/lib/messages.fr";
import { getDb } from "~/server/db.server";
import { SLOT_TIME_ZONE } from "~/server/services/booking/booking-context.server";
import { rescheduleBooking } from "~/server/services/booking/reschedule-booking.server";
import {
  bookingFailure,
  invalidFields,
  invalidRequest,
  methodNotAllowed,
  readBody,
} from "./booking-answers.server";
import type { Route } from "./+types/booking-reschedule";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/bookings/{bookingId}/reschedule {token, start}: {success: true, start, end} (ISO 8601
 * with the local offset), or {success: false, error} with 403 (wrong token), 404, 409 (slot not
 * open, booking no longer scheduled, or less than 24 h before: call us).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readBody(request);
  if (!body) return invalidRequest();
  const parsed = RescheduleSchema.safeParse(body);
  if (!parsed.success) return invalidFields(parsed.error);
  try {
    const moved = await rescheduleBooking(getDb(), {
      bookingId: params.bookingId,
      input: parsed.data,
      now: new Date(),
    });
    return {
      success: true,
      start: formatIsoWithOffset(moved.startAt, SLOT_TIME_ZONE),
      end: formatIsoWithOffset(moved.endAt, SLOT_TIME_ZONE),
    };
  } catch (error) {
    const failure = bookingFailure(error, {
      requestId: context.requestId,
      notFound: messages.booking.appointmentNotFound,
    });
    return data({ success: false, error: failure.message }, { status: failure.status });
  }
}
