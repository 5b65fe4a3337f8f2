/**
 * The booking wizard's 'Appliquer' (ADR 050): checks the typed code against what the form holds
 * (zone, cars, and the e-mail and phone once typed) and answers with the form as it was, so a
 * browser without JavaScript gets the page back with the discount in the summary.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { offersMessages } from "~/lib/messages/offers.fr";
import { errorText } from "../../http/error-text.server";
import type { Db } from "../../db.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";
import { loadBookableZone } from "../booking/booking-context.server";
import { previewPromoCode } from "./redeem-promo-code.server";

const PreviewSchema = BookingRequestSchema.pick({ zone: true, cars: true, promoCode: true });

/**
 * Codes one address may check (ADR 068): a customer types a code a few times, a guesser would
 * try thousands. The booking itself is limited apart (BOOKING_RATE_LIMIT).
 */
export const PROMO_PREVIEW_RATE_LIMIT = { max: 10, windowSeconds: 10 * 60 } as const satisfies RateLimitRule;

export async function checkPromoFromForm(db: Db, formData: FormData, ip: string) {
  // The whole form comes back as typed, with no error on the fields not filled yet.
  const kept = parseWithZod(formData, { schema: z.looseObject({}) });
  const answer = (
    status: number,
    promo: { code: string; kind: "percent" | "fixed"; value: number } | null,
    error?: string,
    headers?: Record<string, string>,
  ) =>
    data(
      {
        status: "promo" as const,
        promo,
        result: kept.reply(error ? { fieldErrors: { promoCode: [error] } } : {}),
      },
      { status, headers },
    );
  const parsed = PreviewSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === "promoCode") ?? parsed.error.issues[0];
    return answer(400, null, issue?.message);
  }
  if (!parsed.data.promoCode) return answer(200, null);
  const limit = await hitRateLimit(db, `promo-preview:ip:${ip}`, PROMO_PREVIEW_RATE_LIMIT);
  if (!limit.allowed) {
    return answer(429, null, offersMessages.promo.tooManyTries, {
      "Retry-After": String(limit.retryAfterSeconds),
    });
  }
  const email = BookingRequestSchema.shape.email.safeParse(formData.get("email"));
  const phone = BookingRequestSchema.shape.phone.safeParse(formData.get("phone"));
  try {
    const zone = await loadBookableZone(db, parsed.data.zone);
    const promo = await previewPromoCode(db, {
      code: parsed.data.promoCode,
      zoneId: zone.id,
      cars: parsed.data.cars,
      email: email.success ? email.data : "",
      phone: phone.success ? phone.data : "",
      address: typeof formData.get("address") === "string" ? String(formData.get("address")) : "",
      now: new Date(),
    });
    return answer(200, { code: promo.code, kind: promo.kind, value: promo.value });
  } catch (error) {
    if (error instanceof AppError && error.code === "PROMO_CODE_REFUSED") {
      return answer(422, null, errorText(error));
    }
    // A zone the form cannot hold (a hand-made request): said, not a server error (issue 29).
    if (error instanceof AppError && error.code === "NOT_FOUND") {
      return answer(404, null, bookingMessages.zoneNotFound);
    }
    if (error instanceof AppError && error.code === "ZONE_NOT_ACTIVE") {
      return answer(409, null, errorText(error));
    }
    throw error;
  }
}
