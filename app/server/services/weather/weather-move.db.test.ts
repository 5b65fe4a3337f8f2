import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import {
  clearBookings,
  FRIDAY_MORNING,
  granbyRequest,
  rejection,
} from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import { openPayload } from "../../jobs/job-secrets.server";
import { createWeatherHandlers } from "../../jobs/handlers/weather.server";
import type { JobContext } from "../../jobs/worker.server";
import type { OutgoingMail } from "../../mail/mailer.server";
import { bookSlot } from "../booking/book-slot.server";
import { cancelBooking } from "../booking/cancel-booking.server";
import { loadManageAccess } from "../booking/manage-access.server";
import { rescheduleBooking } from "../booking/reschedule-booking.server";
import { recordConsent } from "../messaging/consent.server";
import { listWeatherMoves, moveForWeather } from "./weather-move.server";

/** Monday 2026-03-09 (ADR 070: a fixed clock); the move is asked on Sunday evening, then Monday morning. */
const SUNDAY_EVENING = new Date("2026-03-08T19:00:00-04:00");
const MONDAY_EARLY = new Date("2026-03-09T07:00:00-04:00");

describeDatabases("a day moved for the weather (ADR 090)", ({ db }) => {
  let zoneId: string;
  let franchiseeId: string;
  let otherFranchiseeZone: string;
  let monday: { appointmentId: string; bookingId: string; manageToken: string }[];
  let tuesday: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [granby] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    zoneId = granby!.id;
    franchiseeId = granby!.franchiseeId!;
    const zones = await db().select().from(s.serviceZones);
    otherFranchiseeZone =
      zones.find((z) => z.franchiseeId !== null && z.franchiseeId !== franchiseeId)?.id ?? "";
  });

  beforeEach(async () => {
    await clearBookings(db());
    const book = (start: string, n: number, sms: boolean) =>
      bookSlot(db(), {
        actor: null,
        input: granbyRequest({
          start,
          name: `Client ${n}`,
          email: `client${n}@example.com`,
          phone: `(450) 555-01${String(10 + n)}`,
          smsConsent: sms ? "on" : undefined,
        }),
        now: FRIDAY_MORNING,
      });
    monday = [];
    monday.push(await book("2026-03-09T09:00:00-04:00", 1, true));
    monday.push(await book("2026-03-09T09:00:00-04:00", 2, false));
    monday.push(await book("2026-03-09T13:00:00-04:00", 3, true));
    tuesday = (await book("2026-03-10T09:00:00-04:00", 4, true)).appointmentId;
    // A STOP from the third customer: no text for them, the e-mail still goes.
    await recordConsent(db(), {
      channel: "sms",
      address: "+14505550113",
      kind: "express",
      action: "withdrawn",
      source: "sms_keyword",
      now: FRIDAY_MORNING,
    });
  });

  const input = (over: Record<string, string> = {}) => ({
    zoneId,
    date: "2026-03-09",
    reason: "rain" as const,
    ...over,
  });
  const weatherJobs = async () =>
    (await db().select().from(s.jobs).where(eq(s.jobs.name, "email.weather-move"))).map(
      (job) => openPayload(job.payload) as { appointmentId: string; manageToken: string },
    );
  const texts = async () =>
    db()
      .select()
      .from(s.smsMessages)
      .where(and(eq(s.smsMessages.direction, "outbound"), eq(s.smsMessages.status, "queued")));

  it("tells every customer of the window once, even when asked twice or by an overlapping window", async () => {
    const first = await moveForWeather(db(), {
      franchiseeId,
      actorId: null,
      input: input(),
      now: SUNDAY_EVENING,
    });
    expect(first).toMatchObject({ told: 3, already: 0 });
    const again = await moveForWeather(db(), {
      franchiseeId,
      actorId: null,
      input: input(),
      now: SUNDAY_EVENING,
    });
    expect(again).toEqual({ moveId: first.moveId, told: 0, already: 3 });
    const morning = await moveForWeather(db(), {
      franchiseeId,
      actorId: null,
      input: input({ from: "08:00", to: "12:00", reason: "ice" }),
      now: SUNDAY_EVENING,
    });
    expect(morning).toMatchObject({ told: 0, already: 2 });

    const jobs = await weatherJobs();
    expect(jobs.map((j) => j.appointmentId).sort()).toEqual(monday.map((b) => b.appointmentId).sort());
    expect(jobs.every((j) => j.manageToken.length > 20)).toBe(true);
    // The texts: the first customer only (the second did not accept texts, the third said STOP);
    // the link's secret stays out of the SMS table.
    const sms = await texts();
    expect(sms.map((m) => m.appointmentId)).toEqual([monday[0]!.appointmentId]);
    expect(sms[0]!.body).toContain("à cause de la pluie");
    expect(sms[0]!.body).not.toContain(jobs[0]!.manageToken);
    // Nobody lost: every booking is still scheduled at its time, the Tuesday one untouched.
    const rows = await db().select().from(s.appointments);
    expect(rows.every((r) => r.status === "scheduled")).toBe(true);
    const told = await db().select().from(s.weatherMoveBookings);
    expect(told.map((r) => r.appointmentId)).not.toContain(tuesday);
  });

  it("tells each customer once when two moves run at the same time", async () => {
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        moveForWeather(db(), { franchiseeId, actorId: null, input: input(), now: SUNDAY_EVENING }),
      ),
    );
    expect(results.reduce((sum, r) => sum + r.told, 0)).toBe(3);
    expect(new Set(results.map((r) => r.moveId)).size).toBe(1);
    expect(await weatherJobs()).toHaveLength(3);
    expect(await texts()).toHaveLength(1);
  });

  it("refuses another franchisee's zone and leaves past starts alone", async () => {
    if (otherFranchiseeZone) {
      const error = await rejection(
        moveForWeather(db(), {
          franchiseeId,
          actorId: null,
          input: input({ zoneId: otherFranchiseeZone }),
          now: SUNDAY_EVENING,
        }),
      );
      expect(error.code).toBe("NOT_FOUND");
    }
    // At 10 h, the 9 h washes have started: only the 13 h one is moved.
    const late = await moveForWeather(db(), {
      franchiseeId,
      actorId: null,
      input: input(),
      now: new Date("2026-03-09T10:00:00-04:00"),
    });
    expect(late.told).toBe(1);
  });

  it("sends one e-mail with a link that picks a new time inside 24 h, with no fee, then shows who rebooked", async () => {
    await moveForWeather(db(), { franchiseeId, actorId: null, input: input(), now: SUNDAY_EVENING });
    const jobs = await weatherJobs();
    const sent: OutgoingMail[] = [];
    const handlers = createWeatherHandlers({
      mailer: () => ({
        kind: "file" as const,
        send: async (mail) => {
          sent.push(mail);
          return { messageId: String(sent.length) };
        },
      }),
    });
    const ctx = { db: db() } as unknown as JobContext;
    for (const job of jobs) await handlers["email.weather-move"](job, ctx);
    expect(sent).toHaveLength(3);
    expect(sent[0]!.subject).toContain("à reporter");
    expect(sent[0]!.text).toContain("à cause de la pluie");

    const first = monday[0]!;
    const token = jobs.find((j) => j.appointmentId === first.appointmentId)!.manageToken;
    expect(sent.find((m) => m.to === "client1@example.com")!.text).toContain(
      `/booking/manage/${first.bookingId}?token=${token}`,
    );
    expect(await loadManageAccess(db(), { bookingId: first.bookingId, token, actor: null })).toBe("weather");
    // Monday 7 h: less than 24 h before, yet the weather link moves the booking.
    const moved = await rescheduleBooking(db(), {
      bookingId: first.bookingId,
      now: MONDAY_EARLY,
      input: { start: "2026-03-11T09:00:00-04:00", token },
    });
    expect(moved.bookingId).toBe(first.bookingId);
    // Rebooked: the link shows the booking still, but no longer moves it.
    expect(await loadManageAccess(db(), { bookingId: first.bookingId, token, actor: null })).toBe("weather");
    const again = await rejection(
      rescheduleBooking(db(), {
        bookingId: first.bookingId,
        now: MONDAY_EARLY,
        input: { start: "2026-03-11T13:00:00-04:00", token },
      }),
    );
    expect(again.code).toBe("INVALID_MANAGE_TOKEN");
    // A rebooked customer's e-mail, retried, is not sent again.
    await handlers["email.weather-move"](
      jobs.find((j) => j.appointmentId === first.appointmentId)!,
      ctx,
    );
    expect(sent).toHaveLength(3);

    // The second customer cancels with the link inside 24 h: allowed, settled as an early cancel.
    const second = monday[1]!;
    const secondToken = jobs.find((j) => j.appointmentId === second.appointmentId)!.manageToken;
    await cancelBooking(db(), {
      bookingId: second.bookingId,
      now: MONDAY_EARLY,
      input: { token: secondToken },
    });

    const [move] = await listWeatherMoves(db(), { franchiseeId });
    expect(move!.reason).toBe("rain");
    expect(
      move!.bookings.map((b) => [b.customerName, b.status, b.newStartAt?.toISOString() ?? null]),
    ).toEqual([
      ["Client 1", "rebooked", new Date("2026-03-11T09:00:00-04:00").toISOString()],
      ["Client 2", "cancelled", null],
      ["Client 3", "waiting", null],
    ]);
  });
});
