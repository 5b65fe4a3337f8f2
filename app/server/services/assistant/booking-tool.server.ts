/**
 * The assistant's book_appointment tool (ADR 051): a first call returns the summary and its
 * confirmation code (an HMAC of the exact request) and books nothing; the call with that code
 * books through placeBooking, like the wizard and the API.
 */
import crypto from "node:crypto";
import { priceBooking } from "~/domain/booking/pricing";
import { BookingRequestSchema, type BookingRequest } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import { formatMoney } from "~/lib/format";
import { formatTime } from "~/domain/time/format-instant";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { z } from "~/lib/zod-fr";
import { acceptedKeys, purposeKey, signedWithAny } from "../../security/keys.server";
import { placeBooking } from "../booking/place-booking.server";
import { calendarUrlFor, manageUrlFor } from "../booking/manage-access.server";
import { loadBookableZone, loadBookingService } from "../booking/booking-context.server";
import { resolveUpsells } from "../booking/resolve-upsells.server";
import { stripeFromEnv } from "../../payments/stripe.server";
import { cardStepByLink } from "../payments/booking-payment.server";
import { cardSetupFor } from "../payments/payment-setup.server";
import { paymentTerms } from "~/domain/payments/terms";
import { paymentSummary } from "~/domain/payments/payment-summary";
import { type Refusal, type ToolContext, invalid, formatWhen, failure, refused } from "./tools.server";

const t = assistantMessages.tools;

// --- book_appointment --------------------------------------------------------------------------

export const BookAppointmentInput = z.object({
  zone: z.string().max(100).describe("La zone (slug) de check_service_area"),
  cars: z.number().int().min(1).max(3),
  start: z.string().max(40).describe("Début exact d'un créneau de list_slots (ISO 8601 avec fuseau)"),
  name: z.string().max(100),
  email: z.string().max(254),
  phone: z.string().max(30),
  address: z.string().max(200).describe("Adresse du lavage, avec la municipalité"),
  postalCode: z.string().max(10).optional(),
  upsells: z.array(z.string().max(100)).max(20).optional().describe("Options (slug de get_prices)"),
  confirmation: z
    .string()
    .max(100)
    .optional()
    .describe(
      "Absent : renvoie le résumé et son code, sans réserver. Présent : le code du résumé que le client a confirmé.",
    ),
});

export interface BookingSummary {
  zone: string;
  zone_name: string;
  service: string;
  start: string;
  when: string;
  address: string;
  cars: number;
  extras: { name: string; price: string }[];
  subtotal: string;
  taxes: string;
  total: string;
  name: string;
  email: string;
  phone: string;
  /** In a zone that takes a card (ADR 074): what is charged today and later, and the terms. */
  payment?: { today: string; later: string; cancellation: string[] };
}

/** The request in a fixed form: what its confirmation code signs. */
function canonicalRequest(input: BookingRequest): string {
  return JSON.stringify([
    input.zone,
    input.cars,
    new Date(input.start).toISOString(),
    input.name,
    input.email,
    input.phone,
    input.address,
    input.postalCode ?? null,
    input.serviceId ?? null,
    [...(input.upsells ?? [])].map((u) => u.trim().toLowerCase()).sort(),
  ]);
}

/** The code that confirms exactly this request: an HMAC of its canonical form ("assistant-confirmation" key, ADR 101). */
function confirmationCode(key: Buffer, canonical: string): string {
  return crypto.createHmac("sha256", key).update(canonical).digest("base64url").slice(0, 16);
}

export type BookAppointmentResult =
  | { ok: true; status: "needs_confirmation"; message: string; summary: BookingSummary; confirmation: string }
  | {
      ok: true;
      status: "booked";
      message: string;
      booking_id: string;
      manage_url: string;
      calendar_url: string;
      summary: BookingSummary;
    }
  | (Refusal & { summary?: BookingSummary });

