import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "~/server/auth.server";
import {
  FRIDAY_MORNING as NOW,
  granbyRequest,
  MONDAY_10_30,
  MONDAY_9,
  rejection,
  teamOf,
  TUESDAY_10,
} from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookSlot, newBookingId } from "./book-slot.server";
import { hashManageToken } from "./manage-access.server";
import { cancelBooking } from "./cancel-booking.server";
import { getAppointment } from "./get-appointment.server";
import { listOpenSlots } from "./list-open-slots.server";
import { rescheduleBooking } from "./reschedule-booking.server";
import { updateAppointmentUpsells } from "./update-appointment-upsells.server";

/** The Granby request, its e-mail and postal code in the case a customer may type them. */
const request = (overrides: Record<string, unknown> = {}) =>
  granbyRequest({ start: MONDAY_9, email: "Lea.Tremblay@example.com", postalCode: "j2g 2t5", ...overrides });

describeDatabases("booking services", ({ db, kind }) => {
  let client: SessionUser;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "client@example.com"));
    client = {
      id: user!.id,
      email: user!.email,
      name: user!.name,
      firstName: "Catherine",
      lastName: "Client",
      role: "client",
    };
  });

  beforeEach(async () => {
    await db().delete(s.appointmentUpsells);
    await db().delete(s.appointments);
  });

  it("books a slot: least loaded member, price and times, hashed token, normalised contact", async () => {
    const booked = await bookSlot(db(), { actor: null, input: request({ cars: 2 }), now: NOW });

    expect(booked.bookingId).toMatch(/^[0-9a-hjkmnp-tv-z]{10}$/);
    expect(booked.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(s.appointments);
    const granbyTeam = await teamOf(db(), "granby");
    expect(row).toMatchObject({
      id: booked.appointmentId,
      bookingId: booked.bookingId,
      manageTokenHash: hashManageToken(booked.manageToken),
      // Nobody has work that day: the smallest id wins the tie.
      teamMemberId: granbyTeam[0],
      userId: null,
      cars: 2,
      startAt: new Date("2026-03-09T13:00:00Z"),
      // 2 cars x 90 min; with a known point only the 10-minute set-up is blocked for good, the
      // drive to the next job is checked when that job is booked (ADR 048).
      endAt: new Date("2026-03-09T16:00:00Z"),
      blockedUntil: new Date("2026-03-09T16:10:00Z"),
      locationPrecision: "fsa",
      status: "scheduled",
      customerName: "Léa Tremblay",
      customerEmail: "lea.tremblay@example.com",
      customerPhone: "+14505550199",
      address: "123, rue Principale, Granby",
      city: "Granby",
      postalCode: "J2G 2T5",
      smsConsent: false,
      unitPriceCents: 14999,
      priceCents: 2 * 14999,
    });
    expect(row!.manageTokenHash).not.toContain(booked.manageToken);
    // The centre of the postal code's area (J2G), kept for the drive times.
    expect(row!.latitude).toBeCloseTo(45.4, 0);
    expect(row!.longitude).toBeCloseTo(-72.7, 0);
  });

  it("spreads the day's work: the next booking goes to a member with nothing that day", async () => {
    const first = await bookSlot(db(), { actor: null, input: request(), now: NOW });
    const second = await bookSlot(db(), { actor: null, input: request({ start: MONDAY_10_30 }), now: NOW });
    expect(second.teamMemberId).not.toBe(first.teamMemberId);
  });

  it("prices the upsells chosen with the booking and snapshots them", async () => {
    const booked = await bookSlot(db(), {
      actor: null,
      input: request({ upsells: ["Traitement Aquapel", "cire-liquide"] }),
      now: NOW,
    });
    expect(booked.priceCents).toBe(14999 + 2000 + 5000);
    const upsells = await db().select().from(s.appointmentUpsells);
    expect(upsells.map((u) => [u.name, u.priceCents]).sort()).toEqual([
      ["Cire liquide", 5000],
      ["Traitement Aquapel", 2000],
    ]);
  });

  it("links the booking to the signed-in client, or to the client account of that e-mail", async () => {
    const signedIn = await bookSlot(db(), { actor: client, input: request(), now: NOW });
    const byEmail = await bookSlot(db(), {
      actor: null,
      input: request({ start: MONDAY_10_30, email: "CLIENT@example.com" }),
      now: NOW,
    });
    const rows = await db().select().from(s.appointments);
    expect(rows.find((r) => r.id === signedIn.appointmentId)?.userId).toBe(client.id);
    expect(rows.find((r) => r.id === byEmail.appointmentId)?.userId).toBe(client.id);
  });

  it("refuses an address outside the booked zone, and one it cannot place", async () => {
    const outside = await rejection(
      bookSlot(db(), {
        actor: null,
        input: request({ address: "100 rue King Ouest, Sherbrooke", postalCode: "J1H 1P4" }),
        now: NOW,
      }),
    );
    expect(outside).toMatchObject({ code: "ADDRESS_OUT_OF_ZONE", status: 422, message: "Granby" });
    const unknown = await rejection(
      bookSlot(db(), {
        actor: null,
        input: request({ address: "1 rue Nulle Part", postalCode: "" }),
        now: NOW,
      }),
    );
    expect(unknown.code).toBe("ADDRESS_NOT_LOCATED");
    expect(await db().select().from(s.appointments)).toEqual([]);
  });

  it("refuses a start that is not an offered slot, and an unknown or inactive zone", async () => {
    const offGrid = await rejection(
      bookSlot(db(), { actor: null, input: request({ start: "2026-03-09T09:10:00-04:00" }), now: NOW }),
    );
    expect(offGrid.code).toBe("SLOT_UNAVAILABLE");
    const tooSoon = await rejection(
      bookSlot(db(), { actor: null, input: request({ start: "2026-03-06T09:00:00-05:00" }), now: NOW }),
    );
    expect(tooSoon.code).toBe("SLOT_UNAVAILABLE");
    expect(
      (await rejection(bookSlot(db(), { actor: null, input: request({ zone: "laval" }), now: NOW }))).code,
    ).toBe("NOT_FOUND");
    const inactive = await rejection(
      bookSlot(db(), {
        actor: null,
        input: request({ zone: "trois-rivieres", address: "Trois-Rivières", postalCode: "" }),
        now: NOW,
      }),
    );
    expect(inactive.code).toBe("ZONE_NOT_ACTIVE");
  });

  it("THE RACE: 50 concurrent bookings of the last free slot give exactly one booking", async () => {
    const sherbrooke = await teamOf(db(), "sherbrooke");
    const input = request({
      zone: "sherbrooke",
      start: TUESDAY_10,
      address: "100 rue King Ouest, Sherbrooke",
      postalCode: "J1H 1P4",
    });
    // All members but one are taken at that time.
    for (let i = 0; i < sherbrooke.length - 1; i++) {
      await bookSlot(db(), { actor: null, input, now: NOW });
    }

    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        bookSlot(db(), { actor: null, input: { ...input, email: `client${i}@example.com` }, now: NOW }),
      ),
    );

    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o) => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const o of lost) {
      expect(o.reason).toBeInstanceOf(AppError);
      expect((o.reason as AppError).code).toBe("SLOT_TAKEN");
    }
    const atThatTime = await db()
      .select()
      .from(s.appointments)
      .where(and(eq(s.appointments.startAt, new Date(TUESDAY_10)), eq(s.appointments.status, "scheduled")));
    expect(atThatTime).toHaveLength(sherbrooke.length);
    expect(new Set(atThatTime.map((a) => a.teamMemberId)).size).toBe(sherbrooke.length);
    expect(atThatTime.filter((a) => a.customerEmail.startsWith("client"))).toHaveLength(1);
  }, 120_000);

  it.runIf(kind === "postgres")(
    "a writer without the member-day lock: the constraint refuses the member, the booking takes the next",
    async () => {
      const input = request({
        zone: "sherbrooke",
        start: TUESDAY_10,
        address: "100 rue King Ouest, Sherbrooke",
        postalCode: "J1H 1P4",
      });
      // The member a booking of that time goes to, found by booking it once and removing it.
      const first = await bookSlot(db(), { actor: null, input, now: NOW });
      const [row] = await db()
        .select()
        .from(s.appointments)
        .where(eq(s.appointments.id, first.appointmentId));
      await db().delete(s.appointments).where(eq(s.appointments.id, first.appointmentId));

      // Another writer (no advisory lock, like the demo's tool) inserts that member at that time
      // and has not committed yet: the booking does not see the row, picks the member, and its
      // insert waits for the other transaction, then does nothing once it commits.
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let inserted!: () => void;
      const insertedRow = new Promise<void>((resolve) => (inserted = resolve));
      const other = db().transaction(async (tx) => {
        await tx.insert(s.appointments).values({ ...row!, id: undefined, bookingId: newBookingId() });
        inserted();
        await committed;
      });
      await insertedRow;
      const booking = bookSlot(db(), { actor: null, input: { ...input, email: "b@example.com" }, now: NOW });
      let sawWait = false;
      for (let i = 0; i < 500 && !sawWait; i++) {
        const waiting = await db().execute<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
        );
        sawWait = (waiting as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
        if (!sawWait) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      commit();
      expect(sawWait).toBe(true);
      await other;
      const booked = await booking;

      expect(booked.teamMemberId).not.toBe(row!.teamMemberId);
      const atThatTime = await db()
        .select()
        .from(s.appointments)
        .where(and(eq(s.appointments.startAt, new Date(TUESDAY_10)), eq(s.appointments.status, "scheduled")));
      expect(new Set(atThatTime.map((a) => a.teamMemberId))).toEqual(
        new Set([row!.teamMemberId, booked.teamMemberId]),
      );
      // The refused try's consent rows and jobs went with it: the booking's own, once each.
      const consents = await db()
        .select()
        .from(s.consentEvents)
        .where(eq(s.consentEvents.appointmentId, booked.appointmentId));
      expect(consents.length).toBeGreaterThan(0);
      expect(new Set(consents.map((c) => `${c.channel}:${c.kind}`)).size).toBe(consents.length);
      const queued = await db()
        .select({ name: s.jobs.name })
        .from(s.jobs)
        .where(sql`${s.jobs.payload} ->> 'appointmentId' = ${booked.appointmentId}`);
      expect(queued.map((job) => job.name).sort()).toEqual(["booking.reminder", "email.booking"]);
    },
    60_000,
  );

  it(`lists open slots with local offsets; a booking closes its slot, a cancel opens it [${kind}]`, async () => {
    const slotsOfMonday = async () => {
      const answer = await listOpenSlots(db(), {
        zoneSlug: "sherbrooke",
        cars: 1,
        from: "2026-03-09",
        days: 1,
        now: NOW,
      });
      return answer.days[0]!.slots.map((slot) => slot.start);
    };
    const answer = await listOpenSlots(db(), {
      zoneSlug: "sherbrooke",
      cars: 1,
      from: "2026-03-06",
      days: 4,
      now: NOW,
    });
    expect(answer).toMatchObject({ zone: "sherbrooke", cars: 1, duration_minutes: 90 });
    expect(answer.days.map((d) => d.date)).toEqual(["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09"]);
    // Friday: 4 h notice from 08:00 leaves 12:00 to 15:30 (EST); the weekend is closed.
    expect(answer.days[0]!.slots[0]).toEqual({
      start: "2026-03-06T12:00:00-05:00",
      end: "2026-03-06T13:30:00-05:00",
    });
    expect(answer.days[1]!.slots).toEqual([]);
    expect(answer.days[3]!.slots[0]).toEqual({ start: MONDAY_9, end: "2026-03-09T10:30:00-04:00" });

    const input = request({
      zone: "sherbrooke",
      address: "100 rue King Ouest, Sherbrooke",
      postalCode: "J1H 1P4",
    });
    const first = await bookSlot(db(), { actor: null, input, now: NOW });
    expect(await slotsOfMonday()).toContain(MONDAY_9);
    await bookSlot(db(), { actor: null, input, now: NOW });
    const full = await slotsOfMonday();
    // Both members are busy 09:00-11:00 (with the buffer): 09:00 to 10:30 starts are gone.
    expect(full).not.toContain(MONDAY_9);
    expect(full).not.toContain("2026-03-09T10:00:00-04:00");
    expect(full).toContain("2026-03-09T11:00:00-04:00");

    await cancelBooking(db(), { bookingId: first.bookingId, input: { token: first.manageToken }, now: NOW });
    expect(await slotsOfMonday()).toContain(MONDAY_9);
  });

  it("cancels with the right token only, until 24 h before", async () => {
    const booked = await bookSlot(db(), { actor: null, input: request(), now: NOW });
    const cancel = (token: string, now: Date) =>
      cancelBooking(db(), { bookingId: booked.bookingId, input: { token, reason: "Empêchement" }, now });

    expect((await rejection(cancel("pas-le-bon-jeton", NOW))).code).toBe("INVALID_MANAGE_TOKEN");
    const unknown = await rejection(
      cancelBooking(db(), { bookingId: newBookingId(), input: { token: booked.manageToken }, now: NOW }),
    );
    expect(unknown.code).toBe("NOT_FOUND");
    // 24 h and one second before the start: too late.
    const tooLate = await rejection(cancel(booked.manageToken, new Date("2026-03-08T09:00:01-04:00")));
    expect(tooLate).toMatchObject({ code: "TOO_LATE_TO_CHANGE", status: 409 });

    // Exactly 24 h before is still allowed.
    await cancel(booked.manageToken, new Date("2026-03-08T09:00:00-04:00"));
    const [row] = await db().select().from(s.appointments);
    expect(row).toMatchObject({
      status: "cancelled",
      cancelReason: "Empêchement",
      cancelledAt: new Date("2026-03-08T13:00:00Z"),
    });
    expect((await rejection(cancel(booked.manageToken, NOW))).code).toBe("APPOINTMENT_NOT_CHANGEABLE");
  });

  it("reschedules to an open slot with the same booking id; refuses a taken one and late changes", async () => {
    const booked = await bookSlot(db(), { actor: null, input: request(), now: NOW });
    const move = (start: string, token = booked.manageToken, now = NOW) =>
      rescheduleBooking(db(), { bookingId: booked.bookingId, input: { token, start }, now });

    expect((await rejection(move(TUESDAY_10, "faux"))).code).toBe("INVALID_MANAGE_TOKEN");
    const moved = await move(TUESDAY_10);
    expect(moved).toMatchObject({ bookingId: booked.bookingId, teamMemberId: booked.teamMemberId });
    const [row] = await db().select().from(s.appointments);
    expect(row).toMatchObject({
      id: booked.appointmentId,
      bookingId: booked.bookingId,
      startAt: new Date(TUESDAY_10),
      endAt: new Date("2026-03-10T15:30:00Z"),
      // The booking has a point: only the 10-minute set-up is guarded, as for a new one (ADR 048).
      blockedUntil: new Date("2026-03-10T15:40:00Z"),
      status: "scheduled",
    });
    // Moving within its own time range is fine: the booking does not block itself.
    await move("2026-03-10T10:30:00-04:00");

    // Fill Wednesday 09:00 for the whole Granby team: moving there is refused.
    const wednesday = "2026-03-11T09:00:00-04:00";
    for (const _ of await teamOf(db(), "granby")) {
      await bookSlot(db(), { actor: null, input: request({ start: wednesday }), now: NOW });
    }
    expect((await rejection(move(wednesday))).code).toBe("SLOT_TAKEN");
    expect((await rejection(move("2026-03-11T09:05:00-04:00"))).code).toBe("SLOT_UNAVAILABLE");
    expect(
      (await rejection(move(wednesday, booked.manageToken, new Date("2026-03-10T10:00:00-04:00")))).code,
    ).toBe("TOO_LATE_TO_CHANGE");
  });

  it("replaces the upsells by name or slug and recomputes price_cents, with the manage token only", async () => {
    const booked = await bookSlot(db(), { actor: null, input: request({ cars: 3 }), now: NOW });
    const update = (upsells: string[], now = NOW) =>
      updateAppointmentUpsells(db(), {
        bookingId: booked.bookingId,
        upsells,
        now,
        token: booked.manageToken,
      });

    // The booking id alone (it is read over the phone) changes nothing.
    const byId = await rejection(
      updateAppointmentUpsells(db(), { bookingId: booked.bookingId, upsells: ["aquapel"], now: NOW }),
    );
    expect(byId.code).toBe("INVALID_MANAGE_TOKEN");

    const first = await update(["traitement aquapel", "Protecteur à cuir"]);
    expect(first.priceCents).toBe(3 * 14999 + 2000 + 2500);
    // A price change in the catalogue does not touch an upsell already chosen.
    await db().update(s.upsellOptions).set({ priceCents: 9999 }).where(eq(s.upsellOptions.slug, "aquapel"));
    const second = await update(["aquapel", "cire-liquide", "AQUAPEL"]);
    expect(second.priceCents).toBe(3 * 14999 + 2000 + 5000);
    await db().update(s.upsellOptions).set({ priceCents: 2000 }).where(eq(s.upsellOptions.slug, "aquapel"));
    const [row] = await db().select().from(s.appointments);
    expect(row!.priceCents).toBe(3 * 14999 + 7000);

    const unknown = await rejection(update(["Lavage de moteur"]));
    expect(unknown).toMatchObject({ code: "UNKNOWN_UPSELL", message: "Lavage de moteur" });
    expect((await update([])).priceCents).toBe(3 * 14999);
    expect((await rejection(update(["aquapel"], new Date(MONDAY_9)))).code).toBe(
      "APPOINTMENT_NOT_CHANGEABLE",
    );
  });

  it("shows the appointment by booking id; personal data only with the token or to its owner", async () => {
    const booked = await bookSlot(db(), {
      actor: client,
      input: request({ upsells: ["aquapel"], smsConsent: true }),
      now: NOW,
    });
    const anonymous = await getAppointment(db(), { bookingId: booked.bookingId, actor: null, now: NOW });
    expect(anonymous).toMatchObject({
      bookingId: booked.bookingId,
      status: "scheduled",
      start: MONDAY_9,
      end: "2026-03-09T10:30:00-04:00",
      zone: { name: "Granby", slug: "granby" },
      cars: 1,
      priceCents: 16999,
      price: { subtotalCents: 16999, tpsCents: 850, tvqCents: 1696, totalCents: 19545 },
      upsells: [{ name: "Traitement Aquapel", priceCents: 2000 }],
      selfServiceChangeAllowed: true,
      selfServiceDeadline: "2026-03-08T09:00:00-04:00",
    });
    expect(anonymous.customer).toBeUndefined();
    expect(JSON.stringify(anonymous)).not.toContain(hashManageToken(booked.manageToken));
    expect(
      (await getAppointment(db(), { bookingId: booked.bookingId, token: "faux", actor: null, now: NOW }))
        .customer,
    ).toBeUndefined();

    const withToken = await getAppointment(db(), {
      bookingId: booked.bookingId,
      token: booked.manageToken,
      actor: null,
      now: NOW,
    });
    expect(withToken.customer).toMatchObject({ email: "lea.tremblay@example.com", smsConsent: true });
    expect(
      (await getAppointment(db(), { bookingId: booked.bookingId, actor: client, now: NOW })).customer,
    ).toBeDefined();
    expect(
      (await rejection(getAppointment(db(), { bookingId: "inconnu", actor: null, now: NOW }))).code,
    ).toBe("NOT_FOUND");
  });
});
