/**
 * The assistant's tools on an existing booking (ADR 051): find_booking, cancel_booking and
 * reschedule_booking, each opened only by the booking's number and the e-mail or phone it was
 * made with (checked again in the change's own transaction).
 */
import { and, asc, eq } from "drizzle-orm";
import { appointmentUpsells, appointments, serviceZones, services } from "#db/schema";
import { canSelfServiceChange } from "~/domain/booking/cancellation";
import { BOOKING_ID_PATTERN, CancelSchema, RescheduleSchema } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import { formatMoney } from "~/lib/format";
import { messages } from "~/lib/messages.fr";
import { assistantMessages } from "~/lib/messages/assistant.fr";
import { z } from "~/lib/zod-fr";
import type { Db } from "../../db.server";
import { type RateLimitRule } from "../../rate-limit.server";
import { contactProofMatches, type ContactProof } from "../booking/manage-access.server";
import { cancelBooking } from "../booking/cancel-booking.server";
import { rescheduleBooking } from "../booking/reschedule-booking.server";
import { formatWhen, type ToolContext, invalid, refused, limited, failure } from "./tools.server";

const t = assistantMessages.tools;
/** Look-ups of a booking by number and contact, per client address: a person needs a few. */
export const FIND_BOOKING_RATE_LIMIT = { max: 10, windowSeconds: 10 * 60 } as const satisfies RateLimitRule;

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
