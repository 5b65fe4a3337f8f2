import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { AvailabilitySchema, RestockOrderSchema, TeamMemberSchema } from "~/domain/franchisee/schemas";
import { AppError } from "~/lib/errors";
import { describeDatabases } from "../../../../tests/setup/db";
import { cancelAppointment } from "../appointments/cancel-appointment.server";
import { completeAppointment } from "../appointments/complete-appointment.server";
import { markNoShow } from "../appointments/mark-no-show.server";
import { reassignAppointment } from "../appointments/reassign-appointment.server";
import { bookSlot } from "../booking/book-slot.server";
import { listOpenSlots } from "../booking/list-open-slots.server";
import { getDashboard } from "./get-dashboard.server";
import { getReport } from "./get-reports.server";
import { listClients } from "./list-clients.server";
import { listSchedule } from "./list-schedule.server";
import { listCatalogue, listRestockOrders, submitRestockOrder } from "./restock.server";
import { resolveFranchisee } from "./resolve-franchisee.server";
import {
  addAvailability,
  addTeamMember,
  deleteAvailability,
  listTeam,
  removeTeamMember,
  setAvailabilityAvailable,
  updateTeamMember,
} from "./team.server";

// Friday 2026-03-06, 08:00 in Granby; Tuesday 2026-03-10 is the day under test.
const NOW = new Date("2026-03-06T08:00:00-05:00");
const TUESDAY = "2026-03-10";

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError
    ? `${error.code}${error.message !== error.code ? `:${error.message}` : ""}`
    : String(error);
}

