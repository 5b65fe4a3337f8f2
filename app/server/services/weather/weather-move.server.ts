/**
 * A day (or part of one) of a zone moved in one go for the weather (issue 32 item 8, ADR 090).
 * Every scheduled booking of the window still to come gets one message (e-mail with its own link
 * to pick a new time, SMS when the booking accepted texts); the booking stays as it is until the
 * customer picks. Idempotent: the same window asked twice is the same move, and an appointment at
 * one start time is told once (weather_move_bookings' primary key), even by two overlapping moves.
 */
import crypto from "node:crypto";
import { and, asc, desc, eq, gte, inArray, lt } from "drizzle-orm";
import { appointments, serviceZones, weatherMoveBookings, weatherMoves } from "#db/schema";
import type { WeatherMoveInput, WeatherReason } from "~/domain/weather/schemas";
import { BUSINESS_TIME_ZONE, zonedWallTimeToInstant } from "~/domain/time/zoned";
import { AppError } from "~/lib/errors";
import { formatDateTime } from "~/domain/time/format-instant";
import { weatherMessages } from "~/lib/messages/weather.fr";
import type { Db, Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { hashManageToken } from "../booking/manage-access.server";
import { currentConsent } from "../messaging/consent.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { queueSms } from "../messaging/sms.server";

export interface WeatherMoveResult {
  moveId: string;
  /** Customers told by this call. */
  told: number;
  /** Bookings of the window told before (by this move or an overlapping one). */
  already: number;
}

/** The window's instants: the day's wall times in the business time zone (the whole day by default). */
export function weatherWindow(input: Pick<WeatherMoveInput, "date" | "from" | "to">): {
  fromAt: Date;
  toAt: Date;
} {
  return {
    fromAt: zonedWallTimeToInstant(input.date, input.from ?? "00:00", BUSINESS_TIME_ZONE),
    toAt: zonedWallTimeToInstant(input.date, input.to ?? "24:00", BUSINESS_TIME_ZONE),
  };
}

/**
 * Moves the franchisee's zone's window: NOT_FOUND for a zone that is not theirs. Only bookings
 * still to come (`start_at >= now`) and scheduled are told.
 */
export async function moveForWeather(
  db: Db,
  {
    franchiseeId,
    actorId,
    input,
    now,
  }: { franchiseeId: string; actorId: string | null; input: WeatherMoveInput; now: Date },
): Promise<WeatherMoveResult> {
  const { fromAt, toAt } = weatherWindow(input);
  return db.transaction(async (tx) => {
    const [zone] = await tx
      .select({ id: serviceZones.id })
      .from(serviceZones)
      .where(and(eq(serviceZones.id, input.zoneId), eq(serviceZones.franchiseeId, franchiseeId)));
    if (!zone) throw new AppError("NOT_FOUND");
    await tx
      .insert(weatherMoves)
      .values({ franchiseeId, zoneId: zone.id, reason: input.reason, fromAt, toAt, createdBy: actorId })
      .onConflictDoNothing({ target: [weatherMoves.zoneId, weatherMoves.fromAt, weatherMoves.toAt] });
    const [move] = await tx
      .select({ id: weatherMoves.id, reason: weatherMoves.reason })
      .from(weatherMoves)
      .where(
        and(eq(weatherMoves.zoneId, zone.id), eq(weatherMoves.fromAt, fromAt), eq(weatherMoves.toAt, toAt)),
      );
    const start = fromAt.getTime() > now.getTime() ? fromAt : now;
    const booked = await tx
      .select({ id: appointments.id, startAt: appointments.startAt })
      .from(appointments)
      .where(
        and(
          eq(appointments.zoneId, zone.id),
          eq(appointments.franchiseeId, franchiseeId),
          eq(appointments.status, "scheduled"),
          gte(appointments.startAt, start),
          lt(appointments.startAt, toAt),
        ),
      )
      .orderBy(asc(appointments.startAt));
    if (booked.length === 0) return { moveId: move!.id, told: 0, already: 0 };
    const tokens = new Map(booked.map((b) => [b.id, crypto.randomBytes(32).toString("base64url")]));
    // One row per appointment at its start: a second run (or an overlapping move) inserts nothing.
    const inserted = await tx
      .insert(weatherMoveBookings)
      .values(
        booked.map((b) => ({
          moveId: move!.id,
          appointmentId: b.id,
          originalStartAt: b.startAt,
          tokenHash: hashManageToken(tokens.get(b.id)!),
        })),
      )
      .onConflictDoNothing()
      .returning({ appointmentId: weatherMoveBookings.appointmentId });
    for (const { appointmentId } of inserted) {
      const startAt = booked.find((b) => b.id === appointmentId)!.startAt;
      await tellCustomer(tx, {
        appointmentId,
        startAt,
        reason: move!.reason,
        token: tokens.get(appointmentId)!,
        now,
      });
    }
    return { moveId: move!.id, told: inserted.length, already: booked.length - inserted.length };
  });
}

/** The one message: the e-mail with the link (a job, its token sealed), the SMS when accepted. */
async function tellCustomer(
  tx: Tx,
  {
    appointmentId,
    startAt,
    reason,
    token,
    now,
  }: { appointmentId: string; startAt: Date; reason: WeatherReason; token: string; now: Date },
): Promise<void> {
  await enqueue(
    tx,
    "email.weather-move",
    { appointmentId, manageToken: token },
    { maxAttempts: EMAIL_MAX_ATTEMPTS },
  );
  const [booking] = await tx
    .select({ phone: appointments.customerPhone, smsConsent: appointments.smsConsent })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!booking?.phone || !booking.smsConsent) return;
  // Transactional (ADR 014), and not after a STOP from that number. The link's secret stays out
  // of the SMS table: the text points to the e-mail.
  const consent = await currentConsent(tx, "sms", booking.phone, now);
  if (consent.state === "withdrawn") return;
  const t = weatherMessages.customer;
  await queueSms(tx, {
    phone: booking.phone,
    body: t.sms(weatherMessages.because[reason], formatDateTime(startAt, "weekdayShort")),
    category: "transactional",
    appointmentId,
    now,
  });
}

