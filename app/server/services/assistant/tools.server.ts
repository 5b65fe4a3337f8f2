/**
 * The assistant's tools (ADR 051): each one a thin call of the service a page uses, with the
 * page's Zod schema, rate limit and authorization. The chat, the SMS conversation and the MCP
 * endpoint all go through these functions; nothing here trusts what a model says.
 *
 * - A booking is made only with the confirmation code of its summary: the code is an HMAC of the
 *   exact request, given back by a first call that books nothing. The chat never shows the code to
 *   a model: the customer's Confirmer button sends it.
 * - A booking is found, cancelled or moved only with its number and the e-mail or phone it was
 *   made with (a proof checked again in the change's own transaction). A proof remembered by the
 *   conversation opens that one booking, nothing else.
 */
import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { appointmentUpsells, appointments, serviceZones, services } from "#db/schema";
import { canSelfServiceChange } from "~/domain/booking/cancellation";
import { priceBooking } from "~/domain/booking/pricing";
import {
  BOOKING_ID_PATTERN,
  BookingRequestSchema,
  CancelSchema,
  RescheduleSchema,
  SlotsQuerySchema,
  type BookingRequest,
} from "~/domain/booking/schemas";
import { ContactMessageSchema, CONTACT_LIMITS } from "~/domain/contact/schemas";
import { instantToZonedParts, BUSINESS_TIME_ZONE } from "~/domain/time/zoned";
import { AppError } from "~/lib/errors";
import { formatClock, formatDay, formatLongDate, formatMoney, formatTime } from "~/lib/format";
import { messages } from "~/lib/messages.fr";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { contactMessages } from "~/lib/messages/contact.fr";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { z } from "~/lib/zod-fr";
import { errorText } from "~/domain/errors/error-text";
import type { Db } from "../../db.server";
import { log } from "../../log.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";
import { acceptedKeys, purposeKey, signedWithAny } from "../../security/keys.server";
import { BOOKING_RATE_LIMIT, bookSlot } from "../booking/book-slot.server";
import {
  calendarUrlFor,
  contactProofMatches,
  manageUrlFor,
  type ContactProof,
} from "../booking/manage-access.server";
import { loadBookableZone, loadBookingService } from "../booking/booking-context.server";
import { resolveUpsells } from "../booking/resolve-upsells.server";
import { cancelBooking } from "../booking/cancel-booking.server";
import { listOpenSlots } from "../booking/list-open-slots.server";
import { siteOf } from "../booking/slot-cache.server";
import { rescheduleBooking } from "../booking/reschedule-booking.server";
import { stripeFromEnv } from "../../payments/stripe.server";
import { cardStepByLink } from "../payments/booking-payment.server";
import { cardSetupFor } from "../payments/payment-setup.server";
import { paymentTerms } from "~/domain/payments/terms";
import { paymentSummary } from "~/lib/messages/payments.fr";
import { listActiveServices } from "../catalog/list-active-services.server";
import { listUpsellOptions } from "../catalog/list-upsell-options.server";
import { sendContactMessage } from "../contact/send-contact-message.server";
import { checkServiceArea, locationAnswer } from "../zones/check-service-area.server";
import { describeWish, narrowStarts, parseWhen } from "./when-words";

const t = assistantMessages.tools;

/** As POST /api/validate-location: each check reads the zones. */
export const ADDRESS_CHECK_RATE_LIMIT = { max: 30, windowSeconds: 60 } as const satisfies RateLimitRule;
/** Look-ups of a booking by number and contact, per client address: a person needs a few. */
export const FIND_BOOKING_RATE_LIMIT = { max: 10, windowSeconds: 10 * 60 } as const satisfies RateLimitRule;
/** Days of slots one call lists at most (the page's picker shows a week at a time). */
export const SLOT_DAYS_DEFAULT = 7;
/** Days of slots one call lists at most. */
export const SLOT_DAYS_MAX = 14;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Who calls and what the conversation already proved. */
export interface ToolContext {
  db: Db;
  /** The client address the rate limits count (the SMS number for an SMS conversation). */
  ip: string;
  now: () => Date;
  /** Bookings proven in this conversation, with the proof that opened each (chat and SMS). */
  proofs: Map<string, ContactProof>;
  /** The conversation so far, for a hand-over to a person. */
  transcript?: () => string;
}

