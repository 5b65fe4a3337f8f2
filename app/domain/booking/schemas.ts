/**
 * The booking inputs, shared by the booking wizard's forms and the JSON API (docs/http-api.md,
 * 'Booking'). Every message is French, from the catalogue.
 */
import { parsePostalCode } from "~/domain/geo/postal-code";
import { normalizePromoCode, PROMO_CODE_PATTERN } from "~/domain/offers/promo";
import { addDaysToDateString } from "~/domain/time/zoned";
import { messages } from "~/lib/messages.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { offersMessages } from "~/lib/messages/offers.fr";
import { refuseInvisible, refuseNul, z } from "~/lib/zod-fr";
import { BOOKING_LIMITS } from "./limits";
import { CARS_MAX, CARS_MIN } from "./pricing";
import { MAX_RANGE_DAYS } from "./slots";
import { GiftCardCodeSchema } from "~/domain/giftcards/gift-cards";
import { SizeClassSlugSchema } from "./vehicle-schemas";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";

const v = messages.validation;
const b = bookingMessages;

/**
 * The shape of a public booking id (letters and digits: generated ids are 10 of Crockford's base
 * 32, seeded ones 'demohist01'). Anything else is no booking: it is answered 'not found' without
 * reaching the database (a NUL byte there is an error, not an empty result).
 */
export const BOOKING_ID_PATTERN = /^[0-9A-Za-z]{1,64}$/;

/**
 * A North American (NANP) number as people type it ('450 555-0142', '(450) 555.0142',
 * '+1 450 555 0142') in E.164 form ('+14505550142'), or null when it is not one: ten digits after
 * an optional leading 1, area code and exchange not starting with 0 or 1.
 */
export function normalizeNorthAmericanPhone(text: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(text.trim())) return null;
  const digits = text.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? `+1${national}` : null;
}

/** ISO 8601 date and time with a UTC offset or Z: 2026-03-09T09:00:00-04:00. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  try {
    return addDaysToDateString(value, 0) === value;
  } catch {
    return false;
  }
}

/** `Date` would roll 2026-02-30 over to March: the day must exist as written. */
function isIsoInstant(value: string): boolean {
  return (
    ISO_WITH_OFFSET.test(value) &&
    isCalendarDay(value.slice(0, 10)) &&
    !Number.isNaN(new Date(value).getTime())
  );
}

const text = (required: string, max: number) =>
  refuseNul(z.string({ error: required }).trim().min(1, required).max(max, v.tooLong(max)));

/** Blank form fields count as absent. */
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const zoneSlug = text(b.zoneRequired, BOOKING_LIMITS.zone).transform((slug) => slug.toLowerCase());

const cars = z.coerce
  .number({ error: b.carsInvalid })
  .int(b.carsInvalid)
  .min(CARS_MIN, b.carsInvalid)
  .max(CARS_MAX, b.carsInvalid);

/** An instant with its offset, kept as the string sent (the service turns it into a Date). */
const start = z
  .string({ error: b.startRequired })
  .trim()
  .min(1, b.startRequired)
  .refine(isIsoInstant, b.startInvalid);

const email = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, v.emailRequired)
  .max(BOOKING_LIMITS.email, v.tooLong(BOOKING_LIMITS.email))
  .pipe(z.email(v.emailInvalid))
  .transform((value) => value.toLowerCase());

const phone = z
  .string({ error: b.phoneRequired })
  .trim()
  .min(1, b.phoneRequired)
  // abort: a value too long is not scanned by the pattern.
  .max(BOOKING_LIMITS.phone, { error: v.tooLong(BOOKING_LIMITS.phone), abort: true })
  .transform((value, ctx) => {
    const normalized = normalizeNorthAmericanPhone(value);
    if (normalized === null) {
      ctx.addIssue({ code: "custom", message: b.phoneInvalid });
      return z.NEVER;
    }
    return normalized;
  });

const postalCode = z.preprocess(
  blankToUndefined,
  z
    .string({ error: b.postalCodeInvalid })
    .transform((value, ctx) => {
      const normalized = parsePostalCode(value);
      if (normalized === null) {
        ctx.addIssue({ code: "custom", message: b.postalCodeInvalid });
        return z.NEVER;
      }
      return normalized;
    })
    .optional(),
);

/** A checkbox ('on') or a JSON boolean; absent stays absent (consent is never presumed). */
const smsConsent = z.preprocess(
  (value) => {
    if (value === "on" || value === "true") return true;
    if (value === "false" || value === "") return false;
    return value;
  },
  z.boolean({ error: v.invalidValue }).optional(),
);

/** Upsell names or slugs; one form field gives a string, repeated fields or JSON give a list. */
const upsellNames = z.preprocess(
  (value) => (typeof value === "string" ? [value] : value),
  z
    .array(text(b.upsellsInvalid, BOOKING_LIMITS.upsellName), { error: b.upsellsInvalid })
    .max(BOOKING_LIMITS.upsells, b.upsellsInvalid),
);

const token = text(b.tokenRequired, BOOKING_LIMITS.token);

/** One form field gives a string, repeated fields or JSON a list; blank fields are dropped. */
const listOf = (value: unknown) => {
  const list = typeof value === "string" ? [value] : value;
  return Array.isArray(list) ? list.filter((item) => item !== "") : list;
};

