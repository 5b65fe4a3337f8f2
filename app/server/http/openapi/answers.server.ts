/**
 * The answers of the public JSON API (docs/http-api.md) as Zod schemas, for its OpenAPI document
 * (document.server.ts). The routes' own answer types are checked against them at compile time
 * (the `Same` checks below), so a field added to a route without its place here fails the build;
 * tests/http/openapi.test.ts checks real answers against the document.
 */
import { appointments } from "#db/schema";
import type { AppointmentView } from "~/server/services/booking/get-appointment.server";
import type { LocationAnswer, PostalCodeAnswer } from "~/server/services/zones/check-service-area.server";
import { z } from "~/lib/zod-fr";

const cents = z.number().int().min(0).meta({ description: "An amount in cents (CAD)." });
const isoWithOffset = z.string().meta({
  description: "ISO 8601 date and time with the local offset.",
  example: "2026-03-09T09:00:00-04:00",
});
const frenchMessage = z.string().meta({ description: "A sentence in French, to show as it is." });

/** Every error of the booking calls: {success: false, error} and, for a bad field, its errors. */
export const FailureAnswer = z
  .object({
    success: z.literal(false),
    error: frenchMessage,
    fields: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "The French errors of each field at fault (400)." }),
  })
  .meta({ id: "Failure" });

const slot = z.object({ start: isoWithOffset, end: isoWithOffset });

export const SlotsAnswer = z
  .object({
    zone: z.string().meta({ description: "The zone's slug." }),
    cars: z.number().int(),
    duration_minutes: z.number().int(),
    days: z.array(
      z.object({
        date: z.string().meta({ description: "The local day, yyyy-MM-dd.", example: "2026-03-09" }),
        slots: z.array(slot),
      }),
    ),
  })
  .meta({ id: "Slots" });

export const BookingCreatedAnswer = z
  .object({
    booking_id: z.string(),
    manage_url: z.string().meta({ description: "The customer's private link to see, move or cancel it." }),
    price_cents: cents.meta({ description: "Before taxes, after the promo discount." }),
    discount_cents: cents,
  })
  .meta({ id: "BookingCreated" });

export const SlotTakenAnswer = FailureAnswer.extend({
  slots: z.array(slot).meta({ description: "That day's open slots now." }),
}).meta({ id: "SlotTaken" });

const price = z.object({
  servicesCents: cents,
  upsellsCents: cents,
  subtotalCents: cents,
  discountCents: cents,
  taxableCents: cents,
  tpsCents: cents,
  tvqCents: cents,
  totalCents: cents,
});

export const AppointmentAnswer = z
  .object({
    bookingId: z.string(),
    status: z.enum(appointments.status.enumValues),
    start: isoWithOffset,
    end: isoWithOffset,
    zone: z.object({ name: z.string(), slug: z.string() }),
    service: z.object({ name: z.string() }),
    cars: z.number().int(),
    vehicles: z
      .array(
        z.object({
          sizeClass: z.string(),
          sizeClassName: z.string(),
          label: z.string().nullable(),
          vehicleId: z.string().nullable(),
          priceCents: cents,
        }),
      )
      .meta({
        description:
          "Each car with its size class and price before taxes; a booking made with a bare count reads as standard cars. The label and vehicleId only with the customer's details.",
      }),
    priceCents: cents,
    price,
    promoCode: z.string().nullable(),
    upsells: z.array(z.object({ name: z.string(), priceCents: cents })),
    selfServiceChangeAllowed: z.boolean(),
    selfServiceDeadline: isoWithOffset,
    customer: z
      .object({
        name: z.string(),
        email: z.string(),
        phone: z.string(),
        address: z.string(),
        city: z.string().nullable(),
        postalCode: z.string().nullable(),
        smsConsent: z.boolean(),
      })
      .optional()
      .meta({
        description: "Only with the manage token, or to the signed-in owner, its franchisee and admins.",
      }),
  })
  .meta({ id: "Appointment" });

export const SuccessAnswer = z.object({ success: z.literal(true) }).meta({ id: "Success" });

export const RescheduledAnswer = z
  .object({ success: z.literal(true), start: isoWithOffset, end: isoWithOffset })
  .meta({ id: "Rescheduled" });

export const LocationCheckAnswer = z
  .object({
    success: z.boolean(),
    data: z.boolean().meta({ description: "The place is served (in an active zone)." }),
    message: frenchMessage,
    city: z.string().nullable(),
    canJoinWaitlist: z.literal(true).optional(),
  })
  .meta({ id: "LocationCheck" });

export const PostalCodeCheckAnswer = z
  .object({
    success: z.boolean(),
    data: z.boolean().meta({ description: "The code is well formed and served by an active zone." }),
    message: frenchMessage,
    canJoinWaitlist: z.literal(true).optional(),
  })
  .meta({ id: "PostalCodeCheck" });

/** Conform's reply with the French error of each field (the site's forms read the same). */
const fieldReply = z
  .looseObject({
    status: z.enum(["error", "success"]).optional(),
    error: z.record(z.string(), z.array(z.string()).nullable()).optional(),
  })
  .meta({ description: "Conform's reply: `error` holds the French errors of each field at fault." });

export const ContactAnswer = z
  .union([
    z.object({ success: z.literal(true) }),
    z.object({ success: z.literal(false), error: frenchMessage, result: fieldReply.optional() }),
  ])
  .meta({ id: "ContactAnswer" });

export const ApplicationCreatedAnswer = z.object({ id: z.string() }).meta({ id: "ApplicationCreated" });

export const ApplicationRefusedAnswer = z
  .object({ code: z.string(), error: frenchMessage, result: fieldReply.optional() })
  .meta({ id: "ApplicationRefused" });

// What the routes answer, checked against the schemas at compile time.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checks: [
  Same<z.output<typeof AppointmentAnswer>, AppointmentView>,
  Same<z.output<typeof LocationCheckAnswer>, LocationAnswer>,
  Same<z.output<typeof PostalCodeCheckAnswer>, PostalCodeAnswer>,
] = [true, true, true];
void checks;
