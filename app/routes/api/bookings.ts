import { data } from "react-router";
import { BookingRequestSchema, RequestKeySchema } from "~/domain/booking/schemas";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { jsonFailure } from "~/server/http/failure.server";
import { methodNotAllowed, readPost } from "~/server/http/request-body.server";
import { placeBooking, SlotConflictError } from "~/server/services/booking/place-booking.server";
import type { Route } from "./+types/bookings";
import { requestInfo } from "~/server/request-info.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { cardStepByLink } from "~/server/services/payments/booking-payment.server";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/bookings {zone, cars, start, name, email, phone, address, postalCode?, serviceId?,
 * smsConsent?, upsells?, promoCode?} (JSON or form): 201 {booking_id, manage_url, price_cents,
 * discount_cents, payment_url?, hold_until?} (the last two in a zone that takes a card, ADR 074); 422 with the French reason when the promo code does not apply.
 * Booked once (ADR 068): the same Idempotency-Key header with the same body, or the same request
 * (slot, contact, zone, cars) within minutes, answers with the first booking; the same key with
 * another body is 422, the same slot and contact with other details 409; a malformed key 400. 409 {error, slots} when the
 * slot was just taken or never offered (`slots`: that day's open slots now), 422 when the address
 * is not in the zone, 400 with the French error of each field, 429 past the rate limit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  // The client's own key (ADR 068): its retry answers with the first booking.
  const header = request.headers.get("Idempotency-Key");
  const key = header === null ? null : RequestKeySchema.safeParse(header);
  if (key && !key.success) {
    return data({ success: false, error: bookingMessages.requestKeyInvalid }, { status: 400 });
  }
  try {
    const placed = await placeBooking(getDb(), {
      ip: requestInfo(context).ip,
      key: key ? { scope: "api", value: key.data } : null,
      now: new Date(),
      relist: "day",
      read: async () => {
        const parsed = await readPost(request, BookingRequestSchema);
        return parsed.answer ? { refusal: parsed.answer } : { input: parsed.input };
      },
      actor: () => getSessionUser(request),
    });
    if (placed.refusal) return placed.refusal;
    const { booking } = placed;
    // A zone that takes a card (ADR 074): the booking holds its slot until hold_until, and the
    // customer gets the payment page's link by e-mail (and text); the caller may show it too.
    const card = await cardStepByLink(getDb(), booking, { stripe: stripeFromEnv(), now: new Date() });
    return data(
      {
        booking_id: booking.bookingId,
        manage_url: booking.manageUrl,
        // Before taxes, after the promo discount (ADR 050).
        price_cents: booking.priceCents,
        discount_cents: booking.discountCents,
        ...(card ? { payment_url: card.paymentUrl, hold_until: card.holdUntil.toISOString() } : {}),
      },
      { status: 201 },
    );
  } catch (error) {
    const texts = { NOT_FOUND: bookingMessages.zoneNotFound };
    if (error instanceof SlotConflictError) {
      return jsonFailure(error, { texts, body: { slots: error.slots?.days[0]?.slots ?? [] } });
    }
    return jsonFailure(error, { texts });
  }
}
