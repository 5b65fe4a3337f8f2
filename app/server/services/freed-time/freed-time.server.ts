import { and, arrayContains, eq, gte, isNull, lte } from "drizzle-orm";
import { appointments, freedTimeOffers, freedTimeRequests, serviceZones } from "#db/schema";
import { freedTimeWindow, type FreedTimeRequest } from "~/domain/freed-time/schemas";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { localDate } from "~/domain/time/zoned";

/** Requests one address may send: a few days' tries, too few for a spam run. */
export const FREED_TIME_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 } as const satisfies RateLimitRule;

/**
 * Saves « Prévenez-moi si une heure se libère » (ADR 091) for an active zone. Days outside the next
 * 14 local days are refused (VALIDATION); NOT_FOUND for an unknown or inactive zone.
 */
export async function requestFreedTime(
  db: Db,
  { input, ip, now = new Date() }: { input: FreedTimeRequest; ip: string | null; now?: Date },
): Promise<{ requestId: string; days: string[] }> {
  if (ip) {
    const limit = await hitRateLimit(db, `freed-time:ip:${ip}`, FREED_TIME_RATE_LIMIT);
    if (!limit.allowed) throw new AppError("RATE_LIMITED");
  }
  const window = new Set(freedTimeWindow(localDate(now)));
  if (input.days.some((day) => !window.has(day))) throw new AppError("VALIDATION");
  const [zone] = await db
    .select({ id: serviceZones.id })
    .from(serviceZones)
    .where(and(eq(serviceZones.routeSlug, input.zone), eq(serviceZones.status, "active")));
  if (!zone) throw new AppError("NOT_FOUND");
  const [row] = await db
    .insert(freedTimeRequests)
    .values({
      email: input.email,
      zoneId: zone.id,
      cars: input.cars,
      days: input.days,
      lastDay: input.days[input.days.length - 1]!,
      stopToken: crypto.randomUUID(),
      createdAt: now,
    })
    .returning({ id: freedTimeRequests.id });
  return { requestId: row!.id, days: input.days };
}

/**
 * The job 'freed-time.offer': the cancelled appointment's start is offered to every open request of
 * its zone that chose its local day, for as many cars or fewer, not stopped and not past. One
 * offer row per (request, freed start), inserted `on conflict do nothing`: only the rows this run
 * inserted queue an e-mail, so a re-run, or two runs at once, act once.
 */
export async function offerFreedTime(
  db: Db,
  { appointmentId, now = new Date() }: { appointmentId: string; now?: Date },
): Promise<{ offered: string[] }> {
  const [appointment] = await db
    .select({
      zoneId: appointments.zoneId,
      cars: appointments.cars,
      startAt: appointments.startAt,
      status: appointments.status,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!appointment || appointment.status !== "cancelled" || appointment.startAt <= now)
    return { offered: [] };
  const day = localDate(appointment.startAt);
  const today = localDate(now);
  const matching = await db
    .select({ id: freedTimeRequests.id })
    .from(freedTimeRequests)
    .where(
      and(
        eq(freedTimeRequests.zoneId, appointment.zoneId),
        isNull(freedTimeRequests.stoppedAt),
        gte(freedTimeRequests.lastDay, today),
        arrayContains(freedTimeRequests.days, [day]),
        lte(freedTimeRequests.cars, appointment.cars),
      ),
    );
  if (matching.length === 0) return { offered: [] };
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(freedTimeOffers)
      .values(
        matching.map((r) => ({
          requestId: r.id,
          freedStart: appointment.startAt,
          appointmentId,
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: [freedTimeOffers.requestId, freedTimeOffers.freedStart] })
      .returning({ id: freedTimeOffers.id });
    for (const row of rows) {
      await enqueue(tx, "email.freed-time", { offerId: row.id }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
    }
    return { offered: rows.map((r) => r.id) };
  });
}

/** Whether a stop link's token names a request (the page asks before it stops anything). */
export async function findFreedTimeRequest(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: freedTimeRequests.id })
    .from(freedTimeRequests)
    .where(eq(freedTimeRequests.stopToken, token));
  return Boolean(row);
}

/** The stop link of an offer: the request ends (no more offers). False for an unknown token. */
export async function stopFreedTimeRequest(
  db: Db,
  { token, now = new Date() }: { token: string; now?: Date },
): Promise<boolean> {
  const [request] = await db
    .select({ id: freedTimeRequests.id, stoppedAt: freedTimeRequests.stoppedAt })
    .from(freedTimeRequests)
    .where(eq(freedTimeRequests.stopToken, token));
  if (!request) return false;
  if (!request.stoppedAt)
    await db.update(freedTimeRequests).set({ stoppedAt: now }).where(eq(freedTimeRequests.id, request.id));
  return true;
}

/** What the offer's e-mail needs; null when the request was stopped since. */
export async function loadFreedTimeOffer(db: Db, offerId: string) {
  const [offer] = await db
    .select({
      email: freedTimeRequests.email,
      cars: freedTimeRequests.cars,
      stopToken: freedTimeRequests.stopToken,
      stoppedAt: freedTimeRequests.stoppedAt,
      freedStart: freedTimeOffers.freedStart,
      zoneSlug: serviceZones.routeSlug,
      zoneName: serviceZones.zoneName,
    })
    .from(freedTimeOffers)
    .innerJoin(freedTimeRequests, eq(freedTimeRequests.id, freedTimeOffers.requestId))
    .innerJoin(serviceZones, eq(serviceZones.id, freedTimeRequests.zoneId))
    .where(eq(freedTimeOffers.id, offerId));
  return offer && !offer.stoppedAt ? offer : null;
}