/** POST /api/bookings and the wizard's last step. */
export const BookingRequestSchema = z.object({
  zone: zoneSlug,
  cars,
  start,
  name: refuseInvisible(text(b.nameRequired, BOOKING_LIMITS.name)),
  email,
  phone,
  address: text(b.addressRequired, BOOKING_LIMITS.address),
  postalCode,
  serviceId: z.preprocess(blankToUndefined, z.uuid(v.invalidValue).optional()),
  smsConsent,
  /**
   * Texts about this booking (its confirmation, the reminder the day before, « En route » and the
   * report), apart from the offers of `smsConsent`: transactional, not commercial (CASL), so asked
   * on their own (ADR 014, amended for issue 32 item 9). Absent: `smsConsent` decides, as before.
   */
  serviceTexts: smsConsent,
  /** The e-mail offers box (express consent), never ticked in advance; same form as smsConsent. */
  emailConsent: smsConsent,
  /** Extras chosen in the wizard (names or slugs), priced in the booking transaction. */
  upsells: upsellNames.optional(),
  /**
   * The cars (ADR 085), instead of a bare count: the signed-in client's saved vehicles by id, then
   * cars by size class (slug: auto, vus, camionnette, fourgonnette); together exactly `cars`.
   * Absent: `cars` cars of the standard class.
   */
  vehicleIds: z.preprocess(
    listOf,
    z.array(z.uuid(vehiclesMessages.unknownVehicle)).max(CARS_MAX, b.carsInvalid).optional(),
  ),
  sizes: z.preprocess(listOf, z.array(SizeClassSlugSchema).max(CARS_MAX, b.carsInvalid).optional()),
  /** A promo or referral code (ADR 050), checked in the booking transaction; blank = none. */
  promoCode: z.preprocess(
    blankToUndefined,
    refuseNul(z.string({ error: offersMessages.promo.codeInvalid }).max(64, offersMessages.promo.codeInvalid))
      .transform((value) => normalizePromoCode(value))
      .refine((value) => PROMO_CODE_PATTERN.test(value), offersMessages.promo.codeInvalid)
      .optional(),
  ),
  /** A gift card's code (ADR 087), spent in the booking transaction; blank = none. */
  giftCardCode: z.preprocess(blankToUndefined, GiftCardCodeSchema.optional()),
});
export type BookingRequest = z.infer<typeof BookingRequestSchema>;

/**
 * The key that makes a booking request bookable once (ADR 068): POST /api/bookings's
 * Idempotency-Key header, the wizard form's hidden `requestKey`. 1 to 255 visible ASCII characters.
 */
export const RequestKeySchema = z
  .string({ error: b.requestKeyInvalid })
  .min(1, b.requestKeyInvalid)
  .max(255, b.requestKeyInvalid)
  .regex(/^[\x21-\x7e]+$/, b.requestKeyInvalid);

/** GET /api/slots?zone={slug}&cars={n}&from={yyyy-MM-dd}&days={n}&address={text} */
export const SlotsQuerySchema = z.object({
  zone: zoneSlug,
  cars: z.preprocess(blankToUndefined, cars.default(CARS_MIN)),
  from: z.preprocess(
    blankToUndefined,
    z.string({ error: b.dateInvalid }).refine(isCalendarDay, b.dateInvalid).optional(),
  ),
  days: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: b.daysInvalid(MAX_RANGE_DAYS) })
      .int(b.daysInvalid(MAX_RANGE_DAYS))
      .min(1, b.daysInvalid(MAX_RANGE_DAYS))
      .max(MAX_RANGE_DAYS, b.daysInvalid(MAX_RANGE_DAYS))
      .optional(),
  ),
  serviceId: z.preprocess(blankToUndefined, z.uuid(v.invalidValue).optional()),
  /** The service address or postal code: the times then leave room for the drive (ADR 048). */
  address: z.preprocess(blankToUndefined, text(b.addressRequired, BOOKING_LIMITS.address).optional()),
});
export type SlotsQuery = z.infer<typeof SlotsQuerySchema>;

/** POST /api/bookings/{bookingId}/cancel: the manage link's token. */
export const CancelSchema = z.object({
  token,
  reason: z.preprocess(
    blankToUndefined,
    refuseNul(z.string().trim().max(BOOKING_LIMITS.reason, v.tooLong(BOOKING_LIMITS.reason))).optional(),
  ),
});
export type CancelRequest = z.infer<typeof CancelSchema>;

/** POST /api/bookings/{bookingId}/reschedule: the manage link's token and the new start. */
export const RescheduleSchema = z.object({ token, start });
export type RescheduleRequest = z.infer<typeof RescheduleSchema>;

/**
 * POST /api/update-appointment (the spec's update-ghl-appointment call): the extras chosen after
 * booking, by name, with the manage link's token (or the owner's session). `city` is accepted for compatibility and not trusted: the address decides.
 */
export const UpdateAppointmentSchema = z.object({
  booking_id: text(b.bookingIdRequired, BOOKING_LIMITS.token),
  /** The manage link's token; without it only the booking's signed-in owner may change it. */
  token: z.preprocess(blankToUndefined, token.optional()),
  upsells: upsellNames,
  city: refuseNul(z.string().trim().max(BOOKING_LIMITS.zone, v.tooLong(BOOKING_LIMITS.zone))).optional(),
});
