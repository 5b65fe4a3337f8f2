/**
 * The booking wizard's 'Appliquer' (ADR 050): a typed code checked against what the form holds
 * (zone, cars, and the e-mail and phone once typed), before any booking exists. The page's
 * answer (the form kept as typed, the French text) is the route's (routes/booking).
 */
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";
import { loadBookableZone } from "../booking/booking-context.server";
import { previewPromoCode } from "./redeem-promo-code.server";

/**
 * Codes one address may check (ADR 068): a customer types a code a few times, a guesser would
 * try thousands. The booking itself is limited apart (BOOKING_RATE_LIMIT).
 */
export const PROMO_PREVIEW_RATE_LIMIT = { max: 10, windowSeconds: 10 * 60 } as const satisfies RateLimitRule;

export interface WizardPromoInput {
  /** The zone's route slug, as the form holds it. */
  zone: string;
  cars: number;
  code: string;
  /** Empty when not typed yet (or not valid). */
  email: string;
  phone: string;
  address: string;
  /** The client address the rate limit counts. */
  ip: string;
  now: Date;
}

/**
 * The code's discount for this booking, or an AppError: RATE_LIMITED (with the seconds to
 * wait), NOT_FOUND or ZONE_NOT_ACTIVE for the zone, PROMO_CODE_REFUSED with the reason.
 */
export async function previewWizardPromo(db: Db, input: WizardPromoInput) {
  const limit = await hitRateLimit(db, `promo-preview:ip:${input.ip}`, PROMO_PREVIEW_RATE_LIMIT);
  if (!limit.allowed) {
    throw new AppError("RATE_LIMITED", "RATE_LIMITED", { retryAfterSeconds: limit.retryAfterSeconds });
  }
  const zone = await loadBookableZone(db, input.zone);
  const promo = await previewPromoCode(db, {
    code: input.code,
    zoneId: zone.id,
    cars: input.cars,
    email: input.email,
    phone: input.phone,
    address: input.address,
    now: input.now,
  });
  return { code: promo.code, kind: promo.kind, value: promo.value };
}
