/**
 * The booking wizard's 'Appliquer' (ADR 050): checks the typed code against what the form holds
 * (zone, cars, and the e-mail and phone once typed) and answers with the form as it was, so a
 * browser without JavaScript gets the page back with the discount in the summary. The check is
 * the offers service's (previewWizardPromo); the answer and its French text are the page's.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { offersMessages } from "~/lib/messages/offers.fr";
import { z } from "~/lib/zod-fr";
import type { Db } from "~/server/db.server";
import { errorText } from "~/domain/errors/error-text";
import { previewWizardPromo } from "~/server/services/offers/preview-wizard-promo.server";

const PreviewSchema = BookingRequestSchema.pick({ zone: true, cars: true, promoCode: true });

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
  const email = BookingRequestSchema.shape.email.safeParse(formData.get("email"));
  const phone = BookingRequestSchema.shape.phone.safeParse(formData.get("phone"));
  try {
    const promo = await previewWizardPromo(db, {
      zone: parsed.data.zone,
      cars: parsed.data.cars,
      code: parsed.data.promoCode,
      email: email.success ? email.data : "",
      phone: phone.success ? phone.data : "",
      address: typeof formData.get("address") === "string" ? String(formData.get("address")) : "",
      ip,
      now: new Date(),
    });
    return answer(200, promo);
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") {
      return answer(429, null, offersMessages.promo.tooManyTries, {
        "Retry-After": String(error.retryAfterSeconds),
      });
    }
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
