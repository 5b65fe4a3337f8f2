import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "#db/seed";
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
import { offerFreedTime, requestFreedTime, stopFreedTimeRequest } from "./freed-time.server";

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
});
