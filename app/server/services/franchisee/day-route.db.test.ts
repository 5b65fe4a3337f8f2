import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { describeDatabases } from "../../../../tests/setup/db";
import { reassignAppointment } from "../appointments/reassign-appointment.server";
import { bookSlot } from "../booking/book-slot.server";
import { loadDayRoutes } from "./day-route.server";

const NOW = new Date("2026-03-06T08:00:00-05:00");
const MONDAY = "2026-03-09";

const request = (time: string, address: string, email: string) =>
  BookingRequestSchema.parse({
    zone: "granby",
    cars: 1,
    start: `${MONDAY}T${time}:00-04:00`,
    name: "Léa Tremblay",
    email,
    phone: "(450) 555-0199",
    address,
  });

describeDatabases("the day's route", ({ db }) => {
  let franchiseeId: string;
  let ownerId: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    franchiseeId = zone!.franchiseeId!;
    const [owner] = await db().select().from(s.franchisees).where(eq(s.franchisees.id, franchiseeId));
    ownerId = owner!.userId;
  });

  it("orders a member's stops with their drives, and warns when a reassignment makes them late", async () => {
    const cowansville = await bookSlot(db(), {
      actor: null,
      input: request("10:00", "10 rue du Sud, Cowansville", "a@example.com"),
      now: NOW,
    });
    // 11:30 + 10 min + the drive back to Granby: that member cannot start in Granby at 12:00.
    const granby = await bookSlot(db(), {
      actor: null,
      input: request("12:00", "123, rue Principale, Granby J2G 2T5", "b@example.com"),
      now: NOW,
    });
    expect(granby.teamMemberId).not.toBe(cowansville.teamMemberId);

    const before = await loadDayRoutes(db(), { franchiseeId, date: MONDAY });
    expect(before.members).toHaveLength(2);
    expect(before.members.every((m) => m.lateStops === 0)).toBe(true);
    const first = before.members.find((m) => m.memberId === cowansville.teamMemberId)!;
    expect(first.stops.map((stop) => stop.driveMinutes)).toEqual([34]);
    expect(first.totalDriveMinutes).toBe(34);
    // Town names for a map without tiles (ADR 103): around the zones and stops, biggest first.
    const towns = before.towns.map((town) => town.name);
    expect(towns.indexOf("Granby")).toBeGreaterThanOrEqual(0);
    expect(towns.indexOf("Granby")).toBeLessThan(towns.indexOf("Cowansville"));
    expect(towns.length).toBeLessThanOrEqual(40);

    // The franchisee moves the Granby job to the member in Cowansville: allowed (no overlap),
    // but the route says they will be late.
    await reassignAppointment(db(), {
      appointmentId: granby.appointmentId,
      franchiseeId,
      teamMemberId: cowansville.teamMemberId,
      actor: { id: ownerId, role: "franchisee", name: "Partenaire", email: "partenaire@example.com" },
    });
    const after = await loadDayRoutes(db(), { franchiseeId, date: MONDAY });
    expect(after.members).toHaveLength(1);
    const route = after.members[0]!;
    expect(route.stops.map((stop) => stop.bookingId)).toEqual([cowansville.bookingId, granby.bookingId]);
    expect(route.stops[1]!.driveMinutes).toBe(35);
    // 11:30 + 10 min set-up + 35 min = 12:15.
    expect(route.stops[1]!.lateMinutes).toBe(15);
    expect(route.lateStops).toBe(1);
    expect(route.totalDriveMinutes).toBe(34 + 35);
  });
});
