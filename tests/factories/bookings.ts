import { eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import * as s from "#db/schema";
import { BookingRequestSchema, type BookingRequest } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import type { Db } from "~/server/db.server";
import { invalidateOpenSlots } from "~/server/services/booking/slot-cache.server";

/** Friday 2026-03-06, 08:00 in Granby (EST): the clock of the booking tests. */
export const FRIDAY_MORNING = new Date("2026-03-06T08:00:00-05:00");
/** The Monday after it, the first day after the DST change (EDT, -04:00). */
export const MONDAY = "2026-03-09";
/** A start on that Monday at a local `time` ("10:00"). */
export const mondayAt = (time: string) => `${MONDAY}T${time}:00-04:00`;
export const MONDAY_9 = mondayAt("09:00");
export const MONDAY_10_30 = mondayAt("10:30");
export const TUESDAY_10 = "2026-03-10T10:00:00-04:00";

/** Granby's centre (J2G), and Cowansville (J2K) across the zone, 21 km and 33 minutes away. */
export const GRANBY = { address: "123, rue Principale, Granby", postalCode: "J2G 2T5" };
export const COWANSVILLE = { address: "200, rue Principale, Cowansville", postalCode: "J2K 1J4" };

/** Léa Tremblay's booking form for one car at Granby's centre, as typed (no start). */
export const LEA = {
  zone: "granby",
  cars: 1,
  name: "Léa Tremblay",
  email: "lea.tremblay@example.com",
  phone: "(450) 555-0199",
  ...GRANBY,
};

/** Léa Tremblay's request for one car at Granby's centre; `overrides` replace any field. */
export function granbyRequest(overrides: Record<string, unknown> = {}): BookingRequest {
  return BookingRequestSchema.parse({ ...LEA, ...overrides });
}

/**
 * The `n`th of a run of distinct Granby starts from Monday 2026-03-09: 09:00 and 13:00 of each
 * day in turn, so that the bookings of a test never compete for a slot.
 */
export function nthGranbyStart(n: number): string {
  const day = 9 + Math.floor(n / 2);
  const time = n % 2 === 0 ? "09:00" : "13:00";
  return `2026-03-${String(day).padStart(2, "0")}T${time}:00-04:00`;
}

/** The ids of a zone's team members, sorted. */
export async function teamOf(db: Db, zoneSlug: string): Promise<string[]> {
  const rows = await db
    .select({ id: s.teamMembers.id })
    .from(s.teamMembers)
    .innerJoin(s.serviceZones, eq(s.serviceZones.franchiseeId, s.teamMembers.franchiseeId))
    .where(eq(s.serviceZones.routeSlug, zoneSlug));
  return rows.map((r) => r.id).sort();
}

/**
 * Of `team`, leaves exactly the members `onDuty` active. A write outside the services: the
 * remembered teams and cached lists are forgotten by hand, as a change through them would.
 */
export async function setOnDuty(db: Db, team: string[], onDuty: string[]): Promise<void> {
  await db.update(s.teamMembers).set({ isActive: true }).where(inArray(s.teamMembers.id, onDuty));
  const others = team.filter((id) => !onDuty.includes(id));
  await db.update(s.teamMembers).set({ isActive: false }).where(inArray(s.teamMembers.id, others));
  invalidateOpenSlots();
}

/** Deletes every booking and what hangs on it (offers, points, jobs, SMS, consents), not the seed. */
export async function clearBookings(db: Db): Promise<void> {
  // In this order: what refers to a row goes before it.
  const tables = [
    s.weatherMoveBookings,
    s.weatherMoves,
    s.thankyouSends,
    s.winbackSends,
    s.promoRedemptions,
    s.promoCodes,
    s.reviewRequests,
    s.pointsLedger,
    s.achievements,
    s.loyaltyPoints,
    s.appointmentUpsells,
    s.bookingRequests,
    s.appointments,
    s.jobs,
    s.smsMessages,
    s.consentEvents,
  ];
  for (const table of tables) await db.delete(table);
}

/** What `promise` rejects with, or null when it resolves. */
export function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

/** The AppError `promise` must reject with. */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await failureOf(promise);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