/** A tool's refusal: a code for programs, the page's French message for people. */
export interface Refusal {
  ok: false;
  code: string;
  message: string;
  fields?: Record<string, string[] | undefined>;
}

export type ToolResult<T extends object = object> = ({ ok: true; message?: string } & T) | Refusal;

function refused(code: string, message: string): ToolResult<never> {
  return { ok: false, code, message };
}

function invalid(error: z.ZodError): ToolResult<never> {
  return {
    ok: false,
    code: "VALIDATION",
    message: bookingMessages.invalidFields,
    fields: z.flattenError(error).fieldErrors as Record<string, string[] | undefined>,
  };
}

/**
 * A service's error as the French answer the page gives (the same texts as the pages' failure
 * path, ADR 059); anything unexpected is logged once and answered with the generic message.
 */
function failure(error: unknown, notFound: string = bookingMessages.appointmentNotFound): ToolResult<never> {
  if (error instanceof AppError && error.code !== "UNKNOWN") {
    return refused(error.code, errorText(error, { NOT_FOUND: notFound }));
  }
  // The request id comes with the log line (set per request by app.ts).
  log.error("request failed", { err: error });
  return refused("UNKNOWN", messages.errors.generic);
}

async function limited(ctx: ToolContext, key: string, rule: RateLimitRule): Promise<boolean> {
  const limit = await hitRateLimit(ctx.db, `${key}:${ctx.ip}`, rule);
  return !limit.allowed;
}

/** '2026-12-03T09:30:00-05:00' -> 'jeudi 3 décembre, 9 h 30' (local time, as the OQLF writes it). */
export function formatWhen(instant: Date): string {
  const parts = instantToZonedParts(instant, BUSINESS_TIME_ZONE);
  return t.at(formatDay(parts.date, "weekday"), formatClock(parts.time.slice(0, 5)));
}

// --- check_service_area ------------------------------------------------------------------------

export const CheckServiceAreaInput = z.object({
  address: z.string().max(500).describe("Adresse, municipalité ou code postal au Québec, ex. J2G 1A1"),
});

export async function checkServiceAreaTool(ctx: ToolContext, raw: unknown) {
  const parsed = CheckServiceAreaInput.safeParse(raw);
  if (!parsed.success || !parsed.data.address.trim() || parsed.data.address.includes("\u0000")) {
    return refused("VALIDATION", serviceAreaMessages.EMPTY);
  }
  if (await limited(ctx, "validate-location", ADDRESS_CHECK_RATE_LIMIT)) {
    return refused("RATE_LIMITED", messages.errors.rateLimited);
  }
  const decision = await checkServiceArea(ctx.db, { text: parsed.data.address, now: ctx.now() });
  const answer = locationAnswer(decision);
  return {
    ok: true as const,
    in_area: decision.inArea,
    message: answer.message,
    zone: decision.inArea ? (decision.zone?.routeSlug ?? null) : null,
    zone_name: decision.zone?.zoneName ?? null,
  };
}

// --- get_prices --------------------------------------------------------------------------------

export const GetPricesInput = z.object({});

export async function getPricesTool(ctx: ToolContext) {
  const [washes, extras] = await Promise.all([listActiveServices(ctx.db), listUpsellOptions(ctx.db)]);
  return {
    ok: true as const,
    note: "Prix avant taxes (TPS 5 % et TVQ 9,975 %), par véhicule pour les lavages.",
    services: washes.map((s) => ({
      id: s.id,
      name: s.name,
      price: formatMoney(s.basePriceCents),
      price_cents: s.basePriceCents,
      duration_minutes: s.durationMinutes,
    })),
    extras: extras.map((u) => ({
      slug: u.slug,
      name: u.name,
      price: formatMoney(u.priceCents),
      price_cents: u.priceCents,
    })),
  };
}

