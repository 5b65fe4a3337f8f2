import { and, arrayContains, eq, gte, inArray, isNull, lt, lte } from "drizzle-orm";
import { appointments, freedTimeOffers, freedTimeRequests, serviceZones } from "#db/schema";
import { freedTimeWindow, type FreedTimeRequest } from "~/domain/freed-time/schemas";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";
import { env } from "../../env.server";
import { formatMailDate, formatMailTime } from "../../mail/layout.server";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { queueSms } from "../messaging/sms.server";
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
      // The phone serves the texts only: not kept without the box (no more data than needed).
      phone: input.smsConsent ? (input.phone ?? null) : null,
      smsConsent: input.smsConsent && Boolean(input.phone),
      days: input.days,
      lastDay: input.days[input.days.length - 1]!,
      stopToken: crypto.randomUUID(),
      createdAt: now,
    })
    .returning({ id: freedTimeRequests.id });
  return { requestId: row!.id, days: input.days };
}

/** The normal wizard, at the time step, with the freed time chosen (ADR 091). */
export function freedTimeBookPath({
  zoneSlug,
  cars,
  start,
}: {
  zoneSlug: string;
  cars: number;
  start: Date;
}) {
  const query = new URLSearchParams({
    zone: zoneSlug,
    cars: String(cars),
    step: "2",
    start: start.toISOString(),
    jour: localDate(start),
  });
  return `/booking?${query.toString()}`;
}

/**
 * The job 'freed-time.offer': the cancelled appointment's start is offered to every open request of
 * its zone that chose its local day, for as many cars or fewer, not stopped and not past. One
 * offer row per (request, freed start), inserted `on conflict do nothing`: only the rows this run
 * inserted queue an e-mail, so a re-run, or two runs at once, act once. A request with a phone
 * and its SMS box ticked also gets the offer by SMS (ADR 091, amended), queued in the same
 * transaction for the same inserted rows: once per person per freed time, with the stop link and
 * the STOP keyword; `queueSms` checks the request again (and at delivery).
 */
export async function offerFreedTime(
  db: Db,
  {
    appointmentId,
    now = new Date(),
    publicUrl = env().PUBLIC_URL,
  }: { appointmentId: string; now?: Date; publicUrl?: string },
): Promise<{ offered: string[] }> {
  const [appointment] = await db
    .select({
      zoneId: appointments.zoneId,
      zoneSlug: serviceZones.routeSlug,
      zoneName: serviceZones.zoneName,
      cars: appointments.cars,
      startAt: appointments.startAt,
      status: appointments.status,
    })
    .from(appointments)
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .where(eq(appointments.id, appointmentId));
  if (!appointment || appointment.status !== "cancelled" || appointment.startAt <= now)
    return { offered: [] };
  const day = localDate(appointment.startAt);
  const today = localDate(now);
  const matching = await db
    .select({
      id: freedTimeRequests.id,
      cars: freedTimeRequests.cars,
      phone: freedTimeRequests.phone,
      smsConsent: freedTimeRequests.smsConsent,
      stopToken: freedTimeRequests.stopToken,
    })
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
      .returning({ id: freedTimeOffers.id, requestId: freedTimeOffers.requestId });
    const byId = new Map(matching.map((r) => [r.id, r]));
    for (const row of rows) {
      await enqueue(tx, "email.freed-time", { offerId: row.id }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
      const request = byId.get(row.requestId);
      if (request?.smsConsent && request.phone) {
        const book = freedTimeBookPath({
          zoneSlug: appointment.zoneSlug,
          cars: request.cars,
          start: appointment.startAt,
        });
        await queueSms(tx, {
          phone: request.phone,
          category: "transactional",
          freedTimeRequestId: request.id,
          body: freedTimeMessages.sms(
            `${formatMailDate(appointment.startAt)} à ${formatMailTime(appointment.startAt)}`,
            appointment.zoneName,
            `${publicUrl}${book}`,
            `${publicUrl}/heure-liberee/arreter/${request.stopToken}`,
          ),
          now,
        });
      }
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

/** Offers are kept this many days, then deleted (ADR 091, amended: Law 25, no data past its purpose). */
export const FREED_TIME_OFFER_DAYS = 7;
/** Rows one statement of the purge deletes; the purge goes on while full batches come back. */
export const FREED_TIME_PURGE_BATCH = 500;
/** Statements of one purge at most: the rest waits for the next day's run. */
const PURGE_ROUNDS = 20;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The daily purge (ADR 091, amended): the requests past their last wanted day (local day before
 * today; their offers go with them) and the offers older than FREED_TIME_OFFER_DAYS whose freed
 * time has passed (so a freed time still ahead is never offered twice). Deleted by bounded
 * batches; idempotent (a second run finds nothing). Queues the next day's run.
 */
export async function purgeFreedTimes(
  db: Db,
  now: Date = new Date(),
): Promise<{ requests: number; offers: number }> {
  const today = localDate(now);
  const offerLimit = new Date(now.getTime() - FREED_TIME_OFFER_DAYS * DAY_MS);
  let requests = 0;
  let offers = 0;
  for (let round = 0; round < PURGE_ROUNDS; round++) {
    const batch = db
      .select({ id: freedTimeRequests.id })
      .from(freedTimeRequests)
      .where(lt(freedTimeRequests.lastDay, today))
      .limit(FREED_TIME_PURGE_BATCH);
    const deleted = await db
      .delete(freedTimeRequests)
      .where(inArray(freedTimeRequests.id, batch))
      .returning({ id: freedTimeRequests.id });
    requests += deleted.length;
    if (deleted.length < FREED_TIME_PURGE_BATCH) break;
  }
  for (let round = 0; round < PURGE_ROUNDS; round++) {
    const batch = db
      .select({ id: freedTimeOffers.id })
      .from(freedTimeOffers)
      .where(and(lt(freedTimeOffers.createdAt, offerLimit), lte(freedTimeOffers.freedStart, now)))
      .limit(FREED_TIME_PURGE_BATCH);
    const deleted = await db
      .delete(freedTimeOffers)
      .where(inArray(freedTimeOffers.id, batch))
      .returning({ id: freedTimeOffers.id });
    offers += deleted.length;
    if (deleted.length < FREED_TIME_PURGE_BATCH) break;
  }
  await scheduleFreedTimePurge(db, now);
  return { requests, offers };
}

/** Queues the next daily purge, once per day whatever the number of workers (its key is the day). */
export async function scheduleFreedTimePurge(db: Db, now: Date = new Date()): Promise<void> {
  const runAt = new Date(now.getTime() + DAY_MS);
  await enqueue(
    db,
    "freed-time.purge",
    {},
    { runAt, singletonKey: `freed-time.purge:${runAt.toISOString().slice(0, 10)}` },
  );
}
