import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { FreedTimeRequestSchema } from "~/domain/freed-time/schemas";
import { openPostgres, type Database } from "~/server/db.server";
import { createFreedTimeHandlers } from "~/server/jobs/handlers/freed-time-jobs.server";
import type { OutgoingMail } from "~/server/mail/mailer.server";
import {
  clearBookings,
  FRIDAY_MORNING,
  GRANBY,
  MONDAY,
  MONDAY_9,
  rejection,
} from "../../../../tests/factories/bookings";
import { memoryMailer } from "../../../../tests/factories/memory-mailer";
import { describeDatabases } from "../../../../tests/setup/db";
import { withDatabase } from "../../../../tests/setup/database-url";
import { bookSlot } from "../booking/book-slot.server";
import { cancelBooking } from "../booking/cancel-booking.server";
import { freedTimeDemand } from "./freed-time-demand.server";
import { deliverQueuedSms, handleInboundSms } from "../messaging/sms.server";
import {
  FREED_TIME_PURGE_BATCH,
  offerFreedTime,
  purgeFreedTimes,
  requestFreedTime,
  stopFreedTimeRequest,
} from "./freed-time.server";

const NOW = FRIDAY_MORNING;
const TUESDAY = "2026-03-10";

const ask = (email: string, days: string[], overrides: Record<string, unknown> = {}) =>
  FreedTimeRequestSchema.parse({ email, days, zone: "granby", cars: "1", ...overrides });