// --- list_slots --------------------------------------------------------------------------------

export const ListSlotsInput = z.object({
  zone: z.string().max(100).describe("La zone (slug) donnée par check_service_area, ex. granby"),
  cars: z.number().int().min(1).max(3).optional().describe("Nombre de véhicules, 1 à 3"),
  from: z.string().max(10).optional().describe("Premier jour, AAAA-MM-JJ (aujourd'hui par défaut)"),
  days: z.number().int().min(1).max(14).optional().describe("Nombre de jours, 7 par défaut"),
  address: z
    .string()
    .max(200)
    .optional()
    .describe(
      "L'adresse ou le code postal du lavage : les heures laissent alors le temps de route (ADR 048)",
    ),
  when: z
    .string()
    .max(200)
    .optional()
    .describe(
      "Les mots du client pour le moment voulu, tels quels, ex. « jeudi après-midi », « demain matin », « la semaine prochaine », « samedi vers 10 h » : seuls ces créneaux sont donnés (et 'understood' dit ce qui a été compris)",
    ),
});

export async function listSlotsTool(ctx: ToolContext, raw: unknown) {
  const base = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
  const words = typeof base.when === "string" && base.when.trim() ? base.when.slice(0, 200) : null;
  // The customer's words (issue 33, item 6): their days replace 'from' and 'days'.
  const wish = words ? parseWhen(words, ctx.now()) : null;
  const range =
    wish?.from && wish.to
      ? { from: wish.from, days: Math.min(daysBetween(wish.from, wish.to) + 1, SLOT_DAYS_MAX) }
      : {};
  const parsed = SlotsQuerySchema.safeParse({
    ...base,
    when: undefined,
    days: base.days ?? (wish ? SLOT_DAYS_MAX : SLOT_DAYS_DEFAULT),
    ...range,
  });
  if (!parsed.success) return invalid(parsed.error);
  try {
    const site = parsed.data.address ? await siteOf(parsed.data.address) : null;
    const open = await listOpenSlots(ctx.db, {
      site,
      zoneSlug: parsed.data.zone,
      cars: parsed.data.cars,
      from: parsed.data.from,
      days: Math.min(parsed.data.days ?? SLOT_DAYS_DEFAULT, SLOT_DAYS_MAX),
      serviceId: parsed.data.serviceId,
      now: ctx.now(),
    });
    return {
      ok: true as const,
      zone: open.zone,
      cars: open.cars,
      duration_minutes: open.duration_minutes,
      ...(words ? { understood: wish ? describeWish(wish) : null } : {}),
      days: open.days
        .map((d) => {
          const starts = d.slots.map((s) => s.start);
          return {
            date: d.date,
            label: formatLongDate(d.date),
            starts: wish ? narrowStarts(starts, wish) : starts,
          };
        })
        .filter((d) => d.starts.length > 0),
    };
  } catch (error) {
    return failure(error, bookingMessages.zoneNotFound);
  }
}

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
  if (await limited(ctx, "booking:ip", BOOKING_RATE_LIMIT)) {
    return refused("RATE_LIMITED", bookingMessages.rateLimited);
  }
  try {
    // The code books once (ADR 068): a repeat, even concurrent, answers with the first booking.
    const booked = await bookSlot(ctx.db, {
      actor: null,
      input,
      now,
      keys: [{ scope: "assistant", value: confirmation }],
    });
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
    return failure(error);
  }
}

// --- find_booking ------------------------------------------------------------------------------

export const FindBookingInput = z.object({
  booking_id: z.string().max(64).describe("Le numéro de réservation (dans le courriel de confirmation)"),
  email: z.string().max(254).optional().describe("Le courriel utilisé pour réserver"),
  phone: z.string().max(30).optional().describe("Ou le téléphone utilisé pour réserver"),
});

/** What a proven caller may read of its booking: no other customer's data, no token. */
export interface FoundBooking {
  booking_id: string;
  /** The zone (slug) and cars, for list_slots before a move. */
  zone: string;
  status: string;
  status_label: string;
  start: string;
  when: string;
  address: string;
  cars: number;
  service: string;
  extras: string[];
  total_before_taxes: string;
  can_change_online: boolean;
}

