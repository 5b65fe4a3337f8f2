/**
 * The admin's promo code form and win-back setting (ADR 050), shared by the page (Conform, in the
 * browser) and the action (on the server). Dates are local days (America/Toronto): a code starts
 * at the start of its first day and ends at the end of its last day.
 */
import { parsePriceToCents } from "~/domain/admin/money";
import { addDaysToDateString, BUSINESS_TIME_ZONE, zonedWallTimeToInstant } from "~/domain/time/zoned";
import { messages } from "~/lib/messages.fr";
import { offersMessages } from "~/lib/messages/offers.fr";
import { refuseNul, z } from "~/lib/zod-fr";
import {
  normalizePromoCode,
  PROMO_CODE_PATTERN,
  THANKYOU_MAX_VALID_DAYS,
  THANKYOU_MIN_VALID_DAYS,
  WINBACK_MAX_DAYS,
  WINBACK_MIN_DAYS,
  type PromoKind,
} from "./promo";
import { adminMessages } from "~/lib/messages/admin.fr";

const o = offersMessages.admin;

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const checkbox = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.validation.invalidValue)
  .refine((value) => {
    try {
      return addDaysToDateString(value, 0) === value;
    } catch {
      return false;
    }
  }, messages.validation.invalidValue);

/** A discount as typed (DiscountFields): its kind, and its value checked by `discountValue`. */
const discountFields = {
  kind: z.enum(["percent", "fixed"], { error: messages.validation.invalidValue }),
  value: refuseNul(z.string({ error: o.valueInvalid }).trim().min(1, o.valueInvalid).max(20, o.valueInvalid)),
};

/** The form's fields as typed (for the browser's constraints); PromoCodeFormSchema checks and converts them. */
export const PromoCodeFieldsSchema = z.object({
  code: refuseNul(z.string({ error: o.codeHint }).trim().max(64, o.codeHint))
    .transform(normalizePromoCode)
    .refine((value) => PROMO_CODE_PATTERN.test(value), o.codeHint),
  ...discountFields,
  startsOn: z.preprocess(blank, day.optional()),
  endsOn: z.preprocess(blank, day.optional()),
  maxUses: z.preprocess(
    blank,
    z.coerce
      .number({ error: o.maxUsesInvalid })
      .int(o.maxUsesInvalid)
      .min(1, o.maxUsesInvalid)
      .max(1_000_000, o.maxUsesInvalid)
      .optional(),
  ),
  oncePerCustomer: checkbox,
  firstBookingOnly: checkbox,
  zoneIds: z.preprocess(
    (value) => (value === undefined ? [] : typeof value === "string" ? [value] : value),
    z.array(z.uuid(adminMessages.common.invalidRequest)).max(200),
  ),
  minCars: z.coerce.number({ error: messages.validation.invalidValue }).int().min(1).max(3),
});

/** A discount as typed: a whole percentage 1-100, or dollars as cents; null when neither. */
function discountValue(kind: PromoKind, typed: string): number | null {
  const amount =
    kind === "percent" ? (/^\d{1,3}$/.test(typed) ? Number(typed) : NaN) : parsePriceToCents(typed);
  const valid =
    amount !== null && Number.isInteger(amount) && amount > 0 && (kind === "fixed" || amount <= 100);
  return valid ? amount : null;
}

/** Creation and edition of a code (ADR 050, 057): the same fields, the same rules. */
export const PromoCodeFormSchema = PromoCodeFieldsSchema.transform((input, ctx) => {
  const amount = discountValue(input.kind, input.value);
  if (amount === null) {
    ctx.addIssue({ code: "custom", path: ["value"], message: o.valueInvalid });
    return z.NEVER;
  }
  const startsAt = input.startsOn
    ? zonedWallTimeToInstant(input.startsOn, "00:00:00", BUSINESS_TIME_ZONE)
    : null;
  const endsAt = input.endsOn
    ? zonedWallTimeToInstant(addDaysToDateString(input.endsOn, 1), "00:00:00", BUSINESS_TIME_ZONE)
    : null;
  if (startsAt && endsAt && endsAt <= startsAt) {
    ctx.addIssue({ code: "custom", path: ["endsOn"], message: o.datesInvalid });
    return z.NEVER;
  }
  return {
    code: input.code,
    kind: input.kind,
    value: amount,
    startsAt,
    endsAt,
    maxUses: input.maxUses ?? null,
    oncePerCustomer: input.oncePerCustomer,
    firstBookingOnly: input.firstBookingOnly,
    zoneIds: input.zoneIds,
    minCars: input.minCars,
  };
});
export type PromoCodeForm = z.output<typeof PromoCodeFormSchema>;

export const PromoCodeActiveSchema = z.object({
  id: z.uuid(adminMessages.common.invalidRequest),
  active: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export const WinbackSettingsSchema = z.object({
  days: z.coerce
    .number({ error: o.winbackDaysInvalid(WINBACK_MIN_DAYS, WINBACK_MAX_DAYS) })
    .int(o.winbackDaysInvalid(WINBACK_MIN_DAYS, WINBACK_MAX_DAYS))
    .min(WINBACK_MIN_DAYS, o.winbackDaysInvalid(WINBACK_MIN_DAYS, WINBACK_MAX_DAYS))
    .max(WINBACK_MAX_DAYS, o.winbackDaysInvalid(WINBACK_MIN_DAYS, WINBACK_MAX_DAYS)),
});

/** The thank-you offer's settings (ADR 057): on or off, the discount and how long the code lasts. */
export const ThankYouFieldsSchema = z.object({
  enabled: checkbox,
  ...discountFields,
  validDays: z.coerce
    .number({ error: o.thankyouDaysInvalid(THANKYOU_MIN_VALID_DAYS, THANKYOU_MAX_VALID_DAYS) })
    .int(o.thankyouDaysInvalid(THANKYOU_MIN_VALID_DAYS, THANKYOU_MAX_VALID_DAYS))
    .min(THANKYOU_MIN_VALID_DAYS, o.thankyouDaysInvalid(THANKYOU_MIN_VALID_DAYS, THANKYOU_MAX_VALID_DAYS))
    .max(THANKYOU_MAX_VALID_DAYS, o.thankyouDaysInvalid(THANKYOU_MIN_VALID_DAYS, THANKYOU_MAX_VALID_DAYS)),
});

export const ThankYouSettingsSchema = ThankYouFieldsSchema.transform((input, ctx) => {
  const value = discountValue(input.kind, input.value);
  if (value === null) {
    ctx.addIssue({ code: "custom", path: ["value"], message: o.valueInvalid });
    return z.NEVER;
  }
  return { enabled: input.enabled, kind: input.kind, value, validDays: input.validDays };
});