describeDatabases("a freed time goes to who wanted it (ADR 091)", ({ db, kind }) => {
  let second: Database | null = null;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    if (kind === "postgres") {
      const [current] = await db()
        .select({ name: sql<string>`current_database()` })
        .from(sql`(values (1)) as one`);
      second = await openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, current!.name), 4);
    }
  });
  afterAll(async () => {
    await second?.close();
  });
  beforeEach(async () => {
    await db().delete(s.freedTimeOffers);
    await db().delete(s.freedTimeRequests);
    await db().delete(s.smsMessages);
    await db().delete(s.consentEvents);
    await clearBookings(db());
  });

  /** Books Monday 9 h at Granby for `cars`, then cancels it through the manage link. */
  async function bookAndCancel(cars = 1) {
    const booking = await bookSlot(db(), {
      actor: null,
      now: NOW,
      input: BookingRequestSchema.parse({
        zone: "granby",
        cars,
        start: MONDAY_9,
        name: "Léa Tremblay",
        email: "lea@example.com",
        phone: "(450) 555-0199",
        ...GRANBY,
      }),
    });
    await cancelBooking(db(), {
      bookingId: booking.bookingId,
      input: { token: booking.manageToken },
      now: NOW,
    });
    const [appointment] = await db()
      .select({ id: s.appointments.id })
      .from(s.appointments)
      .where(eq(s.appointments.bookingId, booking.bookingId));
    return appointment!.id;
  }

  it("saves a request with its days, zone, cars and last day; refuses days outside the next 14", async () => {
    const saved = await requestFreedTime(db(), {
      input: ask("Marie@Exemple.com", [TUESDAY, MONDAY]),
      ip: null,
      now: NOW,
    });
    expect(saved.days).toEqual([MONDAY, TUESDAY]);
    const [row] = await db().select().from(s.freedTimeRequests);
    expect(row).toMatchObject({
      email: "marie@exemple.com",
      cars: 1,
      days: [MONDAY, TUESDAY],
      lastDay: TUESDAY,
    });
    expect(
      (
        await rejection(
          requestFreedTime(db(), { input: ask("a@exemple.com", ["2026-03-20"]), ip: null, now: NOW }),
        )
      ).code,
    ).toBe("VALIDATION");
    expect(
      (
        await rejection(
          requestFreedTime(db(), { input: ask("a@exemple.com", ["2026-03-05"]), ip: null, now: NOW }),
        )
      ).code,
    ).toBe("VALIDATION");
  });

  it("a cancellation queues the offer job in its transaction; two runs at once act once per request", async () => {
    await requestFreedTime(db(), { input: ask("a@exemple.com", [MONDAY]), ip: null, now: NOW });
    await requestFreedTime(db(), { input: ask("b@exemple.com", [MONDAY, TUESDAY]), ip: null, now: NOW });
    const appointmentId = await bookAndCancel();
    const queued = await db().select().from(s.jobs).where(eq(s.jobs.name, "freed-time.offer"));
    expect(queued.map((job) => job.payload)).toEqual([{ appointmentId }]);

    const other = second?.db ?? db();
    const runs = await Promise.all([
      offerFreedTime(db(), { appointmentId, now: NOW }),
      offerFreedTime(other, { appointmentId, now: NOW }),
    ]);
    expect(runs.flatMap((run) => run.offered)).toHaveLength(2);
    // Run again later: nothing more.
    expect((await offerFreedTime(db(), { appointmentId, now: NOW })).offered).toEqual([]);
    const offers = await db().select().from(s.freedTimeOffers);
    expect(offers).toHaveLength(2);
    expect(offers.every((o) => o.freedStart.getTime() === new Date(MONDAY_9).getTime())).toBe(true);
    const mails = await db().select().from(s.jobs).where(eq(s.jobs.name, "email.freed-time"));
    expect(mails).toHaveLength(2);

    // The e-mail: the wizard at that time, and the stop link; none once stopped.
    const sent: OutgoingMail[] = [];
    const handlers = createFreedTimeHandlers({ mailer: memoryMailer(sent), now: () => NOW });
    const context = { db: db(), jobId: 1, attempt: 1, maxAttempts: 1 } as Parameters<
      (typeof handlers)["email.freed-time"]
    >[1];
    await handlers["email.freed-time"]({ offerId: offers[0]!.id }, context);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("/booking?zone=granby&cars=1&step=2&start=");
    expect(sent[0]!.text).toContain("/heure-liberee/arreter/");
    const [request] = await db()
      .select()
      .from(s.freedTimeRequests)
      .where(eq(s.freedTimeRequests.id, offers[1]!.requestId));
    expect(await stopFreedTimeRequest(db(), { token: request!.stopToken, now: NOW })).toBe(true);
    await handlers["email.freed-time"]({ offerId: offers[1]!.id }, context);
    expect(sent).toHaveLength(1);
  });

  it("an offer also goes by SMS with the request's own box: once even with two runs at once; STOP stops it", async () => {
    const texted = await requestFreedTime(db(), {
      input: ask("sms@exemple.com", [MONDAY], { phone: "450 555-0142", smsConsent: "on" }),
      ip: null,
      now: NOW,
    });
    // A phone without the box: e-mail only.
    await requestFreedTime(db(), {
      input: ask("nobox@exemple.com", [MONDAY], { phone: "450 555-0143" }),
      ip: null,
      now: NOW,
    });
    const [row] = await db()
      .select()
      .from(s.freedTimeRequests)
      .where(eq(s.freedTimeRequests.id, texted.requestId));
    expect(row).toMatchObject({ phone: "+14505550142", smsConsent: true });
    const [nobox] = await db()
      .select()
      .from(s.freedTimeRequests)
      .where(eq(s.freedTimeRequests.email, "nobox@exemple.com"));
    expect(nobox).toMatchObject({ phone: null, smsConsent: false });
    const appointmentId = await bookAndCancel();
    const other = second?.db ?? db();
    await Promise.all([
      offerFreedTime(db(), { appointmentId, now: NOW, publicUrl: "https://lavage.test" }),
      offerFreedTime(other, { appointmentId, now: NOW, publicUrl: "https://lavage.test" }),
    ]);
    await offerFreedTime(db(), { appointmentId, now: NOW, publicUrl: "https://lavage.test" });
    const sms = await db().select().from(s.smsMessages).where(eq(s.smsMessages.direction, "outbound"));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      phone: "+14505550142",
      category: "transactional",
      status: "queued",
      freedTimeRequestId: texted.requestId,
    });
    expect(sms[0]!.body).toContain("https://lavage.test/booking?zone=granby&cars=1&step=2&start=");
    expect(sms[0]!.body).toContain(`https://lavage.test/heure-liberee/arreter/${row!.stopToken}`);
    expect(sms[0]!.body).toContain("STOP");
    expect(await db().select().from(s.jobs).where(eq(s.jobs.name, "sms.deliver"))).toHaveLength(1);

    // STOP from the number before delivery: the request stops and the SMS is not sent.
    await handleInboundSms(db(), { from: "+14505550142", body: "STOP", now: NOW });
    const [stopped] = await db()
      .select()
      .from(s.freedTimeRequests)
      .where(eq(s.freedTimeRequests.id, texted.requestId));
    expect(stopped!.stoppedAt).not.toBeNull();
    const sent: string[] = [];
    const provider = {
      name: "memory",
      send: async ({ body }: { body: string }) => {
        sent.push(body);
        return { providerMessageId: "m1" };
      },
    };
    await deliverQueuedSms(db(), provider as never, {
      smsId: sms[0]!.id,
      attempt: 1,
      maxAttempts: 12,
      now: NOW,
    });
    expect(sent).toEqual([]);
    const [after] = await db().select().from(s.smsMessages).where(eq(s.smsMessages.id, sms[0]!.id));
    expect(after).toMatchObject({ status: "refused", error: "NO_CONSENT" });
  });

  it("refuses the SMS box without a phone, with the form's message", () => {
    const parsed = FreedTimeRequestSchema.safeParse({
      email: "a@exemple.com",
      days: [MONDAY],
      zone: "granby",
      cars: "1",
      smsConsent: "on",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(["phone"]);
  });

  it("offers nothing to another day, another zone, more cars, a stopped or an expired request", async () => {
    await requestFreedTime(db(), { input: ask("day@exemple.com", [TUESDAY]), ip: null, now: NOW });
    await requestFreedTime(db(), {
      input: ask("zone@exemple.com", [MONDAY], { zone: "sherbrooke" }),
      ip: null,
      now: NOW,
    });
    await requestFreedTime(db(), {
      input: ask("cars@exemple.com", [MONDAY], { cars: "3" }),
      ip: null,
      now: NOW,
    });
    const stopped = await requestFreedTime(db(), {
      input: ask("stop@exemple.com", [MONDAY]),
      ip: null,
      now: NOW,
    });
    await db()
      .update(s.freedTimeRequests)
      .set({ stoppedAt: NOW })
      .where(eq(s.freedTimeRequests.id, stopped.requestId));
    // Expired: its last day has passed by the time the job runs (a request made earlier).
    await db()
      .insert(s.freedTimeRequests)
      .values({
        email: "old@exemple.com",
        zoneId: (await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby")))[0]!
          .id,
        cars: 1,
        days: ["2026-03-05", MONDAY],
        lastDay: "2026-03-05",
        stopToken: crypto.randomUUID(),
      });
    const appointmentId = await bookAndCancel();
    expect((await offerFreedTime(db(), { appointmentId, now: NOW })).offered).toEqual([]);
    expect(await db().select().from(s.freedTimeOffers)).toEqual([]);
    // A booked time is no freed time: nothing for an appointment still scheduled.
    await db()
      .update(s.appointments)
      .set({ status: "scheduled" })
      .where(and(eq(s.appointments.id, appointmentId)));
    await requestFreedTime(db(), { input: ask("yes@exemple.com", [MONDAY]), ip: null, now: NOW });
    expect((await offerFreedTime(db(), { appointmentId, now: NOW })).offered).toEqual([]);
  });

  it("the daily purge deletes exactly the requests past their last day and the offers older than 7 days", async () => {
    const [granby] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    const DAY = 24 * 60 * 60_000;
    const request = async (email: string, lastDay: string) => {
      const [row] = await db()
        .insert(s.freedTimeRequests)
        .values({
          email,
          zoneId: granby!.id,
          cars: 1,
          days: [lastDay],
          lastDay,
          stopToken: crypto.randomUUID(),
          createdAt: new Date(NOW.getTime() - 20 * DAY),
        })
        .returning();
      return row!;
    };
    // Today (local) is Friday 2026-03-06: a request for yesterday is over, one for today is not.
    const past = await request("past@exemple.com", "2026-03-05");
    const today = await request("today@exemple.com", "2026-03-06");
    const later = await request("later@exemple.com", TUESDAY);
    const offer = (requestId: string, createdDaysAgo: number, freedStart: Date) =>
      db()
        .insert(s.freedTimeOffers)
        .values({ requestId, freedStart, createdAt: new Date(NOW.getTime() - createdDaysAgo * DAY) })
        .returning()
        .then((rows) => rows[0]!);
    const pastOffer = await offer(past.id, 1, new Date(NOW.getTime() - DAY));
    const oldOffer = await offer(today.id, 8, new Date(NOW.getTime() - 7 * DAY));
    const recentOffer = await offer(today.id, 6, new Date(NOW.getTime() - 5 * DAY));
    // Old but its freed time is still ahead: kept, so it is never offered twice.
    const aheadOffer = await offer(later.id, 8, new Date(MONDAY_9));

    expect(await purgeFreedTimes(db(), NOW)).toEqual({ requests: 1, offers: 1 });
    expect((await db().select().from(s.freedTimeRequests)).map((r) => r.id).sort()).toEqual(
      [today.id, later.id].sort(),
    );
    const kept = (await db().select().from(s.freedTimeOffers)).map((o) => o.id).sort();
    expect(kept).toEqual([recentOffer.id, aheadOffer.id].sort());
    expect(kept).not.toContain(pastOffer.id);
    expect(kept).not.toContain(oldOffer.id);
    // Idempotent: a second run (or the next day's job run twice) deletes nothing more.
    expect(await purgeFreedTimes(db(), NOW)).toEqual({ requests: 0, offers: 0 });
    const next = await db().select().from(s.jobs).where(eq(s.jobs.name, "freed-time.purge"));
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBe(NOW.getTime() + DAY);
  });

  it("the purge deletes by bounded batches until none is left", async () => {
    const [granby] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    const count = FREED_TIME_PURGE_BATCH + 3;
    await db()
      .insert(s.freedTimeRequests)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `p${i}@exemple.com`,
          zoneId: granby!.id,
          cars: 1,
          days: ["2026-03-01"],
          lastDay: "2026-03-01",
          stopToken: crypto.randomUUID(),
        })),
      );
    expect(await purgeFreedTimes(db(), NOW)).toEqual({ requests: count, offers: 0 });
    expect(await db().select().from(s.freedTimeRequests)).toEqual([]);
  });

  it("the view counts per zone and day, no personal data, scoped to a franchisee's zones", async () => {
    await requestFreedTime(db(), {
      input: ask("a@exemple.com", [MONDAY, TUESDAY], { phone: "450 555-0142", smsConsent: "on" }),
      ip: null,
      now: NOW,
    });
    await requestFreedTime(db(), { input: ask("b@exemple.com", [MONDAY]), ip: null, now: NOW });
    await requestFreedTime(db(), {
      input: ask("c@exemple.com", [MONDAY], { zone: "sherbrooke" }),
      ip: null,
      now: NOW,
    });
    const appointmentId = await bookAndCancel();
    await offerFreedTime(db(), { appointmentId, now: NOW });
    const zones = await db().select().from(s.serviceZones);
    const granby = zones.find((z) => z.routeSlug === "granby")!;
    const sherbrooke = zones.find((z) => z.routeSlug === "sherbrooke")!;
    expect(granby.franchiseeId).not.toBe(sherbrooke.franchiseeId);

    const all = await freedTimeDemand(db(), { scope: { role: "admin" }, now: NOW });
    expect(all.requests).toEqual([
      { zoneName: granby.zoneName, day: MONDAY, count: 2 },
      { zoneName: sherbrooke.zoneName, day: MONDAY, count: 1 },
      { zoneName: granby.zoneName, day: TUESDAY, count: 1 },
    ]);
    expect(all.offers).toEqual([{ zoneName: granby.zoneName, day: "2026-03-06", count: 2 }]);
    expect(all).toMatchObject({ openRequests: 3, withSms: 1 });
    expect(JSON.stringify(all)).not.toMatch(/@|\+1450/);

    const own = await freedTimeDemand(db(), {
      scope: { role: "franchisee", franchiseeId: sherbrooke.franchiseeId! },
      now: NOW,
    });
    expect(own).toEqual({
      requests: [{ zoneName: sherbrooke.zoneName, day: MONDAY, count: 1 }],
      offers: [],
      openRequests: 1,
      withSms: 0,
    });
    // Days already past are not counted, nor requests past their last day.
    const tuesday = await freedTimeDemand(db(), {
      scope: { role: "admin" },
      now: new Date("2026-03-10T12:00:00-04:00"),
    });
    expect(tuesday.requests).toEqual([{ zoneName: granby.zoneName, day: TUESDAY, count: 1 }]);
    expect(tuesday.openRequests).toBe(1);
  });
});