export interface WeatherMoveView {
  id: string;
  zoneName: string;
  reason: WeatherReason;
  fromAt: Date;
  toAt: Date;
  bookings: {
    appointmentId: string;
    bookingId: string;
    customerName: string;
    originalStartAt: Date;
    status: "waiting" | "rebooked" | "cancelled";
    newStartAt: Date | null;
  }[];
}

/** The franchisee's weather moves, newest first, with who has rebooked (the schedule's view). */
export async function listWeatherMoves(
  db: Db,
  { franchiseeId, limit = 20 }: { franchiseeId: string; limit?: number },
): Promise<WeatherMoveView[]> {
  const moves = await db
    .select({
      id: weatherMoves.id,
      zoneName: serviceZones.zoneName,
      reason: weatherMoves.reason,
      fromAt: weatherMoves.fromAt,
      toAt: weatherMoves.toAt,
    })
    .from(weatherMoves)
    .innerJoin(serviceZones, eq(serviceZones.id, weatherMoves.zoneId))
    .where(eq(weatherMoves.franchiseeId, franchiseeId))
    .orderBy(desc(weatherMoves.fromAt), desc(weatherMoves.createdAt))
    .limit(limit);
  if (moves.length === 0) return [];
  const rows = await db
    .select({
      moveId: weatherMoveBookings.moveId,
      appointmentId: weatherMoveBookings.appointmentId,
      bookingId: appointments.bookingId,
      customerName: appointments.customerName,
      status: appointments.status,
      originalStartAt: weatherMoveBookings.originalStartAt,
      rebookedAt: weatherMoveBookings.rebookedAt,
      newStartAt: weatherMoveBookings.newStartAt,
    })
    .from(weatherMoveBookings)
    .innerJoin(appointments, eq(appointments.id, weatherMoveBookings.appointmentId))
    .where(
      inArray(
        weatherMoveBookings.moveId,
        moves.map((m) => m.id),
      ),
    )
    .orderBy(asc(weatherMoveBookings.originalStartAt));
  return moves.map((move) => ({
    ...move,
    bookings: rows
      .filter((r) => r.moveId === move.id)
      .map((r) => ({
        appointmentId: r.appointmentId,
        bookingId: r.bookingId,
        customerName: r.customerName,
        originalStartAt: r.originalStartAt,
        status: r.rebookedAt ? "rebooked" : r.status === "cancelled" ? "cancelled" : "waiting",
        newStartAt: r.newStartAt,
      })),
  }));
}

/** The franchisee's own zones, for the move's form. */
export async function listOwnZones(
  db: Db,
  franchiseeId: string,
): Promise<{ id: string; zoneName: string }[]> {
  return db
    .select({ id: serviceZones.id, zoneName: serviceZones.zoneName })
    .from(serviceZones)
    .where(eq(serviceZones.franchiseeId, franchiseeId))
    .orderBy(asc(serviceZones.zoneName));
}

/**
 * The weather state of listed appointments (the schedule's badges): `waiting` while a move asks
 * its customer for a new time, `rebooked` at the new time the customer picked.
 */
export async function loadWeatherStates(
  db: Db,
  appointmentIds: readonly string[],
): Promise<Map<string, { reason: WeatherReason; status: "waiting" | "rebooked" }>> {
  const states = new Map<string, { reason: WeatherReason; status: "waiting" | "rebooked" }>();
  if (appointmentIds.length === 0) return states;
  const rows = await db
    .select({
      appointmentId: weatherMoveBookings.appointmentId,
      reason: weatherMoves.reason,
      originalStartAt: weatherMoveBookings.originalStartAt,
      rebookedAt: weatherMoveBookings.rebookedAt,
      newStartAt: weatherMoveBookings.newStartAt,
      startAt: appointments.startAt,
    })
    .from(weatherMoveBookings)
    .innerJoin(weatherMoves, eq(weatherMoves.id, weatherMoveBookings.moveId))
    .innerJoin(appointments, eq(appointments.id, weatherMoveBookings.appointmentId))
    .where(inArray(weatherMoveBookings.appointmentId, [...appointmentIds]));
  for (const r of rows) {
    const at = r.startAt.getTime();
    if (r.rebookedAt === null && r.originalStartAt.getTime() === at)
      states.set(r.appointmentId, { reason: r.reason, status: "waiting" });
    else if (r.rebookedAt !== null && r.newStartAt?.getTime() === at)
      states.set(r.appointmentId, { reason: r.reason, status: "rebooked" });
  }
  return states;
}