export async function bookAppointmentTool(ctx: ToolContext, raw: unknown): Promise<BookAppointmentResult> {
  const base = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const { confirmation, ...fields } = base;
  // The page's schema; the assistant never sends consent boxes (consent is never presumed).
  const parsed = BookingRequestSchema.safeParse({
    ...fields,
    smsConsent: undefined,
    emailConsent: undefined,
  });
  if (!parsed.success) return invalid(parsed.error);
  const input = parsed.data;
  const now = ctx.now();
  let summary: BookingSummary;
  try {
    const zone = await loadBookableZone(ctx.db, input.zone);
    const service = await loadBookingService(ctx.db, input.serviceId);
    const upsells = await resolveUpsells(ctx.db, input.upsells ?? []);
    const price = priceBooking({ unitPriceCents: service.basePriceCents, cars: input.cars, upsells });
    const card = await cardSetupFor(ctx.db, zone.id, stripeFromEnv() !== undefined);
    summary = {
      ...(card ? { payment: paymentSummary(paymentTerms(card.policy, price, 0)) } : {}),
      zone: zone.routeSlug,
      zone_name: zone.zoneName,
      service: service.name,
      start: input.start,
      when: formatWhen(new Date(input.start)),
      address: [input.address, input.postalCode].filter(Boolean).join(", "),
      cars: input.cars,
      extras: upsells.map((u) => ({ name: u.name, price: formatMoney(u.priceCents) })),
      subtotal: formatMoney(price.subtotalCents),
      taxes: formatMoney(price.tpsCents + price.tvqCents),
      total: formatMoney(price.totalCents),
      name: input.name,
      email: input.email,
      phone: input.phone,
    };
  } catch (error) {
    return failure(error, bookingMessages.zoneNotFound);
  }
  const canonical = canonicalRequest(input);
  const code = confirmationCode(await purposeKey(ctx.db, "assistant-confirmation"), canonical);
  if (typeof confirmation !== "string" || confirmation.length === 0) {
    return {
      ok: true as const,
      status: "needs_confirmation" as const,
      message: t.needsConfirmation,
      summary,
      confirmation: code,
    };
  }
  // A code given just before ADR 101 (the old key) still confirms; it is the request's key as given.
  const keys = await acceptedKeys(ctx.db, "assistant-confirmation");
  if (!signedWithAny(keys, confirmation, (key) => confirmationCode(key, canonical))) {
    return { ...refused("CONFIRMATION_MISMATCH", t.confirmationMismatch), summary };
  }
  try {
    // As every channel books (ADR 059): the rate limit per address, then the booking once per
    // request (ADR 068): under the confirmation code, and under the request's fingerprint for a
    // few minutes, so a repeat, even concurrent or by another channel, answers with the first.
    const placed = await placeBooking<never>(ctx.db, {
      ip: ctx.ip,
      now,
      relist: "day",
      read: () => Promise.resolve({ input }),
      key: { scope: "assistant", value: confirmation },
      actor: () => Promise.resolve(null),
    });
    // `read` never refuses: the input was checked above.
    const booked = placed.booking;
    if (!booked) return placed.refusal;
    // Who booked may change it in this conversation without proving it again.
    ctx.proofs.set(booked.bookingId, { email: input.email });
    // A zone that takes a card (ADR 074): the slot is held, the payment link goes by e-mail/text.
    const card = await cardStepByLink(ctx.db, booked, { stripe: stripeFromEnv(), now });
    return {
      ok: true as const,
      status: "booked" as const,
      message: card
        ? t.bookedAwaitingPayment(booked.bookingId, formatTime(card.holdUntil))
        : t.booked(booked.bookingId),
      booking_id: booked.bookingId,
      // The customer's links (issue 33, item 6): to see, move or cancel it, and to add it to a calendar.
      manage_url: manageUrlFor(booked.bookingId, booked.manageToken),
      calendar_url: calendarUrlFor(booked.bookingId, booked.manageToken),
      ...(card ? { payment_url: card.paymentUrl, hold_until: card.holdUntil.toISOString() } : {}),
      summary,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") {
      return refused("RATE_LIMITED", bookingMessages.rateLimited);
    }
    return failure(error);
  }
}
