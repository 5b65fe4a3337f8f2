import { data } from "react-router";
import { UpdateAppointmentSchema } from "~/domain/booking/schemas";
import { messages } from "~/lib/messages.fr";
import { getDb } from "~/server/db.server";
import { updateAppointmentUpsells } from "~/server/services/booking/update-appointment-upsells.server";
import {
  bookingFailure,
  invalidFields,
  invalidRequest,
  methodNotAllowed,
  readBody,
} from "./booking-answers.server";
import type { Route } from "./+types/update-appointment";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/update-appointment {booking_id, upsells: [names], city} (the spec's
 * update-ghl-appointment): replaces the booking's extras and its price. {success: true}, or
 * {success: false, error} with 400 (unknown extra), 404, 409 (cancelled, done or started).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const body = await readBody(request);
  if (!body) return invalidRequest();
  const parsed = UpdateAppointmentSchema.safeParse(body);
  if (!parsed.success) return invalidFields(parsed.error);
  try {
    await updateAppointmentUpsells(getDb(), {
      bookingId: parsed.data.booking_id,
      upsells: parsed.data.upsells,
      now: new Date(),
    });
    return { success: true };
  } catch (error) {
    const failure = bookingFailure(error, {
      requestId: context.requestId,
      notFound: messages.booking.appointmentNotFound,
    });
    return data({ success: false, error: failure.message }, { status: failure.status });
  }
}
