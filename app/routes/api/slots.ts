import { SlotsQuerySchema } from "~/domain/booking/schemas";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { getDb } from "~/server/db.server";
import { slotsAnswerJson } from "~/server/services/booking/slot-cache.server";
import { jsonFailure } from "~/server/http/failure.server";
import { invalidFields } from "~/server/http/request-body.server";
import type { Route } from "./+types/slots";

/**
 * GET /api/slots?zone={slug}&cars={n}&from={yyyy-MM-dd}&days={n}: the open slots by day,
 * `{zone, cars, duration_minutes, days: [{date, slots: [{start, end}]}]}` with ISO 8601 local
 * offsets. 400 for a bad parameter, 404 for an unknown zone, 409 for a zone not taking bookings.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = SlotsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return invalidFields(query.error);
  try {
    const body = await slotsAnswerJson(getDb(), query.data, new Date());
    return new Response(body, { headers: { "Content-Type": "application/json; charset=utf-8" } });
  } catch (error) {
    return jsonFailure(error, { texts: { NOT_FOUND: bookingMessages.zoneNotFound } });
  }
}
