import { CARS_MAX, CARS_MIN } from "~/domain/booking/pricing";
import { BOOKING_LIMITS } from "~/domain/booking/limits";
import { normalizeNorthAmericanPhone } from "~/domain/booking/schemas";
import { toE164 } from "~/domain/messaging/consent";
import { messages } from "~/lib/messages.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";
import { refuseNul, z } from "~/lib/zod-fr";

const v = messages.validation;
const b = bookingMessages;
const f = freedTimeMessages.errors;

/** How far ahead a customer may ask to be told (ADR 091). */
export const FREED_TIME_DAYS = 14;

/**
 * The time step's « Prévenez-moi si une heure se libère » form (ADR 091), the same on the form
 * and on the server: the e-mail, the chosen days (yyyy-MM-dd), the zone and cars being booked.
 * The days' window (the next 14) depends on the clock: the service checks it.
 */
export const FreedTimeRequestSchema = z
  .object({
    email: refuseNul(
      z
        .string({ error: v.emailRequired })
        .trim()
        .min(1, v.emailRequired)
        .max(BOOKING_LIMITS.email, v.tooLong(BOOKING_LIMITS.email)),
    )
      .pipe(z.email(v.emailInvalid))
      .transform((email) => email.toLowerCase()),
    days: z
      .array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, f.dayInvalid), { error: f.daysRequired })
      .min(1, f.daysRequired)
      .max(FREED_TIME_DAYS, f.dayInvalid)
      .transform((days) => [...new Set(days)].sort()),
    zone: z.string().trim().toLowerCase().min(1).max(BOOKING_LIMITS.zone),
    cars: z.coerce.number().int().min(CARS_MIN).max(CARS_MAX),
    /** Optional; stored E.164 (the SMS outbox's form). */
    phone: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z
        .string()
        .trim()
        .max(BOOKING_LIMITS.phone, { error: v.tooLong(BOOKING_LIMITS.phone), abort: true })
        .transform((value, ctx) => {
          const normalized = normalizeNorthAmericanPhone(value);
          const e164 = normalized === null ? null : toE164(normalized);
          if (!e164) {
            ctx.addIssue({ code: "custom", message: b.phoneInvalid });
            return z.NEVER;
          }
          return e164;
        })
        .optional(),
    ),
    /** The request's own SMS box ('on'), never ticked in advance: apart from promotional consent. */
    smsConsent: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()),
  })
  .superRefine((value, ctx) => {
    if (value.smsConsent && !value.phone)
      ctx.addIssue({ code: "custom", path: ["phone"], message: f.phoneForSms });
  });
export type FreedTimeRequest = z.infer<typeof FreedTimeRequestSchema>;

/** The next FREED_TIME_DAYS local days from `today` (yyyy-MM-dd), today first. */
export function freedTimeWindow(today: string): string[] {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return Array.from({ length: FREED_TIME_DAYS }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10),
  );
}
