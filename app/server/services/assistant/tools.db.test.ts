import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import type { Db } from "~/server/db.server";
import {
  FRIDAY_MORNING as NOW,
  LEA as TYPED,
  MONDAY_10_30,
  MONDAY_9,
  TUESDAY_10,
} from "../../../../tests/factories/bookings";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookSlot } from "../booking/book-slot.server";
import { placeBooking } from "../booking/place-booking.server";
import { bookAppointmentTool } from "./booking-tool.server";
import { cancelBookingTool, findBookingTool, rescheduleBookingTool } from "./manage-tools.server";
import { checkServiceAreaTool, getPricesTool, listSlotsTool } from "./lookup-tools.server";
import { handOverTool } from "./hand-over-tool.server";
import { type ToolContext } from "./tools.server";

let ipCounter = 0;
function context(db: Db, overrides: Partial<ToolContext> = {}): ToolContext {
  ipCounter += 1;
  return { db, ip: `203.0.113.${ipCounter}`, now: () => NOW, proofs: new Map(), ...overrides };
}

/** Léa's form as she types it to the assistant. */
const LEA = { ...TYPED, start: MONDAY_9, phone: "450 555-0199" };

/** Books through the tool: summary first, then the confirmed code. */
async function bookThroughTool(ctx: ToolContext, fields: Record<string, unknown> = {}) {
  const summary = await bookAppointmentTool(ctx, { ...LEA, ...fields });
  if (!summary.ok || summary.status !== "needs_confirmation") throw new Error(JSON.stringify(summary));
  const booked = await bookAppointmentTool(ctx, { ...LEA, ...fields, confirmation: summary.confirmation });
  if (!booked.ok || booked.status !== "booked") throw new Error(JSON.stringify(booked));
  return booked.booking_id;
}

async function statusOf(db: Db, bookingId: string) {
  const [row] = await db.select().from(s.appointments).where(eq(s.appointments.bookingId, bookingId));
  return row!;
}