async function readProvenBooking(
  db: Db,
  bookingId: string,
  proof: ContactProof,
  now: Date,
): Promise<FoundBooking | null> {
  if (!BOOKING_ID_PATTERN.test(bookingId)) return null;
  const [row] = await db
    .select({
      id: appointments.id,
      bookingId: appointments.bookingId,
      status: appointments.status,
      startAt: appointments.startAt,
      address: appointments.address,
      city: appointments.city,
      cars: appointments.cars,
      priceCents: appointments.priceCents,
      customerEmail: appointments.customerEmail,
      customerPhone: appointments.customerPhone,
      service: services.name,
      zone: serviceZones.routeSlug,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .where(eq(appointments.bookingId, bookingId));
  if (!row || !contactProofMatches(proof, row)) return null;
  const extras = await db
    .select({ name: appointmentUpsells.name })
    .from(appointmentUpsells)
    .where(and(eq(appointmentUpsells.appointmentId, row.id)))
    .orderBy(asc(appointmentUpsells.name));
  return {
    booking_id: row.bookingId,
    zone: row.zone,
    status: row.status,
    status_label: t.statuses[row.status] ?? row.status,
    start: row.startAt.toISOString(),
    when: formatWhen(row.startAt),
    address: row.address,
    cars: row.cars,
    service: row.service,
    extras: extras.map((e) => e.name),
    total_before_taxes: formatMoney(row.priceCents),
    can_change_online: row.status === "scheduled" && canSelfServiceChange(row.startAt, now),
  };
}

function proofOf(input: { email?: string; phone?: string }): ContactProof | null {
  const email = input.email?.trim();
  const phone = input.phone?.trim();
  if (!email && !phone) return null;
  return { ...(email ? { email } : {}), ...(phone ? { phone } : {}) };
}

export async function findBookingTool(ctx: ToolContext, raw: unknown) {
  const parsed = FindBookingInput.safeParse(raw);
  if (!parsed.success) return invalid(parsed.error);
  const proof = proofOf(parsed.data);
  if (!proof) return refused("PROOF_REQUIRED", t.proofMissing);
  if (await limited(ctx, "assistant-find", FIND_BOOKING_RATE_LIMIT)) {
    return refused("RATE_LIMITED", messages.errors.rateLimited);
  }
  const bookingId = parsed.data.booking_id.trim();
  const found = await readProvenBooking(ctx.db, bookingId, proof, ctx.now());
  // One answer for an unknown number and a wrong contact: nothing to learn by trying.
  if (!found) return refused("NOT_FOUND", t.bookingNotFound);
  ctx.proofs.set(found.booking_id, proof);
  return { ok: true as const, booking: found };
}

// --- cancel_booking and reschedule_booking -----------------------------------------------------

export const CancelBookingInput = z.object({
  booking_id: z.string().max(64),
  email: z.string().max(254).optional().describe("Preuve : le courriel utilisé pour réserver"),
  phone: z.string().max(30).optional().describe("Ou le téléphone utilisé pour réserver"),
  reason: z.string().max(500).optional(),
});

export const RescheduleBookingInput = z.object({
  booking_id: z.string().max(64),
  start: z.string().max(40).describe("Le nouveau début, un créneau de list_slots"),
  email: z.string().max(254).optional().describe("Preuve : le courriel utilisé pour réserver"),
  phone: z.string().max(30).optional().describe("Ou le téléphone utilisé pour réserver"),
});

/** The proof given with the call, else the one this conversation proved for that booking only. */
function proofFor(ctx: ToolContext, bookingId: string, input: { email?: string; phone?: string }) {
  return proofOf(input) ?? ctx.proofs.get(bookingId) ?? null;
}

export async function cancelBookingTool(ctx: ToolContext, raw: unknown) {
  const parsed = CancelBookingInput.safeParse(raw);
  if (!parsed.success) return invalid(parsed.error);
  const bookingId = parsed.data.booking_id.trim();
  const proof = proofFor(ctx, bookingId, parsed.data);
  if (!proof) return refused("PROOF_REQUIRED", t.proofRequired);
  // The page's schema for the reason (the token is replaced by the proof).
  const reason = CancelSchema.shape.reason.safeParse(parsed.data.reason);
  if (!reason.success) return invalid(reason.error);
  if (await limited(ctx, "assistant-find", FIND_BOOKING_RATE_LIMIT)) {
    return refused("RATE_LIMITED", messages.errors.rateLimited);
  }
  try {
    await cancelBooking(ctx.db, { bookingId, input: { reason: reason.data }, now: ctx.now(), proof });
    return { ok: true as const, message: t.cancelled(bookingId), booking_id: bookingId, status: "cancelled" };
  } catch (error) {
    if (error instanceof AppError && (error.code === "INVALID_MANAGE_TOKEN" || error.code === "NOT_FOUND")) {
      return refused("NOT_FOUND", t.bookingNotFound);
    }
    return failure(error);
  }
}

export async function rescheduleBookingTool(ctx: ToolContext, raw: unknown) {
  const parsed = RescheduleBookingInput.safeParse(raw);
  if (!parsed.success) return invalid(parsed.error);
  const bookingId = parsed.data.booking_id.trim();
  const proof = proofFor(ctx, bookingId, parsed.data);
  if (!proof) return refused("PROOF_REQUIRED", t.proofRequired);
  const start = RescheduleSchema.shape.start.safeParse(parsed.data.start);
  if (!start.success) return invalid(start.error);
  if (await limited(ctx, "assistant-find", FIND_BOOKING_RATE_LIMIT)) {
    return refused("RATE_LIMITED", messages.errors.rateLimited);
  }
  try {
    const moved = await rescheduleBooking(ctx.db, {
      bookingId,
      input: { start: start.data },
      now: ctx.now(),
      proof,
    });
    const when = formatWhen(moved.startAt);
    return {
      ok: true as const,
      message: t.rescheduled(bookingId, when),
      booking_id: bookingId,
      start: start.data,
      when,
    };
  } catch (error) {
    if (error instanceof AppError && (error.code === "INVALID_MANAGE_TOKEN" || error.code === "NOT_FOUND")) {
      return refused("NOT_FOUND", t.bookingNotFound);
    }
    return failure(error);
  }
}

// --- hand over to a person ---------------------------------------------------------------------

export const HandOverInput = z.object({
  name: z.string().max(CONTACT_LIMITS.name),
  email: z.string().max(CONTACT_LIMITS.email),
  phone: z.string().max(CONTACT_LIMITS.phone).optional(),
  message: z.string().max(2000).describe("Ce que le client demande à l'équipe"),
});

/** A contact message with the conversation, queued like the contact form's (same limit). */
export async function handOverTool(ctx: ToolContext, raw: unknown) {
  const parsed = HandOverInput.safeParse(raw);
  if (!parsed.success) return invalid(parsed.error);
  const transcript = ctx.transcript?.() ?? "";
  const head = `${t.handOverIntro}\n\n${parsed.data.message.trim()}`;
  const room = CONTACT_LIMITS.message - head.length - t.transcriptTitle.length - 10;
  // The end of a long conversation matters most: its start is dropped first.
  const tail = transcript.length > room ? `…${transcript.slice(transcript.length - room + 1)}` : transcript;
  const message = tail && room > 0 ? `${head}\n\n--- ${t.transcriptTitle} ---\n${tail}` : head;
  const input = ContactMessageSchema.safeParse({
    name: parsed.data.name,
    email: parsed.data.email,
    phone: parsed.data.phone?.trim() ? parsed.data.phone : undefined,
    message,
  });
  if (!input.success) return invalid(input.error);
  try {
    await sendContactMessage(ctx.db, { input: input.data, ip: ctx.ip });
    return { ok: true as const, message: t.handedOver };
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") {
      return refused("RATE_LIMITED", contactMessages.rateLimited);
    }
    throw error;
  }
}
