/**
 * The OpenAPI 3.1 document of the public JSON API, served at /api/openapi.json (docs/http-api.md).
 * Built by zod-openapi from the very Zod schemas that validate the requests (the domain's booking,
 * service-area, contact and application schemas, their input side) and from the answers' schemas
 * (answers.server.ts): nothing is written twice by hand.
 */
import { createDocument, type ZodOpenApiResponsesObject } from "zod-openapi";
import { APPLICATION_PHOTO_FIELD } from "~/domain/applications/photo";
import {
  PersonalStepSchema,
  ProfessionalStepSchema,
  ReferencesStepSchema,
  SubmissionStepSchema,
} from "~/domain/applications/schemas";
import {
  BOOKING_ID_PATTERN,
  BookingRequestSchema,
  CancelSchema,
  RequestKeySchema,
  RescheduleSchema,
  SlotsQuerySchema,
  UpdateAppointmentSchema,
} from "~/domain/booking/schemas";
import { ContactMessageSchema } from "~/domain/contact/schemas";
import { LocationCheckSchema, PostalCodeCheckSchema } from "~/domain/geo/check-schemas";
import { z } from "~/lib/zod-fr";
import {
  AppointmentAnswer,
  ApplicationCreatedAnswer,
  ApplicationRefusedAnswer,
  BookingCreatedAnswer,
  ContactAnswer,
  FailureAnswer,
  LocationCheckAnswer,
  PostalCodeCheckAnswer,
  RescheduledAnswer,
  SlotsAnswer,
  SlotTakenAnswer,
  SuccessAnswer,
} from "./answers.server";

type Schema = z.ZodType;

const json = (schema: Schema) => ({ content: { "application/json": { schema } } });
const answer = (description: string, schema: Schema) => ({ description, ...json(schema) });
const failure = (description: string) => answer(description, FailureAnswer);

const retryAfter = z.string().meta({ description: "Seconds to wait before trying again." });
const rateLimited = {
  description: "Too many calls from this client: try again after Retry-After.",
  headers: z.object({ "Retry-After": retryAfter }),
};

/** Answers every booking call may give. */
const common: ZodOpenApiResponsesObject = {
  "405": failure("Another method than the one documented (with an Allow header)."),
  "500": failure("An unexpected failure, with a generic French message."),
};

const bookingPath = z.object({
  bookingId: z
    .string()
    .regex(BOOKING_ID_PATTERN)
    .meta({ description: "The public booking id.", example: "7KQ2M9XD4T" }),
});

/** The application's answers, all steps at once, as JSON (the site's form posts multipart). */
const applicationBody = z.intersection(
  z.intersection(PersonalStepSchema, ProfessionalStepSchema),
  z.intersection(
    z.intersection(ReferencesStepSchema, SubmissionStepSchema),
    z.object({
      signature: z.string().meta({ description: "The signature, a data:image/png;base64 URL." }),
      [APPLICATION_PHOTO_FIELD]: z
        .string()
        .optional()
        .meta({ description: "The optional photo, a data:image/jpeg|png|webp;base64 URL." }),
    }),
  ),
);

