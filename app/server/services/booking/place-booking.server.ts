/**
 * The booking flow that the wizard (POST /booking) and POST /api/bookings share (ADR 059): the
 * rate limit per address, the input, the booking, the open slots again when the slot was taken
 * meanwhile, and the manage link.
 */
import type { BookingRequest } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import type { Db } from "../../db.server";
import { hitRateLimit } from "../../rate-limit.server";
import { BOOKING_RATE_LIMIT, bookSlot, type BookSlotResult } from "./book-slot.server";
import { listOpenSlots, type OpenSlots } from "./list-open-slots.server";
import { manageUrlFor } from "./manage-access.server";
import { sameRequestKey, type RequestKey } from "./booking-requests.server";
import { siteOf } from "./slot-cache.server";
import { localDate } from "~/domain/time/zoned";

/** A slot taken meanwhile or never offered (SLOT_TAKEN, SLOT_UNAVAILABLE), with the open slots now. */
export class SlotConflictError extends AppError {
  constructor(
    cause: AppError,
    /** null when the day asked for lies outside the slot list's range. */
    readonly slots: OpenSlots | null,
  ) {
    super(cause.code, cause.message, { cause });
  }
}

export interface PlacedBooking extends BookSlotResult {
  input: BookingRequest;
  manageUrl: string;
}

/**
 * Rate limit (RATE_LIMITED with the wait), then `read` (the route's own refusal of the body is
 * handed back as it is), then the booking, once per request (ADR 068): under the caller's `key`
 * (the API's Idempotency-Key, the wizard form's key) when there is one, and under the
 * request's fingerprint (slot, contact, zone, cars) for a few minutes; a repeat answers with the
 * first booking. A conflict lists the open slots again: of the start's
 * day (`relist: "day"`, the API) or of the whole range (`"range"`, the wizard's picker).
 */
export async function placeBooking<Refusal>(
  db: Db,
  {
    ip,
    now,
    relist,
    read,
    actor,
    key,
  }: {
    ip: string;
    now: Date;
    relist: "day" | "range";
    read: () => Promise<{ input: BookingRequest; refusal?: never } | { input?: never; refusal: Refusal }>;
    /** The caller's own key of the request: the API's Idempotency-Key, the wizard form's key. */
    key?: RequestKey | null;
    actor: () => Promise<SessionUser | null>;
  },
): Promise<{ booking: PlacedBooking; refusal?: never } | { booking?: never; refusal: Refusal }> {
  const limit = await hitRateLimit(db, `booking:ip:${ip}`, BOOKING_RATE_LIMIT);
  if (!limit.allowed) {
    throw new AppError("RATE_LIMITED", "RATE_LIMITED", { retryAfterSeconds: limit.retryAfterSeconds });
  }
  const read_ = await read();
  if (read_.input === undefined) return { refusal: read_.refusal };
  const input = read_.input;
  try {
    const keys = [...(key ? [key] : []), sameRequestKey(input)];
    const booking = await bookSlot(db, { actor: await actor(), input, now, keys });
    return {
      booking: { ...booking, input, manageUrl: manageUrlFor(booking.bookingId, booking.manageToken) },
    };
  } catch (error) {
    if (!(error instanceof AppError) || (error.code !== "SLOT_TAKEN" && error.code !== "SLOT_UNAVAILABLE")) {
      throw error;
    }
    const site = await siteOf([input.address, input.postalCode].filter(Boolean).join(" "));
    const base = { zoneSlug: input.zone, cars: input.cars, serviceId: input.serviceId, site, now };
    const slots =
      relist === "range"
        ? await listOpenSlots(db, base)
        : // A day outside the slot list's range (e.g. a start in the past) has no slots to offer.
          await listOpenSlots(db, { ...base, from: localDate(new Date(input.start)), days: 1 }).catch(
            (listError: unknown) => {
              if (listError instanceof AppError && listError.code === "BEYOND_BOOKING_HORIZON") return null;
              throw listError;
            },
          );
    throw new SlotConflictError(error, slots);
  }
}
