/**
 * What the booking JSON routes share: reading a body, and turning a validation failure or a
 * service's error code into a French answer with its HTTP status (STYLE.md, section 4).
 */
import { data } from "react-router";
import type { ZodError } from "zod";
import { BOOKING_HORIZON_DAYS } from "~/domain/booking/horizon";
import { BUSINESS } from "~/lib/business";
import { AppError } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { z } from "~/lib/zod-fr";
import { log } from "~/server/log.server";

const b = messages.booking;

/** Fields sent more than once in a form post (the rest keep their last value). */
const LIST_FIELDS = new Set(["upsells"]);

/**
 * A JSON object body, or a form post as an object (repeated list fields as arrays); null when the
 * body is neither.
 */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  try {
    if ((request.headers.get("content-type") ?? "").includes("application/json")) {
      const body: unknown = await request.json();
      return typeof body === "object" && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : null;
    }
    const form = await request.formData();
    const fields: Record<string, unknown> = {};
    for (const name of new Set(form.keys())) {
      const values = form.getAll(name).filter((value) => typeof value === "string");
      fields[name] = LIST_FIELDS.has(name) ? values : values.at(-1);
    }
    return fields;
  } catch {
    return null;
  }
}

/** 400 with the French error of each field. */
export function invalidFields(error: ZodError) {
  return data(
    { success: false, error: b.invalidFields, fields: z.flattenError(error).fieldErrors },
    { status: 400 },
  );
}

/** 400 for a body that is not a JSON object or a form. */
export function invalidRequest() {
  return data({ success: false, error: b.invalidRequest }, { status: 400 });
}

/** 405 for a method the route does not take. */
export function methodNotAllowed(allow: "GET" | "POST") {
  return data(
    { success: false, error: b.methodNotAllowed(allow) },
    { status: 405, headers: { Allow: allow } },
  );
}

type Answer = ReturnType<typeof invalidFields> | ReturnType<typeof invalidRequest>;

/**
 * The steps every booking POST starts with: the method, the body, the shared schema. Gives the
 * parsed input, or the 405 / 400 answer to return as it is.
 */
export async function readPost<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<
  | { input: z.output<S>; answer?: never }
  | { input?: never; answer: Answer | ReturnType<typeof methodNotAllowed> }
> {
  if (request.method !== "POST") return { answer: methodNotAllowed("POST") };
  const body = await readBody(request);
  if (!body) return { answer: invalidRequest() };
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { answer: invalidFields(parsed.error) };
  return { input: parsed.data };
}

/** {success: false, error} with the status of a booking service's failure. */
export function failureAnswer(error: unknown, context: { requestId: string; notFound: string }) {
  const failure = bookingFailure(error, context);
  return data({ success: false, error: failure.message }, { status: failure.status });
}

/**
 * The French text and status of a booking service's failure. Anything that is not an expected
 * AppError is logged with the request id and answered with the generic message (500).
 */
export function bookingFailure(
  error: unknown,
  { requestId, notFound }: { requestId: string; notFound: string },
): { status: number; message: string } {
  if (error instanceof AppError) {
    const message = bookingErrorMessage(error, notFound);
    if (message !== null) return { status: error.status, message };
  }
  log.error("booking request failed", { requestId, err: error });
  return { status: 500, message: messages.errors.generic };
}

/** The French refusal of a promo code (ADR 050); the error's message is the reason. */
export function promoRefusalMessage(reason: string): string {
  const refused = messages.offers.promo.refused;
  return Object.hasOwn(refused, reason) ? refused[reason as keyof typeof refused] : refused.UNKNOWN;
}

function bookingErrorMessage(error: AppError, notFound: string): string | null {
  switch (error.code) {
    case "NOT_FOUND":
      return notFound;
    case "ZONE_NOT_ACTIVE":
      return b.zoneNotActive;
    case "ADDRESS_OUT_OF_ZONE":
      return b.addressOutOfZone(error.message);
    case "ADDRESS_NOT_LOCATED":
      return b.addressNotLocated;
    case "SLOT_TAKEN":
      return b.slotTaken;
    case "SLOT_UNAVAILABLE":
      return b.slotUnavailable;
    case "BEYOND_BOOKING_HORIZON":
      return b.beyondHorizon(BOOKING_HORIZON_DAYS);
    case "INVALID_MANAGE_TOKEN":
      return b.invalidManageToken;
    case "TOO_LATE_TO_CHANGE":
      return b.tooLateToChange(BUSINESS.phone);
    case "APPOINTMENT_NOT_CHANGEABLE":
      return b.notChangeable;
    case "UNKNOWN_UPSELL":
      return b.unknownUpsell(error.message);
    case "RATE_LIMITED":
      return b.rateLimited;
    case "PROMO_CODE_REFUSED":
      return promoRefusalMessage(error.message);
    default:
      return null;
  }
}
