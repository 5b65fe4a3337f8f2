import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { TimeOffSchema } from "~/domain/franchisee/schemas";
import { describeDatabases } from "../../../../tests/setup/db";
import {
  clearBookings,
  FRIDAY_MORNING as NOW,
  granbyRequest,
  MONDAY,
  mondayAt,
  rejection,
  setOnDuty,
  teamOf,
} from "../../../../tests/factories/bookings";
import { bookSlot } from "../booking/book-slot.server";
import { listOpenSlots } from "../booking/list-open-slots.server";
import { addTimeOff, listTimeOff, removeTimeOff } from "../franchisee/time-off.server";
import { moveAppointment } from "./move-appointment.server";

describeDatabases("the schedule's move of an appointment and a member's time off (ADR 104)", ({ db }) => {
  let granby: string;
  let sherbrooke: string;
  let team: string[];
  let sherbrookeMember: string;
  let actor: { id: string; role: "franchisee"; name: string; email: string };

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const zones = await db().select().from(s.serviceZones);
    granby = zones.find((z) => z.routeSlug === "granby")!.franchiseeId!;
    sherbrooke = zones.find((z) => z.routeSlug === "sherbrooke")!.franchiseeId!;
    team = await teamOf(db(), "granby");
    sherbrookeMember = (await teamOf(db(), "sherbrooke"))[0]!;
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "franchisee@example.com"));
    actor = { id: user!.id, role: "franchisee", name: user!.name, email: user!.email };
  });

  beforeEach(async () => {
    await clearBookings(db());
    await db().delete(s.teamTimeOff);
    await db().delete(s.bookingChanges);
    await setOnDuty(db(), team, team);
  });

  const book = async (time: string, email = "lea.tremblay@example.com") => {
    const booked = await bookSlot(db(), {
      actor: null,
      input: granbyRequest({ start: mondayAt(time), email }),
      now: NOW,
    });
    const [row] = await db()
      .select()
      .from(s.appointments)
      .where(eq(s.appointments.bookingId, booked.bookingId));
    return row!;
  };
  const reload = async (id: string) =>
    (await db().select().from(s.appointments).where(eq(s.appointments.id, id)))[0]!;
  const move = (appointmentId: string, teamMemberId: string, time: string, franchiseeId = granby) =>
    moveAppointment(db(), {
      appointmentId,
      franchiseeId,
      teamMemberId,
      start: new Date(mondayAt(time)),
      actor,
      now: NOW,
    });
  const mondaySlots = async () =>
    (await listOpenSlots(db(), { zoneSlug: "granby", cars: 1, from: MONDAY, days: 1, now: NOW })).days[0]!
      .slots.length;

  it("moves an appointment to another member and time, logs it and tells the customer", async () => {
    const first = await book("09:00");
    const other = team.find((id) => id !== first.teamMemberId)!;
    const moved = await move(first.id, other, "11:00");
    expect(moved.teamMemberId).toBe(other);
    const row = await reload(first.id);
    expect(row.teamMemberId).toBe(other);
    expect(row.startAt.toISOString()).toBe(new Date(mondayAt("11:00")).toISOString());
    expect(row.priceCents).toBe(first.priceCents);
    const [log] = await db()
      .select()
      .from(s.bookingChanges)
      .where(eq(s.bookingChanges.appointmentId, first.id));
    expect(log?.action).toBe("rescheduled");
    expect(log?.details).toMatchObject({
      from: { teamMemberId: first.teamMemberId },
      to: { teamMemberId: other },
    });
    const mails = await db()
      .select()
      .from(s.jobs)
      .where(and(eq(s.jobs.name, "email.booking")));
    expect(
      mails.some(
        (j) =>
          (j.payload as { kind?: string; appointmentId?: string }).kind === "changed" &&
          (j.payload as { appointmentId?: string }).appointmentId === first.id,
      ),
    ).toBe(true);
  });

  it("refuses a time the member is not free for (another appointment and its drive) and changes nothing", async () => {
    const first = await book("09:00");
    const second = await book("13:00", "autre@example.com");
    const error = await rejection(move(first.id, second.teamMemberId, "13:00"));
    expect(error.code).toBe("SLOT_TAKEN");
    // Right after the other job: no time left for the drive between the two addresses' buffer.
    const after = await rejection(move(first.id, second.teamMemberId, "13:30"));
    expect(["SLOT_TAKEN", "SLOT_UNAVAILABLE"]).toContain(after.code);
    const row = await reload(first.id);
    expect(row.teamMemberId).toBe(first.teamMemberId);
    expect(row.startAt.getTime()).toBe(first.startAt.getTime());
  });

  it("refuses a member of another franchisee, and another franchisee's move", async () => {
    const first = await book("09:00");
    const error = await rejection(move(first.id, sherbrookeMember, "11:00"));
    expect([error.code, error.message]).toEqual(["NOT_FOUND", "MEMBER"]);
    const stranger = await rejection(move(first.id, sherbrookeMember, "11:00", sherbrooke));
    expect(stranger.code).toBe("NOT_FOUND");
    expect((await reload(first.id)).startAt.getTime()).toBe(first.startAt.getTime());
  });

  it("takes a member's slots away while on time off, refuses a move to them, and gives them back", async () => {
    const [alone, ...others] = team;
    await setOnDuty(db(), team, [alone!]);
    const open = await mondaySlots();
    expect(open).toBeGreaterThan(0);
    const input = TimeOffSchema.parse({
      teamMemberId: alone,
      startsOn: MONDAY,
      endsOn: MONDAY,
      reason: "Vacances",
    });
    const { id } = await addTimeOff(db(), { franchiseeId: granby, input });
    expect(await mondaySlots()).toBe(0);
    expect(await listTimeOff(db(), { franchiseeId: granby, from: MONDAY })).toEqual([
      { id, teamMemberId: alone, startsOn: MONDAY, endsOn: MONDAY, reason: "Vacances" },
    ]);
    // Another franchisee can neither see, add to nor remove it.
    expect(await listTimeOff(db(), { franchiseeId: sherbrooke, from: MONDAY })).toEqual([]);
    expect((await rejection(addTimeOff(db(), { franchiseeId: sherbrooke, input }))).code).toBe("NOT_FOUND");
    expect((await rejection(removeTimeOff(db(), { franchiseeId: sherbrooke, timeOffId: id }))).code).toBe(
      "NOT_FOUND",
    );
    // A move to them that day is refused, said as time off.
    await setOnDuty(db(), team, team);
    const first = await book("09:00");
    expect(first.teamMemberId).not.toBe(alone);
    const error = await rejection(move(first.id, alone!, "11:00"));
    expect([error.code, error.message]).toEqual(["SLOT_UNAVAILABLE", "TIME_OFF"]);
    await setOnDuty(db(), team, [alone!]);
    await removeTimeOff(db(), { franchiseeId: granby, timeOffId: id });
    expect(await mondaySlots()).toBe(open);
    expect(others.length).toBeGreaterThan(0);
  });

  it("refuses time off over the member's scheduled appointments", async () => {
    const first = await book("09:00");
    const input = TimeOffSchema.parse({
      teamMemberId: first.teamMemberId,
      startsOn: MONDAY,
      endsOn: "2026-03-11",
      reason: "Formation",
    });
    const error = await rejection(addTimeOff(db(), { franchiseeId: granby, input }));
    expect([error.code, error.count]).toEqual(["HAS_APPOINTMENTS", 1]);
    expect(await listTimeOff(db(), { franchiseeId: granby, from: MONDAY })).toEqual([]);
  });

  describe("the time off form's schema", () => {
    it("refuses an end before the start, a missing reason and a range too long", () => {
      const base = { teamMemberId: team[0], startsOn: MONDAY, endsOn: MONDAY, reason: "Vacances" };
      expect(TimeOffSchema.safeParse({ ...base, endsOn: "2026-03-08" }).success).toBe(false);
      expect(TimeOffSchema.safeParse({ ...base, reason: " " }).success).toBe(false);
      expect(TimeOffSchema.safeParse({ ...base, endsOn: "2026-07-01" }).success).toBe(false);
      expect(TimeOffSchema.safeParse(base).success).toBe(true);
    });
  });
});
