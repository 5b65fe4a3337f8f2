import { data } from "react-router";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { env } from "~/server/env.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { BOOKING_RATE_LIMIT, bookSlot } from "~/server/services/booking/book-slot.server";
import { localDateOf } from "~/server/services/booking/booking-context.server";
import { listOpenSlots } from "~/server/services/booking/list-open-slots.server";
import { siteOf } from "~/server/services/booking/slot-cache.server";
import { bookingFailure, methodNotAllowed, readPost } from "./booking-answers.server";
import type { Route } from "./+types/bookings";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/bookings {zone, cars, start, name, email, phone, address, postalCode?, serviceId?,
 * smsConsent?, upsells?, promoCode?} (JSON or form): 201 {booking_id, manage_url, price_cents,
 * discount_cents}; 422 with the French reason when the promo code does not apply. 409 {error, slots} when the
 * slot was just taken or never offered (`slots`: that day's open slots now), 422 when the address
 * is not in the zone, 400 with the French error of each field, 429 past the rate limit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const db = getDb();
  const limit = await hitRateLimit(db, `booking:ip:${context.ip}`, BOOKING_RATE_LIMIT);
  if (!limit.allowed) {
    return data(
      { success: false, error: messages.booking.rateLimited },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const parsed = await readPost(request, BookingRequestSchema);
  if (parsed.answer) return parsed.answer;
  const input = parsed.input;
  const now = new Date();

  try {
    const booking = await bookSlot(db, { actor: await getSessionUser(request), input, now });
    const manageUrl = `${env().PUBLIC_URL}/booking/manage/${booking.bookingId}?token=${booking.manageToken}`;
    return data(
      {
        booking_id: booking.bookingId,
        manage_url: manageUrl,
        // Before taxes, after the promo discount (ADR 050).
        price_cents: booking.priceCents,
        discount_cents: booking.discountCents,
      },
      { status: 201 },
    );
  } catch (error) {
    const failure = bookingFailure(error, {
      requestId: context.requestId,
      notFound: messages.booking.zoneNotFound,
    });
    if (error instanceof AppError && (error.code === "SLOT_TAKEN" || error.code === "SLOT_UNAVAILABLE")) {
      // A day outside the slot list's range (e.g. a start in the past) has no slots to offer.
      const day = await listOpenSlots(db, {
        zoneSlug: input.zone,
        cars: input.cars,
        from: localDateOf(new Date(input.start)),
        days: 1,
        serviceId: input.serviceId,
        site: await siteOf([input.address, input.postalCode].filter(Boolean).join(" ")),
        now,
      }).catch((listError: unknown) => {
        if (listError instanceof AppError && listError.code === "BEYOND_BOOKING_HORIZON") return null;
        throw listError;
      });
      return data(
        { success: false, error: failure.message, slots: day?.days[0]?.slots ?? [] },
        { status: failure.status },
      );
    }
    return data({ success: false, error: failure.message }, { status: failure.status });
  }
}