describeDatabases("assistant tools", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
  });

  beforeEach(async () => {
    await db().delete(s.appointmentUpsells);
    await db().delete(s.appointments);
    await db().delete(s.contactMessages);
  });

  describe("check_service_area", () => {
    it("answers J2G 1A1 with the Granby zone, and an unserved place without one", async () => {
      const ctx = context(db());
      expect(await checkServiceAreaTool(ctx, { address: "J2G 1A1" })).toMatchObject({
        ok: true,
        in_area: true,
        zone: "granby",
      });
      const far = await checkServiceAreaTool(ctx, { address: "Toronto, Ontario" });
      expect(far).toMatchObject({ ok: true, in_area: false, zone: null });
    });

    it("refuses an empty address and counts toward the page's rate limit", async () => {
      const ctx = context(db());
      expect(await checkServiceAreaTool(ctx, { address: "  " })).toMatchObject({ ok: false });
      for (let i = 0; i < 30; i++) await checkServiceAreaTool(ctx, { address: "J2G 1A1" });
      expect(await checkServiceAreaTool(ctx, { address: "J2G 1A1" })).toMatchObject({
        ok: false,
        code: "RATE_LIMITED",
      });
    });
  });

  it("get_prices lists the washes and the extras with French prices", async () => {
    const prices = await getPricesTool(context(db()));
    expect(prices.services.length).toBeGreaterThan(0);
    expect(prices.services[0]!.price).toMatch(/\$$/);
    expect(prices.extras.map((e) => e.slug)).toContain("cire-liquide");
  });

  describe("list_slots", () => {
    it("lists a week of open starts for a zone; refuses an unknown zone in French", async () => {
      const slots = await listSlotsTool(context(db()), { zone: "granby", cars: 1, from: "2026-03-09" });
      if (!slots.ok) throw new Error(slots.message);
      expect(slots.days[0]).toMatchObject({ date: "2026-03-09", label: "9 mars 2026" });
      expect(slots.days[0]!.starts).toContain(MONDAY_9);
      expect(await listSlotsTool(context(db()), { zone: "atlantide" })).toMatchObject({
        ok: false,
        message: "Cette zone de service n'existe pas.",
      });
      expect(await listSlotsTool(context(db()), { zone: "granby", cars: 9 })).toMatchObject({
        ok: false,
        code: "VALIDATION",
      });
    });
  });

  describe("book_appointment", () => {
    it("books nothing without the summary's confirmation code, then books with it", async () => {
      const ctx = context(db());
      const summary = await bookAppointmentTool(ctx, { ...LEA, cars: 2, upsells: ["cire-liquide"] });
      if (!summary.ok || summary.status !== "needs_confirmation") throw new Error("no summary");
      expect(summary.status).toBe("needs_confirmation");
      expect(summary.summary).toMatchObject({ when: "lundi 9 mars, 9 h", cars: 2, zone_name: "Granby" });
      expect(summary.summary.extras).toHaveLength(1);
      expect(await db().select().from(s.appointments)).toHaveLength(0);

      // A code made up, or the code of another request (another time), books nothing.
      expect(
        await bookAppointmentTool(ctx, { ...LEA, cars: 2, upsells: ["cire-liquide"], confirmation: "oui" }),
      ).toMatchObject({ ok: false, code: "CONFIRMATION_MISMATCH" });
      expect(
        await bookAppointmentTool(ctx, {
          ...LEA,
          cars: 2,
          start: MONDAY_10_30,
          upsells: ["cire-liquide"],
          confirmation: summary.confirmation,
        }),
      ).toMatchObject({ ok: false, code: "CONFIRMATION_MISMATCH" });
      expect(await db().select().from(s.appointments)).toHaveLength(0);

      const booked = await bookAppointmentTool(ctx, {
        ...LEA,
        cars: 2,
        upsells: ["cire-liquide"],
        confirmation: summary.confirmation,
      });
      if (!booked.ok || booked.status !== "booked") throw new Error("not booked");
      const row = await statusOf(db(), booked.booking_id);
      expect(row).toMatchObject({ status: "scheduled", cars: 2, customerPhone: "+14505550199" });
      // Consent is never presumed by the assistant.
      expect(row.smsConsent).toBe(false);
      // The conversation that booked may manage that booking.
      expect(ctx.proofs.has(booked.booking_id)).toBe(true);
    });

    it("validates with the page's schema and the page's zone rule", async () => {
      const ctx = context(db());
      const bad = await bookAppointmentTool(ctx, { ...LEA, email: "pas-un-courriel", phone: "12" });
      expect(bad).toMatchObject({ ok: false, code: "VALIDATION" });
      if (bad.ok) throw new Error();
      expect(bad.fields?.email?.[0]).toMatch(/adresse courriel valide/i);
      const out = await bookAppointmentTool(ctx, {
        ...LEA,
        address: "1 rue King Ouest, Sherbrooke",
        postalCode: "J1H 1P4",
      });
      const confirmed = out.ok && out.status === "needs_confirmation" ? out.confirmation : "";
      expect(
        await bookAppointmentTool(ctx, {
          ...LEA,
          address: "1 rue King Ouest, Sherbrooke",
          postalCode: "J1H 1P4",
          confirmation: confirmed,
        }),
      ).toMatchObject({ ok: false, code: "ADDRESS_OUT_OF_ZONE" });
    });

    it("books through placeBooking like every channel: the same request made on the site first answers with that booking", async () => {
      const input = BookingRequestSchema.parse(LEA);
      const onSite = await placeBooking<never>(db(), {
        ip: "198.51.100.7",
        now: NOW,
        relist: "day",
        read: () => Promise.resolve({ input }),
        actor: () => Promise.resolve(null),
      });
      // Léa then asks the assistant for the same wash: one booking, not two.
      const ctx = context(db());
      expect(await bookThroughTool(ctx)).toBe(onSite.booking!.bookingId);
      const hers = await db()
        .select()
        .from(s.appointments)
        .where(eq(s.appointments.customerEmail, input.email));
      expect(hers).toHaveLength(1);
    });

    it("THE RACE: the assistant's booking and the web's booking of the last slot, one wins", async () => {
      const web = BookingRequestSchema.parse({
        ...LEA,
        zone: "sherbrooke",
        start: TUESDAY_10,
        address: "100 rue King Ouest, Sherbrooke",
        postalCode: "J1H 1P4",
      });
      const team = await db()
        .select({ id: s.teamMembers.id })
        .from(s.teamMembers)
        .innerJoin(s.serviceZones, eq(s.serviceZones.franchiseeId, s.teamMembers.franchiseeId))
        .where(eq(s.serviceZones.routeSlug, "sherbrooke"));
      for (let i = 0; i < team.length - 1; i++) await bookSlot(db(), { actor: null, input: web, now: NOW });

      const ctx = context(db());
      const chatFields = { ...web, email: "chat@example.com", phone: "819 555-0101" };
      const summary = await bookAppointmentTool(ctx, chatFields);
      if (!summary.ok || summary.status !== "needs_confirmation") throw new Error("no summary");
      const [chat, site] = await Promise.allSettled([
        bookAppointmentTool(ctx, { ...chatFields, confirmation: summary.confirmation }),
        bookSlot(db(), { actor: null, input: { ...web, email: "web@example.com" }, now: NOW }),
      ]);
      const chatWon = chat.status === "fulfilled" && chat.value.ok;
      const webWon = site.status === "fulfilled";
      expect(Number(chatWon) + Number(webWon)).toBe(1);
      if (!chatWon && chat.status === "fulfilled") {
        expect(chat.value).toMatchObject({ ok: false, code: "SLOT_TAKEN" });
      }
      const atThatTime = await db()
        .select()
        .from(s.appointments)
        .where(eq(s.appointments.startAt, new Date(TUESDAY_10)));
      expect(atThatTime).toHaveLength(team.length);
    }, 60_000);
  });

  describe("find_booking", () => {
    it("opens a booking with its number and its e-mail or phone, and nothing else", async () => {
      const bookingId = await bookThroughTool(context(db()));
      const ctx = context(db());
      const found = await findBookingTool(ctx, { booking_id: bookingId, phone: "+1 (450) 555-0199" });
      expect(found).toMatchObject({
        ok: true,
        booking: {
          booking_id: bookingId,
          status: "scheduled",
          when: "lundi 9 mars, 9 h",
          can_change_online: true,
        },
      });
      // No other customer's data and no manage token in the answer.
      expect(JSON.stringify(found)).not.toMatch(/Léa|lea\.tremblay|manage|token/i);
      expect(ctx.proofs.get(bookingId)).toEqual({ phone: "+1 (450) 555-0199" });

      const stranger = context(db());
      expect(await findBookingTool(stranger, { booking_id: bookingId, email: "autre@example.com" })).toEqual(
        await findBookingTool(stranger, { booking_id: "inconnu0000", email: "lea.tremblay@example.com" }),
      );
      expect(await findBookingTool(stranger, { booking_id: bookingId })).toMatchObject({
        ok: false,
        code: "PROOF_REQUIRED",
      });
      expect(stranger.proofs.size).toBe(0);
    });

    it("is rate-limited per client address", async () => {
      const ctx = context(db());
      for (let i = 0; i < 10; i++)
        await findBookingTool(ctx, { booking_id: `x${i}`, email: "a@example.com" });
      expect(await findBookingTool(ctx, { booking_id: "x", email: "a@example.com" })).toMatchObject({
        code: "RATE_LIMITED",
      });
    });
  });

  describe("cancel_booking and reschedule_booking", () => {
    it("refuses without proof, with a wrong proof, or with the proof of another booking", async () => {
      const lea = await bookThroughTool(context(db()));
      const other = await bookThroughTool(context(db()), {
        start: TUESDAY_10,
        email: "marc@example.com",
        phone: "450 555-0123",
      });
      // This conversation proved 'other' only: Léa's booking stays closed to it.
      const ctx = context(db());
      await findBookingTool(ctx, { booking_id: other, email: "marc@example.com" });

      expect(await cancelBookingTool(ctx, { booking_id: lea })).toMatchObject({
        ok: false,
        code: "PROOF_REQUIRED",
      });
      expect(await cancelBookingTool(ctx, { booking_id: lea, email: "marc@example.com" })).toMatchObject({
        ok: false,
        code: "NOT_FOUND",
      });
      expect(await rescheduleBookingTool(ctx, { booking_id: lea, start: MONDAY_10_30 })).toMatchObject({
        ok: false,
        code: "PROOF_REQUIRED",
      });
      expect((await statusOf(db(), lea)).status).toBe("scheduled");
      expect((await statusOf(db(), lea)).startAt).toEqual(new Date(MONDAY_9));
    });

    it("cancels and moves a proven booking, with the page's 24 h rule", async () => {
      const bookingId = await bookThroughTool(context(db()));
      const ctx = context(db());
      await findBookingTool(ctx, { booking_id: bookingId, email: "LEA.TREMBLAY@example.com" });

      const moved = await rescheduleBookingTool(ctx, { booking_id: bookingId, start: MONDAY_10_30 });
      expect(moved).toMatchObject({ ok: true, when: "lundi 9 mars, 10 h 30" });
      expect((await statusOf(db(), bookingId)).startAt).toEqual(new Date(MONDAY_10_30));

      // Less than 24 h before the start: the page's answer (call us), nothing changed.
      const late = context(db(), { now: () => new Date("2026-03-08T12:00:00-04:00") });
      expect(await cancelBookingTool(late, { booking_id: bookingId, phone: "4505550199" })).toMatchObject({
        ok: false,
        code: "TOO_LATE_TO_CHANGE",
      });

      expect(await cancelBookingTool(ctx, { booking_id: bookingId, reason: "Imprévu" })).toMatchObject({
        ok: true,
        status: "cancelled",
      });
      expect(await statusOf(db(), bookingId)).toMatchObject({ status: "cancelled", cancelReason: "Imprévu" });
      expect(await cancelBookingTool(ctx, { booking_id: bookingId })).toMatchObject({
        ok: false,
        code: "APPOINTMENT_NOT_CHANGEABLE",
      });
    });
  });

  it("hands over to a person: a contact message with the conversation, rate-limited like the form", async () => {
    const ctx = context(db(), { transcript: () => "Client : J'ai une question sur le cuir.\nAssistant : …" });
    expect(
      await handOverTool(ctx, {
        name: "Léa",
        email: "lea@example.com",
        message: "Pouvez-vous me rappeler ?",
      }),
    ).toMatchObject({ ok: true });
    const [row] = await db().select().from(s.contactMessages);
    expect(row).toMatchObject({ name: "Léa", email: "lea@example.com" });
    expect(row!.message).toContain("Pouvez-vous me rappeler ?");
    expect(row!.message).toContain("J'ai une question sur le cuir.");
    const jobs = await db().select().from(s.jobs);
    expect(jobs.some((j) => JSON.stringify(j.payload).includes(row!.id))).toBe(true);

    for (let i = 0; i < 4; i++)
      await handOverTool(ctx, { name: "Léa", email: "lea@example.com", message: "Encore" });
    expect(
      await handOverTool(ctx, { name: "Léa", email: "lea@example.com", message: "Encore" }),
    ).toMatchObject({
      ok: false,
      code: "RATE_LIMITED",
    });
  });
});
