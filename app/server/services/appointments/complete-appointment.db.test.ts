import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { BookingRequestSchema } from "~/domain/booking/schemas";
import { type AppError } from "~/lib/errors";
import { describeDatabases } from "../../../../tests/setup/db";
import { bookSlot } from "../booking/book-slot.server";
import { ensureLoyaltyProfile } from "../loyalty/ledger.server";
import { completeAppointment } from "./complete-appointment.server";

const NOW = new Date("2026-03-06T08:00:00-05:00");
/** After the 09:00 wash of 2026-03-09 has started. */
const DONE = new Date("2026-03-09T10:30:00-04:00");

describeDatabases("completing an appointment", ({ db }) => {
  let clientId: string;
  let granbyFranchiseeId: string;
  let otherFranchiseeId: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: true });
    const [user] = await db().select().from(s.users).where(eq(s.users.email, "client@example.com"));
    clientId = user!.id;
    const zones = await db().select().from(s.serviceZones);
    granbyFranchiseeId = zones.find((z) => z.routeSlug === "granby")!.franchiseeId!;
    otherFranchiseeId = zones.find(
      (z) => z.franchiseeId && z.franchiseeId !== granbyFranchiseeId,
    )!.franchiseeId!;
  });

  beforeEach(async () => {
    await db().delete(s.pointsLedger);
    await db().delete(s.achievements);
    await db().delete(s.loyaltyPoints);
    await db().delete(s.appointmentUpsells);
    await db().delete(s.appointments);
  });

  async function book(start: string) {
    const input = BookingRequestSchema.parse({
      zone: "granby",
      cars: 1,
      start,
      name: "Catherine Client",
      email: "CLIENT@example.com",
      phone: "(450) 555-0199",
      address: "123, rue Principale, Granby",
      postalCode: "J2G 2T5",
    });
    return bookSlot(db(), { actor: null, input, now: NOW });
  }

  it("credits 50 points once, on top of the welcome bonus, with the first-wash achievement", async () => {
    const booked = await book("2026-03-09T09:00:00-04:00");
    const result = await completeAppointment(db(), {
      appointmentId: booked.appointmentId,
      franchiseeId: granbyFranchiseeId,
      now: DONE,
    });
    expect(result.pointsCredited).toBe(50);

    const [balance] = await db().select().from(s.loyaltyPoints).where(eq(s.loyaltyPoints.userId, clientId));
    expect(balance).toMatchObject({ points: 150, totalEarned: 150 });
    const ledger = await db().select().from(s.pointsLedger).where(eq(s.pointsLedger.userId, clientId));
    expect(ledger.map((e) => [e.reason, e.delta, e.balanceAfter]).sort()).toEqual([
      ["appointment_completed", 50, 150],
      ["welcome", 100, 100],
    ]);
    const types = (await db().select().from(s.achievements)).map((a) => a.achievementType).sort();
    expect(types).toEqual(["first_wash", "welcome"]);

    const again = await completeAppointment(db(), {
      appointmentId: booked.appointmentId,
      franchiseeId: granbyFranchiseeId,
    }).catch((e: unknown) => e);
    expect((again as AppError).code).toBe("APPOINTMENT_NOT_CHANGEABLE");
    const [after] = await db().select().from(s.loyaltyPoints).where(eq(s.loyaltyPoints.userId, clientId));
    expect(after!.points).toBe(150);
  });

  it("refuses to complete an appointment before its start: no points credited (ADR 043)", async () => {
    const booked = await book("2026-03-09T09:00:00-04:00");
    const error = await completeAppointment(db(), {
      appointmentId: booked.appointmentId,
      franchiseeId: granbyFranchiseeId,
      now: new Date("2026-03-09T08:59:00-04:00"),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "APPOINTMENT_NOT_CHANGEABLE", message: "NOT_STARTED" });
    const [row] = await db().select().from(s.appointments);
    expect(row!.status).toBe("scheduled");
    expect(
      await db().select().from(s.pointsLedger).where(eq(s.pointsLedger.reason, "appointment_completed")),
    ).toEqual([]);
  });

  it("refuses another franchisee's appointment", async () => {
    const booked = await book("2026-03-09T09:00:00-04:00");
    const error = await completeAppointment(db(), {
      appointmentId: booked.appointmentId,
      franchiseeId: otherFranchiseeId,
    }).catch((e: unknown) => e);
    expect((error as AppError).code).toBe("NOT_FOUND");
    const [row] = await db().select().from(s.appointments);
    expect(row!.status).toBe("scheduled");
  });

  it("creates the welcome profile exactly once when requests race", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => ensureLoyaltyProfile(db(), clientId)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const ledger = await db().select().from(s.pointsLedger).where(eq(s.pointsLedger.userId, clientId));
    expect(ledger).toHaveLength(1);
    const [balance] = await db().select().from(s.loyaltyPoints).where(eq(s.loyaltyPoints.userId, clientId));
    expect(balance).toMatchObject({ points: 100, totalEarned: 100 });
  });
});