describeDatabases("franchisee tools", ({ db }) => {
  let granby: string;
  let sherbrooke: string;
  let granbyUserId: string;
  let sherbrookeMemberId: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "franchisee@example.com"));
    granbyUserId = user!.id;
    const actor = await resolveFranchisee(db(), {
      id: user!.id,
      email: user!.email,
      name: user!.name,
      firstName: "",
      lastName: "",
      role: "franchisee",
    });
    granby = actor.id;
    const zones = await db().select().from(s.serviceZones);
    sherbrooke = zones.find((z) => z.routeSlug === "sherbrooke")!.franchiseeId!;
    const [member] = await db()
      .select()
      .from(s.teamMembers)
      .where(eq(s.teamMembers.franchiseeId, sherbrooke));
    sherbrookeMemberId = member!.id;
  });

  beforeEach(async () => {
    await db().delete(s.appointmentUpsells);
    await db().delete(s.pointsLedger);
    await db().delete(s.appointments);
  });

  /** The franchisee signed in, as the schedule's actions pass them (booking_changes, ADR 056). */
  const staff = () => ({
    id: granbyUserId,
    role: "franchisee" as const,
    name: "Partenaire Granby",
    email: "franchisee@example.com",
  });

  /** The signed-in Granby franchisee, acting as `franchiseeId`, moves an appointment to a member. */
  const reassign = (appointmentId: string, teamMemberId: string, franchiseeId = granby) =>
    reassignAppointment(db(), { appointmentId, franchiseeId, actor: staff(), teamMemberId });

  async function book(start: string, email = "client@example.com", upsells: string[] = []) {
    const input = BookingRequestSchema.parse({
      zone: "granby",
      cars: 1,
      start,
      name: "Catherine Client",
      email,
      phone: "(450) 555-0199",
      address: "123, rue Principale, Granby",
      postalCode: "J2G 2T5",
      upsells,
    });
    return bookSlot(db(), { actor: null, input, now: NOW });
  }

  const tuesdaySlots = async () => {
    const open = await listOpenSlots(db(), { zoneSlug: "granby", cars: 1, from: TUESDAY, days: 1, now: NOW });
    return open.days[0]!.slots.map((slot) => slot.start.slice(11, 16));
  };

  describe("the franchisee of a user", () => {
    it("is refused for a user with no franchisee row, or of another role", async () => {
      const base = { id: "nobody", email: "x@example.com", name: "X", firstName: "", lastName: "" };
      expect(await codeOf(resolveFranchisee(db(), { ...base, role: "franchisee" }))).toBe(
        "NOT_FOUND:NO_FRANCHISEE",
      );
      expect(await codeOf(resolveFranchisee(db(), { ...base, role: "client" }))).toBe("FORBIDDEN");
    });
  });

  describe("team members and availability", () => {
    it("adds a member whose Tuesday 10:00-14:00 opens slots only she makes possible", async () => {
      // Every seeded member (the demo crew member too) is booked at 10:00 on Tuesday: the slot is gone.
      for (let i = 0; i < 4; i++) await book(`${TUESDAY}T10:00:00-04:00`, `c${i}@example.com`);
      expect(await tuesdaySlots()).not.toContain("10:00");

      const added = await addTeamMember(db(), {
        franchiseeId: granby,
        input: TeamMemberSchema.parse({ firstName: "Léa", lastName: "Nouvelle", email: "lea.n@example.com" }),
      });
      const range = await addAvailability(db(), {
        franchiseeId: granby,
        input: AvailabilitySchema.parse({
          teamMemberId: added.id,
          dayOfWeek: "2",
          startTime: "10:00",
          endTime: "14:00",
        }),
      });
      expect(range.id).toEqual(expect.any(String));
      expect(await tuesdaySlots()).toContain("10:00");

      // The list: newest first, her range by day then time.
      const team = await listTeam(db(), { franchiseeId: granby });
      expect(team[0]).toMatchObject({
        firstName: "Léa",
        availability: [{ dayOfWeek: 2, startTime: "10:00", endTime: "14:00" }],
      });
      expect(team.some((m) => m.id === sherbrookeMemberId)).toBe(false);

      // Unavailable: the slot closes again; available: it opens.
      await setAvailabilityAvailable(db(), {
        franchiseeId: granby,
        availabilityId: range.id,
        isAvailable: false,
      });
      expect(await tuesdaySlots()).not.toContain("10:00");
      await setAvailabilityAvailable(db(), {
        franchiseeId: granby,
        availabilityId: range.id,
        isAvailable: true,
      });
      expect(await tuesdaySlots()).toContain("10:00");

      // Overlap and end before start are refused with their own codes.
      const overlap = addAvailability(db(), {
        franchiseeId: granby,
        input: AvailabilitySchema.parse({
          teamMemberId: added.id,
          dayOfWeek: 2,
          startTime: "13:00",
          endTime: "15:00",
        }),
      });
      expect(await codeOf(overlap)).toBe("OVERLAP");
      const touching = await addAvailability(db(), {
        franchiseeId: granby,
        input: AvailabilitySchema.parse({
          teamMemberId: added.id,
          dayOfWeek: 2,
          startTime: "14:00",
          endTime: "15:00",
        }),
      });
      expect(touching.id).toEqual(expect.any(String));
      expect(
        AvailabilitySchema.safeParse({
          teamMemberId: added.id,
          dayOfWeek: 2,
          startTime: "15:00",
          endTime: "14:00",
        }).success,
      ).toBe(false);

      await deleteAvailability(db(), { franchiseeId: granby, availabilityId: range.id });
      expect(await tuesdaySlots()).not.toContain("10:00");
      await removeTeamMember(db(), { franchiseeId: granby, memberId: added.id, now: NOW });
      expect((await listTeam(db(), { franchiseeId: granby })).some((m) => m.id === added.id)).toBe(false);
    });

    it("starts a member with the team's usual hours when asked, in one transaction (issue 33, item 13)", async () => {
      const added = await addTeamMember(db(), {
        franchiseeId: granby,
        input: TeamMemberSchema.parse({ firstName: "Noé", lastName: "Habituel", email: "noe.h@example.com" }),
        usualHours: true,
      });
      const team = await listTeam(db(), { franchiseeId: granby });
      // The seeded Granby team works Monday to Friday, 9 h to 17 h.
      expect(
        team.find((m) => m.id === added.id)!.availability.map((r) => [r.dayOfWeek, r.startTime, r.endTime]),
      ).toEqual([1, 2, 3, 4, 5].map((day) => [day, "09:00", "17:00"]));
      await removeTeamMember(db(), { franchiseeId: granby, memberId: added.id, now: NOW });
    });

    it("refuses a duplicate e-mail among active members, case-insensitively", async () => {
      const input = TeamMemberSchema.parse({ firstName: "A", lastName: "B", email: "Dup@Example.com" });
      const first = await addTeamMember(db(), { franchiseeId: granby, input });
      const again = addTeamMember(db(), {
        franchiseeId: granby,
        input: { ...input, email: "dup@example.com" },
      });
      expect(await codeOf(again)).toBe("EMAIL_TAKEN");
      // Another franchisee may have a member with that address.
      expect((await addTeamMember(db(), { franchiseeId: sherbrooke, input })).id).toEqual(expect.any(String));
      await removeTeamMember(db(), { franchiseeId: granby, memberId: first.id, now: NOW });
      // Once deleted, the address is free again.
      expect((await addTeamMember(db(), { franchiseeId: granby, input })).id).toEqual(expect.any(String));
    });

    it("refuses to delete a member with appointments to come until they are reassigned", async () => {
      const booked = await book(`${TUESDAY}T09:00:00-04:00`);
      const refused = await removeTeamMember(db(), {
        franchiseeId: granby,
        memberId: booked.teamMemberId,
        now: NOW,
      }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: "HAS_APPOINTMENTS", count: 1 });
      const [member] = await db()
        .select()
        .from(s.teamMembers)
        .where(eq(s.teamMembers.id, booked.teamMemberId));
      expect(member!.isActive).toBe(true);
    });

    it("changes nothing of another franchisee's member or availability", async () => {
      const [sherbrookeRange] = await db()
        .select()
        .from(s.teamAvailability)
        .where(eq(s.teamAvailability.teamMemberId, sherbrookeMemberId));
      const input = TeamMemberSchema.parse({
        firstName: "Pirate",
        lastName: "X",
        email: "pirate@example.com",
      });
      expect(
        await codeOf(updateTeamMember(db(), { franchiseeId: granby, memberId: sherbrookeMemberId, input })),
      ).toBe("NOT_FOUND");
      expect(
        await codeOf(removeTeamMember(db(), { franchiseeId: granby, memberId: sherbrookeMemberId })),
      ).toBe("NOT_FOUND");
      expect(
        await codeOf(
          addAvailability(db(), {
            franchiseeId: granby,
            input: AvailabilitySchema.parse({
              teamMemberId: sherbrookeMemberId,
              dayOfWeek: 6,
              startTime: "09:00",
              endTime: "10:00",
            }),
          }),
        ),
      ).toBe("NOT_FOUND");
      expect(
        await codeOf(
          setAvailabilityAvailable(db(), {
            franchiseeId: granby,
            availabilityId: sherbrookeRange!.id,
            isAvailable: false,
          }),
        ),
      ).toBe("NOT_FOUND");
      expect(
        await codeOf(deleteAvailability(db(), { franchiseeId: granby, availabilityId: sherbrookeRange!.id })),
      ).toBe("NOT_FOUND");

      const [member] = await db()
        .select()
        .from(s.teamMembers)
        .where(eq(s.teamMembers.id, sherbrookeMemberId));
      expect(member).toMatchObject({ firstName: "Camille", isActive: true });
      const ranges = await db()
        .select()
        .from(s.teamAvailability)
        .where(eq(s.teamAvailability.teamMemberId, sherbrookeMemberId));
      expect(ranges).toHaveLength(5);
      expect(ranges.every((r) => r.isAvailable)).toBe(true);
    });
  });

  describe("schedule actions", () => {
    it("lists the day's appointments with member, extras and free members to reassign to", async () => {
      const booked = await book(`${TUESDAY}T09:00:00-04:00`, "client@example.com", ["aquapel"]);
      const list = await listSchedule(db(), {
        franchiseeId: granby,
        period: { from: TUESDAY, to: "2026-03-11" },
      });
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        id: booked.appointmentId,
        extras: ["Traitement Aquapel"],
        status: "scheduled",
      });
      // The other three of the Granby team (the demo crew member is one, ADR 077).
      expect(list[0]!.reassignTo).toHaveLength(3);
      expect(
        await listSchedule(db(), { franchiseeId: sherbrooke, period: { from: TUESDAY, to: "2026-03-11" } }),
      ).toEqual([]);
    });

    it("reassigns to a free member only, and maps the constraint to MEMBER_NOT_FREE", async () => {
      const a = await book(`${TUESDAY}T09:00:00-04:00`, "a@example.com");
      const b = await book(`${TUESDAY}T09:00:00-04:00`, "b@example.com");
      // b's member is busy at 09:00: a cannot go to them.
      expect(await codeOf(reassign(a.appointmentId, b.teamMemberId))).toBe("SLOT_TAKEN:MEMBER_NOT_FREE");
      const team = await listTeam(db(), { franchiseeId: granby });
      const free = team.find(
        (m) => m.availability.length > 0 && m.id !== a.teamMemberId && m.id !== b.teamMemberId,
      )!;
      await reassign(a.appointmentId, free.id);
      const [moved] = await db().select().from(s.appointments).where(eq(s.appointments.id, a.appointmentId));
      expect(moved!.teamMemberId).toBe(free.id);
      // The booking's history shows the move, who made it and between whom (ADR 056).
      const log = await db()
        .select()
        .from(s.bookingChanges)
        .where(eq(s.bookingChanges.appointmentId, a.appointmentId));
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({
        action: "reassigned",
        actorUserId: granbyUserId,
        actorName: "Partenaire Granby",
        actorRole: "franchisee",
        details: { from: { teamMemberId: a.teamMemberId }, to: { teamMemberId: free.id } },
      });
      expect((log[0]!.details as { to: { memberName: string } }).to.memberName).toBe(
        `${free.firstName} ${free.lastName}`,
      );
      // Another franchisee's member, or another franchisee's appointment: NOT_FOUND, nothing changes.
      expect(await codeOf(reassign(a.appointmentId, sherbrookeMemberId))).toBe("NOT_FOUND:MEMBER");
      expect(await codeOf(reassign(a.appointmentId, sherbrookeMemberId, sherbrooke))).toBe("NOT_FOUND");
      const [still] = await db().select().from(s.appointments).where(eq(s.appointments.id, a.appointmentId));
      expect(still!.teamMemberId).toBe(free.id);
    });

    it("refuses a member whose availability does not cover the appointment", async () => {
      const a = await book(`${TUESDAY}T09:00:00-04:00`);
      const added = await addTeamMember(db(), {
        franchiseeId: granby,
        input: TeamMemberSchema.parse({ firstName: "Tard", lastName: "Venu", email: "tard@example.com" }),
      });
      await addAvailability(db(), {
        franchiseeId: granby,
        input: AvailabilitySchema.parse({
          teamMemberId: added.id,
          dayOfWeek: 2,
          startTime: "10:00",
          endTime: "14:00",
        }),
      });
      expect(await codeOf(reassign(a.appointmentId, added.id))).toBe("SLOT_TAKEN:MEMBER_NOT_FREE");
      await removeTeamMember(db(), { franchiseeId: granby, memberId: added.id, now: NOW });
    });

    it("cancels with a reason, marks no-show once started, and refuses another franchisee", async () => {
      const a = await book(`${TUESDAY}T09:00:00-04:00`);
      expect(
        await codeOf(
          cancelAppointment(db(), {
            appointmentId: a.appointmentId,
            franchiseeId: sherbrooke,
            actor: staff(),
            reason: "x",
            now: NOW,
          }),
        ),
      ).toBe("NOT_FOUND");
      expect(
        await codeOf(markNoShow(db(), { appointmentId: a.appointmentId, franchiseeId: granby, now: NOW })),
      ).toBe("APPOINTMENT_NOT_CHANGEABLE:NOT_STARTED");
      expect(
        await codeOf(completeAppointment(db(), { appointmentId: a.appointmentId, franchiseeId: sherbrooke })),
      ).toBe("NOT_FOUND");
      await markNoShow(db(), {
        appointmentId: a.appointmentId,
        franchiseeId: granby,
        now: new Date(`${TUESDAY}T09:30:00-04:00`),
      });
      const [noShow] = await db().select().from(s.appointments).where(eq(s.appointments.id, a.appointmentId));
      expect(noShow!.status).toBe("no_show");

      const b = await book(`${TUESDAY}T11:00:00-04:00`);
      await cancelAppointment(db(), {
        appointmentId: b.appointmentId,
        franchiseeId: granby,
        actor: staff(),
        reason: "Panne du camion",
        now: NOW,
      });
      const [cancelled] = await db()
        .select()
        .from(s.appointments)
        .where(eq(s.appointments.id, b.appointmentId));
      expect(cancelled).toMatchObject({ status: "cancelled", cancelReason: "Panne du camion" });
      const [logged] = await db()
        .select()
        .from(s.bookingChanges)
        .where(eq(s.bookingChanges.appointmentId, b.appointmentId));
      expect(logged).toMatchObject({
        action: "cancelled",
        reason: "Panne du camion",
        actorUserId: granbyUserId,
        actorRole: "franchisee",
      });
      expect(
        await codeOf(
          cancelAppointment(db(), {
            appointmentId: b.appointmentId,
            franchiseeId: granby,
            actor: staff(),
            reason: "encore",
            now: NOW,
          }),
        ),
      ).toBe("APPOINTMENT_NOT_CHANGEABLE");
      // The cancelled slot is open again at once.
      expect(await tuesdaySlots()).toContain("11:00");
    });
  });

  describe("restock orders", () => {
    it("writes the order and its lines in one transaction with the database's prices", async () => {
      const catalogue = await listCatalogue(db());
      const [first, second] = catalogue;
      const input = RestockOrderSchema.parse({
        lines: [
          { inventoryItemId: first!.id, quantity: 2 },
          { inventoryItemId: second!.id, quantity: "1" },
          { inventoryItemId: first!.id, quantity: 1 },
        ],
        notes: "  Livrer le matin  ",
      });
      // A price sent by a client is not even part of the schema's output.
      expect(JSON.stringify(input)).not.toContain("Price");
      const order = await submitRestockOrder(db(), {
        franchiseeId: granby,
        userId: granbyUserId,
        input,
        now: NOW,
      });
      expect(order.orderNumber).toBe(`RO-${NOW.getTime()}`);
      expect(order.totalAmountCents).toBe(3 * first!.unitPriceCents + second!.unitPriceCents);

      // Same millisecond: the next number is taken.
      const again = await submitRestockOrder(db(), {
        franchiseeId: granby,
        userId: granbyUserId,
        input: RestockOrderSchema.parse({ lines: [{ inventoryItemId: second!.id, quantity: 1 }] }),
        now: NOW,
      });
      expect(again.orderNumber).toBe(`RO-${NOW.getTime() + 1}`);

      const orders = await listRestockOrders(db(), { franchiseeId: granby });
      const saved = orders.find((o) => o.id === order.id)!;
      expect(saved).toMatchObject({
        status: "pending",
        notes: "Livrer le matin",
        totalAmountCents: order.totalAmountCents,
      });
      expect(saved.lines.map((l) => [l.name, l.quantity, l.totalPriceCents])).toEqual([
        [first!.name, 3, 3 * first!.unitPriceCents],
        [second!.name, 1, second!.unitPriceCents],
      ]);
      expect(await listRestockOrders(db(), { franchiseeId: sherbrooke })).toEqual([]);

      const dashboard = await getDashboard(db(), { franchiseeId: granby, now: NOW });
      expect(dashboard.monthRestockCents).toBe(order.totalAmountCents + again.totalAmountCents);
    });

    it("writes nothing when an item is unknown or inactive", async () => {
      const before = await db().select().from(s.restockOrders);
      const [item] = await listCatalogue(db());
      await db().update(s.inventoryItems).set({ isActive: false }).where(eq(s.inventoryItems.id, item!.id));
      try {
        const input = RestockOrderSchema.parse({ lines: [{ inventoryItemId: item!.id, quantity: 1 }] });
        expect(
          await codeOf(submitRestockOrder(db(), { franchiseeId: granby, userId: granbyUserId, input })),
        ).toBe("VALIDATION:UNKNOWN_ITEM");
      } finally {
        await db().update(s.inventoryItems).set({ isActive: true }).where(eq(s.inventoryItems.id, item!.id));
      }
      expect(await db().select().from(s.restockOrders)).toHaveLength(before.length);
      expect(RestockOrderSchema.safeParse({ lines: [] }).success).toBe(false);
      expect(
        RestockOrderSchema.safeParse({ lines: [{ inventoryItemId: item!.id, quantity: 0 }] }).success,
      ).toBe(false);
    });
  });

  describe("figures", () => {
    it("counts the dashboard, clients and reports from the franchisee's own appointments", async () => {
      const a = await book(`${TUESDAY}T09:00:00-04:00`, "Client@Example.com", ["aquapel"]);
      const b = await book("2026-03-11T09:00:00-04:00", "client@example.com");
      await book("2026-03-12T09:00:00-04:00", "autre@example.com");
      const c = await book("2026-03-13T09:00:00-04:00", "annule@example.com");
      await cancelAppointment(db(), {
        appointmentId: c.appointmentId,
        franchiseeId: granby,
        actor: staff(),
        reason: "x",
        now: NOW,
      });
      // Completed once they started (ADR 043).
      const done = new Date("2026-03-11T12:00:00-04:00");
      await completeAppointment(db(), { appointmentId: a.appointmentId, franchiseeId: granby, now: done });
      await completeAppointment(db(), { appointmentId: b.appointmentId, franchiseeId: granby, now: done });
      await db()
        .insert(s.appointmentReviews)
        .values([
          { appointmentId: a.appointmentId, rating: 5 },
          { appointmentId: b.appointmentId, rating: 4 },
        ]);

      const dashboard = await getDashboard(db(), {
        franchiseeId: granby,
        now: new Date(`${TUESDAY}T08:00:00-04:00`),
      });
      expect(dashboard).toMatchObject({
        today: 1,
        week: 3,
        monthRevenueCents: 14999 + 2000 + 14999 + 14999,
        averageRating: 4.5,
        reviewCount: 2,
      });
      // The day it opens on: today's one appointment (completed), with its booking number.
      expect(dashboard.todayAppointments).toEqual([
        expect.objectContaining({ id: a.appointmentId, bookingId: a.bookingId, status: "completed" }),
      ]);
      const other = await getDashboard(db(), { franchiseeId: sherbrooke, now: NOW });
      expect(other).toMatchObject({ today: 0, week: 0, monthRevenueCents: 0, averageRating: null });
      expect(other.todayAppointments).toEqual([]);

      const clients = await listClients(db(), { franchiseeId: granby });
      const client = clients.find((c) => c.email === "client@example.com")!;
      expect(client).toMatchObject({ washes: 2, totalSpentCents: 14999 + 2000 + 14999, scheduled: 0 });
      expect(clients.map((c) => c.email).sort()).toEqual(["autre@example.com", "client@example.com"]);
      expect(
        (await listClients(db(), { franchiseeId: granby, search: "AUTRE" })).map((c) => c.email),
      ).toEqual(["autre@example.com"]);
      expect((await listClients(db(), { franchiseeId: granby, search: "450-555-0199" })).length).toBe(2);
      expect(await listClients(db(), { franchiseeId: granby, search: "%" })).toEqual([]);
      expect(await listClients(db(), { franchiseeId: sherbrooke })).toEqual([]);

      const report = await getReport(db(), {
        franchiseeId: granby,
        grouping: "week",
        now: new Date(`${TUESDAY}T08:00:00-04:00`),
      });
      expect(report.rows.at(-1)).toMatchObject({ from: "2026-03-09", appointments: 3 });
      expect(report.extras).toEqual([{ name: "Traitement Aquapel", quantity: 1, revenueCents: 2000 }]);
    });
  });
});
