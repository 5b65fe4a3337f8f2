import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { REFERRAL_POINTS } from "~/domain/offers/promo";
import { AppError } from "~/lib/errors";
import type { Db } from "~/server/db.server";
import {
  clearBookings,
  FRIDAY_MORNING as NOW,
  granbyRequest,
  MONDAY_9,
  rejection,
} from "../../../../tests/factories/bookings";
import { unsubscribeEmail } from "../../../../tests/factories/consent";
import { describeDatabases } from "../../../../tests/setup/db";
import { completeAppointment } from "../appointments/complete-appointment.server";
import { bookSlot } from "../booking/book-slot.server";
import { getAppointment } from "../booking/get-appointment.server";
import { listOpenSlots } from "../booking/list-open-slots.server";
import { creditReferral, ensureReferralCode, referralDiscountFor } from "./referrals.server";
import { createOfferHandlers } from "../../jobs/handlers/offers.server";
import { runWinback, scheduleWinback, setWinbackDays } from "./winback.server";

/** After the Monday 09:00 wash has started. */
const DONE = new Date("2026-03-09T10:30:00-04:00");

const request = (overrides: Record<string, unknown> = {}) => granbyRequest({ start: MONDAY_9, ...overrides });

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await rejection(promise);
  expect(error.code).toBe("PROMO_CODE_REFUSED");
  return error.message;
}

async function makeCode(db: Db, values: Partial<typeof s.promoCodes.$inferInsert> & { code: string }) {
  const [row] = await db
    .insert(s.promoCodes)
    .values({ kind: "percent", value: 10, ...values })
    .returning();
  return row!;
}

/** `n` open starts of Granby at least three hours apart, so that none competes for a team member. */
async function spacedStarts(db: Db, n: number): Promise<string[]> {
  const open = await listOpenSlots(db, { zoneSlug: "granby", cars: 1, now: NOW });
  const starts: string[] = [];
  let last = 0;
  for (const day of open.days) {
    for (const slot of day.slots) {
      const at = new Date(slot.start).getTime();
      if (at - last >= 3 * 60 * 60_000) {
        starts.push(slot.start);
        last = at;
      }
    }
  }
  expect(starts.length).toBeGreaterThanOrEqual(n);
  return starts.slice(0, n);
}

