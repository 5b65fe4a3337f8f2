import { bookingMessages } from "~/lib/messages/booking.fr";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { getBookingCalendar } from "~/server/services/booking/booking-calendar.server";
import { jsonFailure } from "~/server/http/failure.server";
import type { Route } from "./+types/booking-calendar";

/**
 * GET /api/appointments/{bookingId}/calendar.ics?token=...: the booking as an iCalendar file
 * (the confirmation page's 'Ajouter à mon agenda'). The manage token or the owner's session;
 * otherwise 404, as for an unknown booking.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? undefined;
  try {
    const ics = await getBookingCalendar(getDb(), {
      bookingId: params.bookingId,
      token,
      actor: await getSessionUser(request),
      now: new Date(),
    });
    return new Response(ics, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": `attachment; filename="${messagingMessages.email.icsFileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    return jsonFailure(error, { texts: { NOT_FOUND: bookingMessages.appointmentNotFound } });
  }
}