function build() {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Lavage Signature : API publique",
      version: "1",
      description:
        "Service area checks, open slots, bookings and their changes, contact and franchise " +
        "applications. Every error text is French, ready to show. docs/http-api.md in the " +
        "repository gives the rules behind each call.",
    },
    servers: [{ url: "/" }],
    paths: {
      "/api/validate-location": {
        post: {
          summary: "Is this address served?",
          requestBody: json(LocationCheckSchema),
          responses: {
            "200": answer("The decision and the sentence to show.", LocationCheckAnswer),
            "400": answer("An empty address or a malformed body.", LocationCheckAnswer),
            "429": { ...rateLimited, ...json(LocationCheckAnswer) },
            "500": answer("An unexpected failure.", LocationCheckAnswer),
          },
        },
      },
      "/api/validate-postal-code": {
        post: {
          summary: "Is this postal code served?",
          requestBody: json(PostalCodeCheckSchema),
          responses: {
            "200": answer("The decision and the sentence to show.", PostalCodeCheckAnswer),
            "400": answer("An empty code or a malformed body.", PostalCodeCheckAnswer),
            "429": { ...rateLimited, ...json(PostalCodeCheckAnswer) },
          },
        },
      },
      "/api/slots": {
        get: {
          summary: "The open slots of a zone, by day",
          requestParams: { query: SlotsQuerySchema },
          responses: {
            "200": answer("The open slots, by local day.", SlotsAnswer),
            "400": failure("A bad parameter."),
            "404": failure("No such zone."),
            "409": failure("The zone does not take bookings."),
            ...common,
          },
        },
      },
      "/api/bookings": {
        post: {
          summary: "Book a slot",
          description:
            "Booked once: a retry with the same Idempotency-Key, or the same request within " +
            "minutes, answers with the first booking.",
          requestParams: {
            header: z.object({
              "Idempotency-Key": RequestKeySchema.optional().meta({
                description: "The client's key for this booking: its retries answer with the first booking.",
              }),
            }),
          },
          requestBody: json(BookingRequestSchema),
          responses: {
            "201": answer("Booked.", BookingCreatedAnswer),
            "400": failure("A bad field (each field's error in `fields`) or a malformed key."),
            "409": answer("The slot was just taken or never offered.", SlotTakenAnswer),
            "422": failure("The address is not in the zone, or the promo code does not apply."),
            "429": { ...rateLimited, ...json(FailureAnswer) },
            ...common,
          },
        },
      },
      "/api/appointments/{bookingId}": {
        get: {
          summary: "A booking",
          requestParams: {
            path: bookingPath,
            query: z.object({
              token: z
                .string()
                .optional()
                .meta({ description: "The manage link's token: adds the customer's details." }),
            }),
          },
          responses: {
            "200": answer("The booking.", AppointmentAnswer),
            "404": failure("No such booking."),
            "500": failure("An unexpected failure."),
          },
        },
      },
      "/api/bookings/{bookingId}/cancel": {
        post: {
          summary: "Cancel a booking with its manage link's token",
          requestParams: { path: bookingPath },
          requestBody: json(CancelSchema),
          responses: {
            "200": answer("Cancelled.", SuccessAnswer),
            "400": failure("A bad field."),
            "403": failure("Wrong token."),
            "404": failure("No such booking."),
            "409": failure("Already cancelled, or less than 24 h before: call us."),
            ...common,
          },
        },
      },
      "/api/bookings/{bookingId}/reschedule": {
        post: {
          summary: "Move a booking with its manage link's token",
          requestParams: { path: bookingPath },
          requestBody: json(RescheduleSchema),
          responses: {
            "200": answer("Moved: the new times.", RescheduledAnswer),
            "400": failure("A bad field."),
            "403": failure("Wrong token."),
            "404": failure("No such booking."),
            "409": failure(
              "The slot is not open, the booking is no longer scheduled, or less than 24 h before.",
            ),
            ...common,
          },
        },
      },
      "/api/update-appointment": {
        post: {
          summary: "Replace a booking's extras",
          requestBody: json(UpdateAppointmentSchema),
          responses: {
            "200": answer("Updated; the new confirmation is e-mailed.", SuccessAnswer),
            "400": failure("A bad field or an unknown extra."),
            "403": failure("Neither the manage token nor the owner's session."),
            "404": failure("No such booking."),
            "409": failure("Cancelled, done or started."),
            ...common,
          },
        },
      },
      "/api/contact": {
        post: {
          summary: "Send a message to the team",
          requestBody: json(ContactMessageSchema),
          responses: {
            "200": answer("Sent.", ContactAnswer),
            "400": answer("A bad field (each field's error in `result`).", ContactAnswer),
            "429": { ...rateLimited, ...json(ContactAnswer) },
            "405": answer("Another method than POST.", ContactAnswer),
          },
        },
      },
      "/api/franchise-applications": {
        post: {
          summary: "Apply to become a franchisee",
          description:
            "JSON as below, or multipart form data with a `signature` PNG file and an optional `photo` file.",
          requestBody: json(applicationBody),
          responses: {
            "201": answer(
              "Saved: a confirmation link is e-mailed to the candidate.",
              ApplicationCreatedAnswer,
            ),
            "400": answer(
              "A bad field (each field's error in `result`) or an unreadable body.",
              ApplicationRefusedAnswer,
            ),
            "405": answer("Another method than POST.", ApplicationRefusedAnswer),
            "409": answer("An application for this e-mail is already open.", ApplicationRefusedAnswer),
            "413": answer("The body is too large.", ApplicationRefusedAnswer),
            "429": { ...rateLimited, ...json(ApplicationRefusedAnswer) },
          },
        },
      },
    },
  });
}

let document: string | undefined;

/** The document as JSON text, built once per process. */
export function openApiJson(): string {
  document ??= JSON.stringify(build());
  return document;
}