describeDatabases("promo codes, referrals and win-back offers", ({ db }) => {
  let granbyFranchiseeId: string;
  let clientId: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    granbyFranchiseeId = zone!.franchiseeId!;
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "client@example.com"));
    clientId = user!.id;
  });

  beforeEach(async () => clearBookings(db()));

  describe("promo codes", () => {
    it("takes the discount off before the taxes and records the use with the booking", async () => {
      await makeCode(db(), { code: "PRINTEMPS15", kind: "percent", value: 15 });
      const booked = await bookSlot(db(), {
        actor: null,
        input: request({ promoCode: "printemps15" }),
        now: NOW,
      });
      expect(booked).toMatchObject({ priceCents: 14999 - 2250, discountCents: 2250 });
      const view = await getAppointment(db(), { bookingId: booked.bookingId, actor: null, now: NOW });
      expect(view.promoCode).toBe("PRINTEMPS15");
      expect(view.price).toMatchObject({
        subtotalCents: 14999,
        discountCents: 2250,
        taxableCents: 12749,
        tpsCents: 637, // 637.45
        tvqCents: 1272, // 1271.71
        totalCents: 12749 + 637 + 1272,
      });
      const [code] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.code, "PRINTEMPS15"));
      expect(code!.usesCount).toBe(1);
    });

    it("THE RACE: a code with one use left, raced by 20 bookings, is used exactly once", async () => {
      await makeCode(db(), { code: "DERNIER", kind: "fixed", value: 2000, maxUses: 5, usesCount: 4 });
      const starts = await spacedStarts(db(), 20);
      const outcomes = await Promise.allSettled(
        starts.map((start, i) =>
          bookSlot(db(), {
            actor: null,
            input: request({
              start,
              email: `client${i}@example.com`,
              phone: `(450) 555-01${String(i).padStart(2, "0")}`,
              promoCode: "DERNIER",
            }),
            now: NOW,
          }),
        ),
      );
      const won = outcomes.filter((o) => o.status === "fulfilled");
      const lost = outcomes.filter((o) => o.status === "rejected");
      expect(won).toHaveLength(1);
      for (const o of lost) {
        expect(o.reason).toBeInstanceOf(AppError);
        expect((o.reason as AppError).code).toBe("PROMO_CODE_REFUSED");
        expect((o.reason as AppError).message).toBe("EXHAUSTED");
      }
      const [code] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.code, "DERNIER"));
      expect(code!.usesCount).toBe(5);
      expect(await db().select().from(s.promoRedemptions)).toHaveLength(1);
      // The refused bookings left nothing behind.
      expect(await db().select().from(s.appointments)).toHaveLength(1);
    });

    it("refuses by its rules: once per customer by phone, first booking only, zone, cars, dates", async () => {
      const [first, second, third] = await spacedStarts(db(), 3);
      const granby = (
        await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"))
      )[0]!;
      const other = (await db().select().from(s.serviceZones)).find((z) => z.id !== granby.id)!;
      await makeCode(db(), { code: "UNEFOIS", oncePerCustomer: true });
      await makeCode(db(), { code: "PREMIERE", firstBookingOnly: true });
      await makeCode(db(), { code: "AILLEURS", zoneIds: [other.id] });
      await makeCode(db(), { code: "FLOTTE", minCars: 2 });
      await makeCode(db(), { code: "FINI", endsAt: new Date("2026-03-01T00:00:00Z") });

      await bookSlot(db(), { actor: null, input: request({ start: first, promoCode: "UNEFOIS" }), now: NOW });
      // Another e-mail, the same phone: the same customer.
      const again = request({ start: second, email: "autre@example.com", promoCode: "UNEFOIS" });
      expect(await refusal(bookSlot(db(), { actor: null, input: again, now: NOW }))).toBe("ALREADY_USED");
      const later = request({ start: second, promoCode: "PREMIERE" });
      expect(await refusal(bookSlot(db(), { actor: null, input: later, now: NOW }))).toBe(
        "FIRST_BOOKING_ONLY",
      );
      const elsewhere = request({
        start: third,
        email: "x@example.com",
        phone: "450 555 0111",
        promoCode: "AILLEURS",
      });
      expect(await refusal(bookSlot(db(), { actor: null, input: elsewhere, now: NOW }))).toBe("ZONE");
      const oneCar = request({
        start: third,
        email: "x@example.com",
        phone: "450 555 0111",
        promoCode: "FLOTTE",
      });
      expect(await refusal(bookSlot(db(), { actor: null, input: oneCar, now: NOW }))).toBe("MIN_CARS");
      const expired = request({
        start: third,
        email: "x@example.com",
        phone: "450 555 0111",
        promoCode: "FINI",
      });
      expect(await refusal(bookSlot(db(), { actor: null, input: expired, now: NOW }))).toBe("EXPIRED");
      const unknown = request({ start: third, promoCode: "NEXISTEPAS" });
      expect(await refusal(bookSlot(db(), { actor: null, input: unknown, now: NOW }))).toBe("UNKNOWN");
    });
  });

  describe("referrals", () => {
    async function referralCode() {
      await db().update(s.users).set({ phone: "+14505550177" }).where(eq(s.users.id, clientId));
      return (await ensureReferralCode(db(), clientId)).code;
    }

    async function referralEntries() {
      return db()
        .select()
        .from(s.pointsLedger)
        .where(and(eq(s.pointsLedger.userId, clientId), eq(s.pointsLedger.reason, "referral")));
    }

    it("a referral link's code announces its discount on step 1; other or turned-off codes announce nothing", async () => {
      const code = await referralCode();
      expect(await referralDiscountFor(db(), ` ${code.toLowerCase()} `)).toBe(1000);
      expect(await referralDiscountFor(db(), "AMI-NEXISTEPAS")).toBeNull();
      expect(await referralDiscountFor(db(), "")).toBeNull();
      await db().update(s.promoCodes).set({ isActive: false }).where(eq(s.promoCodes.code, code));
      expect(await referralDiscountFor(db(), code)).toBeNull();
      await db().update(s.promoCodes).set({ isActive: true }).where(eq(s.promoCodes.code, code));
    });

    it("credits the referrer once, when the friend's first booking is completed, not before", async () => {
      const code = await referralCode();
      expect((await ensureReferralCode(db(), clientId)).code).toBe(code);
      const booked = await bookSlot(db(), { actor: null, input: request({ promoCode: code }), now: NOW });
      expect(booked.discountCents).toBe(1000);
      expect(await referralEntries()).toHaveLength(0);

      await completeAppointment(db(), {
        appointmentId: booked.appointmentId,
        franchiseeId: granbyFranchiseeId,
        now: DONE,
      });
      const entries = await referralEntries();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ delta: REFERRAL_POINTS, appointmentId: booked.appointmentId });
      // Run again (a retry): nothing more.
      await db().transaction(async (tx) => {
        expect(await creditReferral(tx, booked.appointmentId, DONE)).toBe(0);
      });
      expect(await referralEntries()).toHaveLength(1);
    });

    it("never for oneself: the referrer's e-mail, phone or address is refused", async () => {
      const code = await referralCode();
      const [first, second] = await spacedStarts(db(), 2);
      const ownEmail = request({ start: first, email: "client@example.com", promoCode: code });
      expect(await refusal(bookSlot(db(), { actor: null, input: ownEmail, now: NOW }))).toBe("OWN_REFERRAL");
      const ownPhone = request({ start: first, phone: "450-555-0177", promoCode: code });
      expect(await refusal(bookSlot(db(), { actor: null, input: ownPhone, now: NOW }))).toBe("OWN_REFERRAL");
      // The referrer's own booking at an address...
      await bookSlot(db(), {
        actor: null,
        input: request({
          start: first,
          email: "client@example.com",
          phone: "450 555 0177",
          address: "9 rue Court, Granby",
        }),
        now: NOW,
      });
      // ...then a 'friend' at that same address.
      const sameHome = request({ start: second, address: "9, RUE COURT Granby", promoCode: code });
      expect(await refusal(bookSlot(db(), { actor: null, input: sameHome, now: NOW }))).toBe("OWN_REFERRAL");
      // A new e-mail, a new phone and a unit added to the same address: the same home (issue 29).
      for (const address of [
        "9 rue Court app 1, Granby",
        "9, rue Court, #2, Granby",
        "3-9 rue Court, Granby",
      ]) {
        const sameHomeUnit = request({
          start: second,
          email: "nouveau.courriel@example.com",
          phone: "450 555 0142",
          address,
          promoCode: code,
        });
        expect(await refusal(bookSlot(db(), { actor: null, input: sameHomeUnit, now: NOW })), address).toBe(
          "OWN_REFERRAL",
        );
      }
      expect(await referralEntries()).toHaveLength(0);
    });
  });

  describe("win-back", () => {
    /** A client whose last wash was completed `daysAgo` days before `at`, with the booking's implied consent. */
    async function lapsedClient(email: string, phone: string, at: Date, daysAgo: number, smsConsent = false) {
      const booked = await bookSlot(db(), {
        actor: null,
        input: request({ email, phone, smsConsent }),
        now: NOW,
      });
      const start = new Date(at.getTime() - daysAgo * 24 * 60 * 60_000);
      await db()
        .update(s.appointments)
        .set({
          status: "completed",
          completedAt: start,
          startAt: start,
          endAt: new Date(start.getTime() + 90 * 60_000),
          blockedUntil: new Date(start.getTime() + 120 * 60_000),
        })
        .where(eq(s.appointments.id, booked.appointmentId));
      return booked;
    }

    async function promotions(to: string) {
      return db()
        .select()
        .from(s.jobs)
        .where(and(eq(s.jobs.name, "email.promotion"), sql`${s.jobs.payload}->>'to' = ${to}`));
    }

    const RUN = new Date("2026-06-01T14:00:00Z");

    it("sends one personal code to a lapsed client; a second run the same day sends nothing", async () => {
      await setWinbackDays(db(), 60);
      await lapsedClient("ancien@example.com", "450 555 0150", RUN, 70, true);
      await lapsedClient("recent@example.com", "450 555 0151", RUN, 20);

      expect(await runWinback(db(), { now: RUN })).toMatchObject({ sent: 1 });
      expect(await runWinback(db(), { now: new Date(RUN.getTime() + 3 * 60 * 60_000) })).toMatchObject({
        sent: 0,
      });

      const mails = await promotions("ancien@example.com");
      expect(mails).toHaveLength(1);
      const [code] = await db().select().from(s.promoCodes).where(eq(s.promoCodes.campaign, "winback"));
      expect(code).toMatchObject({ maxUses: 1, recipientEmail: "ancien@example.com", kind: "percent" });
      expect((mails[0]!.payload as { body: string }).body).toContain(code!.code);
      expect(await promotions("recent@example.com")).toHaveLength(0);
      // Express SMS consent from the booking form: one promotional SMS, within the monthly cap.
      const sms = await db().select().from(s.smsMessages).where(eq(s.smsMessages.category, "promotional"));
      expect(sms).toHaveLength(1);
      expect(sms[0]!.body).toContain("STOP");
    });

    it("the daily job: queued once a day at 10:00; run twice in a day it sends once and queues the next day once", async () => {
      await setWinbackDays(db(), 60);
      await lapsedClient("deuxfois@example.com", "450 555 0155", RUN, 70);
      const morning = new Date("2026-06-01T11:00:00Z");
      // The worker's start and a second start the same morning: one run for the day.
      await scheduleWinback(db(), morning);
      await scheduleWinback(db(), morning);
      const winbackJobs = () => db().select().from(s.jobs).where(eq(s.jobs.name, "offers.winback"));
      expect((await winbackJobs()).map((j) => j.runAt)).toEqual([new Date("2026-06-01T14:00:00Z")]);

      // The run, and the same job run again later that day (a worker recovered as stale).
      for (const at of [RUN, new Date(RUN.getTime() + 4 * 60 * 60_000)]) {
        await createOfferHandlers({ now: () => at })["offers.winback"]({}, { db: db() } as never);
      }
      expect(await promotions("deuxfois@example.com")).toHaveLength(1);
      const runs = (await winbackJobs()).map((j) => j.runAt.toISOString()).sort();
      expect(runs).toEqual(["2026-06-01T14:00:00.000Z", "2026-06-02T14:00:00.000Z"]);
    });

    it("skips a client with an upcoming booking", async () => {
      await lapsedClient("fidele@example.com", "450 555 0152", NOW, 90);
      // The same client's next booking, Monday.
      await bookSlot(db(), {
        actor: null,
        input: request({
          email: "fidele@example.com",
          phone: "450 555 0152",
          start: "2026-03-10T09:00:00-04:00",
        }),
        now: NOW,
      });
      expect(await runWinback(db(), { now: NOW })).toMatchObject({ sent: 0 });
    });

    it("a withdrawn consent stops the next send", async () => {
      await setWinbackDays(db(), 30);
      await lapsedClient("parti@example.com", "450 555 0153", RUN, 40);
      expect(await runWinback(db(), { now: RUN })).toMatchObject({ sent: 1 });

      await unsubscribeEmail(db(), "parti@example.com", new Date(RUN.getTime() + 60_000));
      // The next period: due again, but the consent is gone.
      const next = new Date(RUN.getTime() + 35 * 24 * 60 * 60_000);
      expect(await runWinback(db(), { now: next })).toMatchObject({ sent: 0 });
      expect(await promotions("parti@example.com")).toHaveLength(1);
    });

    it("sends again in the next period while the consent holds", async () => {
      await setWinbackDays(db(), 30);
      await lapsedClient("revenant@example.com", "450 555 0154", RUN, 40);
      expect(await runWinback(db(), { now: RUN })).toMatchObject({ sent: 1 });
      const next = new Date(RUN.getTime() + 31 * 24 * 60 * 60_000);
      expect(await runWinback(db(), { now: next })).toMatchObject({ sent: 1 });
      expect(await promotions("revenant@example.com")).toHaveLength(2);
    });
  });
});
