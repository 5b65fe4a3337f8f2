import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { AppError } from "~/lib/errors";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookSlot } from "./book-slot.server";
import { getDeskBooking, searchBookings, type DeskScope } from "./booking-desk.server";
import { cancelBooking } from "./cancel-booking.server";
import { rescheduleBooking } from "./reschedule-booking.server";

// Friday 2026-03-06, 08:00 in Granby; the booking is on Tuesday 2026-03-10 (ADR 052).
const NOW = new Date("2026-03-06T08:00:00-05:00");

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.code : String(error);
}

describeDatabases("booking desk", ({ db }) => {
  let admin: DeskScope;
  let granby: DeskScope;
  let sherbrooke: DeskScope;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const users = await db().select().from(s.users);
    const adminUser = users.find((u) => u.email === "admin@example.com")!;
    const granbyUser = users.find((u) => u.email === "franchisee@example.com")!;
    const zones = await db().select().from(s.serviceZones);
    const franchisees = await db().select().from(s.franchisees);
    const granbyRow = franchisees.find((f) => f.userId === granbyUser.id)!;
    const sherbrookeId = zones.find((z) => z.routeSlug === "sherbrooke")!.franchiseeId!;
    const sherbrookeRow = franchisees.find((f) => f.id === sherbrookeId)!;
    const as = (u: typeof adminUser, role: "admin" | "franchisee") => ({
      id: u.id,
      role,
      name: u.name,
      email: u.email,
    });
    admin = { actor: as(adminUser, "admin"), franchiseeId: null };
    granby = { actor: as(granbyUser, "franchisee"), franchiseeId: granbyRow.id };
    // Sherbrooke's franchisee, as a session would resolve it (its user row need not be a demo account).
    sherbrooke = {
      actor: { id: sherbrookeRow.userId, role: "franchisee", name: "Sherbrooke", email: "s@example.com" },
      franchiseeId: sherbrookeRow.id,
    };
  });

  beforeEach(async () => {
    await db().delete(s.bookingChanges);
    await db().delete(s.appointmentUpsells);
    await db().delete(s.appointments);
  });

  async function book(start = "2026-03-10T10:00:00-04:00") {
    const input = BookingRequestSchema.parse({
      zone: "granby",
      cars: 1,
      start,
      name: "Catherine Client",
      email: "catherine@example.com",
      phone: "(450) 555-0199",
      address: "123, rue Principale, Granby",
      postalCode: "J2G 2T5",
      upsells: [],
    });
    return bookSlot(db(), { actor: null, input, now: NOW });
  }

  it("finds a booking by its number, a part of the name, the phone however typed, the e-mail or the day", async () => {
    const { bookingId } = await book();
    for (const q of [bookingId, "catherine", "450 555-0199", "4505550199", "CATHERINE@example"]) {
      const rows = await searchBookings(db(), admin, { q });
      expect(
        rows.map((r) => r.bookingId),
        q,
      ).toEqual([bookingId]);
    }
    expect((await searchBookings(db(), admin, { date: "2026-03-10" })).map((r) => r.bookingId)).toEqual([
      bookingId,
    ]);
    expect(await searchBookings(db(), admin, { date: "2026-03-11" })).toEqual([]);
  });

  it("finds a booking by a part inside the name or e-mail, through their trigram indexes (pg_trgm)", async () => {
    const { bookingId } = await book();
    for (const q of ["THERINE CLI", "rine@examp"])
      expect(
        (await searchBookings(db(), admin, { q })).map((r) => r.bookingId),
        q,
      ).toEqual([bookingId]);
    expect(await searchBookings(db(), admin, { q: "tremblay" })).toEqual([]);
    // With a handful of rows a scan is cheaper: forbidden here, the plan shows the indexes serve.
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from appointments where customer_name ilike '%therine cli%' or customer_email ilike '%therine cli%'`,
      );
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row)[0])
        .join("\n");
    });
    expect(plan).toContain("appointments_name_trgm_idx");
    expect(plan).toContain("appointments_email_trgm_idx");
  });

  it("finds a booking by a part of its phone number, however typed, through the trigram index of its digits", async () => {
    const { bookingId } = await book();
    for (const q of ["555-01", "5550 1", "(450) 555"])
      expect(
        (await searchBookings(db(), admin, { q })).map((r) => r.bookingId),
        q,
      ).toEqual([bookingId]);
    expect(await searchBookings(db(), admin, { q: "555-0177" })).toEqual([]);
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select id from appointments where ${s.phoneDigits(s.appointments.customerPhone)} like '%55501%'`,
      );
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row)[0])
        .join("\n");
    });
    expect(plan).toContain("appointments_phone_digits_trgm_idx");
  });

  it("shows a franchisee their own zone's bookings and nothing of another's, nor lets them change it", async () => {
    const { bookingId } = await book();
    expect(await searchBookings(db(), granby, { q: "catherine" })).toHaveLength(1);
    expect(await searchBookings(db(), sherbrooke, { q: "catherine" })).toEqual([]);
    expect(await searchBookings(db(), sherbrooke, { q: bookingId })).toEqual([]);
    expect(await codeOf(getDeskBooking(db(), sherbrooke, bookingId))).toBe("NOT_FOUND");
    expect(
      await codeOf(
        cancelBooking(db(), { bookingId, input: {}, now: NOW, staff: { ...sherbrooke, reason: "essai" } }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      await codeOf(
        rescheduleBooking(db(), {
          bookingId,
          input: { start: "2026-03-11T10:00:00-04:00" },
          now: NOW,
          staff: { ...sherbrooke, reason: "essai" },
        }),
      ),
    ).toBe("NOT_FOUND");
    const [row] = await db().select().from(s.appointments).where(eq(s.appointments.bookingId, bookingId));
    expect(row!.status).toBe("scheduled");
    expect(await db().select().from(s.bookingChanges)).toEqual([]);
  });

  it("moves a booking inside 24 h for the customer, e-mails them and logs who did it and why", async () => {
    const { bookingId } = await book("2026-03-06T14:00:00-05:00");
    const moved = await rescheduleBooking(db(), {
      bookingId,
      input: { start: "2026-03-10T13:00:00-04:00" },
      now: NOW,
      staff: { ...admin, reason: "Le client a appelé" },
    });
    expect(moved.startAt.toISOString()).toBe("2026-03-10T17:00:00.000Z");
    const desk = await getDeskBooking(db(), admin, bookingId);
    expect(desk.changes).toMatchObject([
      {
        action: "rescheduled",
        reason: "Le client a appelé",
        actorRole: "admin",
        actorUserId: admin.actor.id,
      },
    ]);
    expect(desk.messages.map((m) => m.kind)).toContain("changed");
  });

  it("changes the cars and extras with the price, and cancels with the reason, each logged", async () => {
    const { bookingId } = await book();
    const [before] = await db().select().from(s.appointments).where(eq(s.appointments.bookingId, bookingId));
    const [extra] = await db().select().from(s.upsellOptions).where(eq(s.upsellOptions.isActive, true));
    await rescheduleBooking(db(), {
      bookingId,
      input: { start: before!.startAt.toISOString() },
      now: NOW,
      staff: { ...granby, reason: "Deux autos", cars: 2, upsells: [extra!.name] },
    });
    const [after] = await db().select().from(s.appointments).where(eq(s.appointments.bookingId, bookingId));
    expect(after!.cars).toBe(2);
    expect(after!.priceCents).toBe(before!.unitPriceCents * 2 + extra!.priceCents);
    await cancelBooking(db(), { bookingId, input: {}, now: NOW, staff: { ...granby, reason: "Météo" } });
    const desk = await getDeskBooking(db(), granby, bookingId);
    expect(desk.appointment.status).toBe("cancelled");
    expect(desk.appointment.cancelReason).toBe("Météo");
    expect(desk.changes.map((c) => [c.action, c.reason])).toEqual([
      ["cancelled", "Météo"],
      ["changed", "Deux autos"],
    ]);
  });
});
