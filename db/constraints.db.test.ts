import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeDatabases } from "../tests/setup/db";
import * as s from "./schema";
import { seed } from "~/server/seed/seed";

function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  while (e && typeof e === "object") {
    if ("code" in e && typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = "cause" in e ? e.cause : undefined;
  }
  return undefined;
}

describeDatabases("database rules", ({ db }) => {
  let base: Omit<typeof s.appointments.$inferInsert, "bookingId" | "startAt" | "endAt" | "blockedUntil">;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    const [member] = await db()
      .select()
      .from(s.teamMembers)
      .where(eq(s.teamMembers.franchiseeId, zone!.franchiseeId!));
    const [service] = await db().select().from(s.services);
    base = {
      manageTokenHash: "x",
      zoneId: zone!.id,
      franchiseeId: zone!.franchiseeId!,
      teamMemberId: member!.id,
      serviceId: service!.id,
      cars: 1,
      customerName: "Léa Côté",
      customerEmail: "lea@example.com",
      customerPhone: "450 555-0100",
      address: "1 rue Principale, Granby",
      unitPriceCents: 14999,
      priceCents: 14999,
    };
  });

  it("refuses two scheduled appointments of one member that overlap (travel buffer included)", async () => {
    await db()
      .insert(s.appointments)
      .values({
        ...base,
        bookingId: "A1",
        startAt: new Date("2026-03-09T13:00:00Z"),
        endAt: new Date("2026-03-09T14:30:00Z"),
        blockedUntil: new Date("2026-03-09T15:00:00Z"),
      });
    const overlap = db()
      .insert(s.appointments)
      .values({
        ...base,
        bookingId: "A2",
        startAt: new Date("2026-03-09T14:45:00Z"),
        endAt: new Date("2026-03-09T16:15:00Z"),
        blockedUntil: new Date("2026-03-09T16:45:00Z"),
      });
    await expect(overlap).rejects.toSatisfy((e) => sqlState(e) === "23P01");
    // Back to back after the buffer is fine.
    await db()
      .insert(s.appointments)
      .values({
        ...base,
        bookingId: "A3",
        startAt: new Date("2026-03-09T15:00:00Z"),
        endAt: new Date("2026-03-09T16:30:00Z"),
        blockedUntil: new Date("2026-03-09T17:00:00Z"),
      });
  });

  it("frees the time of a cancelled appointment", async () => {
    await db().update(s.appointments).set({ status: "cancelled" }).where(eq(s.appointments.bookingId, "A1"));
    await db()
      .insert(s.appointments)
      .values({
        ...base,
        bookingId: "A4",
        startAt: new Date("2026-03-09T13:00:00Z"),
        endAt: new Date("2026-03-09T14:30:00Z"),
        blockedUntil: new Date("2026-03-09T15:00:00Z"),
      });
  });

  it("keeps 1 to 3 cars and a non-negative points balance", async () => {
    const tooMany = db()
      .insert(s.appointments)
      .values({
        ...base,
        bookingId: "A5",
        cars: 4,
        startAt: new Date("2026-04-01T13:00:00Z"),
        endAt: new Date("2026-04-01T14:30:00Z"),
        blockedUntil: new Date("2026-04-01T15:00:00Z"),
      });
    await expect(tooMany).rejects.toSatisfy((e) => sqlState(e) === "23514");
  });

  it("refuses availability that ends before it starts", async () => {
    const [member] = await db().select().from(s.teamMembers);
    const wrong = db()
      .insert(s.teamAvailability)
      .values({ teamMemberId: member!.id, dayOfWeek: 1, startTime: "17:00", endTime: "09:00" });
    await expect(wrong).rejects.toSatisfy((e) => sqlState(e) === "23514");
  });
});
