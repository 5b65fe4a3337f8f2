import { count, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeDatabases } from "../../../tests/setup/db";
import * as s from "#db/schema";
import { seed } from "./seed";
import { scaleCounts, seedScale } from "./seed-scale";

// The bench's bigger network (scripts/bench-seed.ts, ADR 098) kept working: a small factor here,
// the same statements as at 100x.
describeDatabases("seed-scale", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [service] = await db().select().from(s.services).where(eq(s.services.isActive, true));
    await seedScale(db(), {
      factor: 2,
      seed: 35,
      serviceId: service!.id,
      priceCents: service!.basePriceCents,
      durationMinutes: service!.durationMinutes,
    });
  });

  it("says what a factor adds: 100 is 300 zones, 1,000 members, 200,000 appointments, 50,000 customers", () => {
    expect(scaleCounts(100)).toEqual({
      franchisees: 99,
      zones: 297,
      teamMembers: 990,
      appointments: 198_000,
      customers: 50_000,
    });
    expect(scaleCounts(1).appointments).toBe(0);
  });

  it("adds the network's rows: zones, members, appointments, customers and their ledgers", async () => {
    expect(await db().$count(s.franchisees)).toBeGreaterThanOrEqual(1);
    const [zones] = await db()
      .select({ n: count() })
      .from(s.serviceZones)
      .where(sql`${s.serviceZones.routeSlug} like 'zone-%'`);
    expect(zones!.n).toBe(3);
    const [appointments] = await db()
      .select({ n: count() })
      .from(s.appointments)
      .where(sql`${s.appointments.bookingId} like 'S%'`);
    expect(appointments!.n).toBe(2000);
    const [customers] = await db()
      .select({ n: count() })
      .from(s.users)
      .where(sql`${s.users.id} like 'scale-c-%'`);
    expect(customers!.n).toBe(1000);
    // Every completed wash has its +50 and the balances add up.
    const [completed] = await db()
      .select({ n: count() })
      .from(s.appointments)
      .where(sql`${s.appointments.bookingId} like 'S%' and ${s.appointments.status} = 'completed'`);
    expect(await db().$count(s.pointsLedger)).toBe(completed!.n);
    const [points] = await db()
      .select({ sum: sql<number>`sum(${s.loyaltyPoints.points})::int` })
      .from(s.loyaltyPoints);
    expect(points!.sum).toBe(50 * completed!.n);
    expect(await db().$count(s.appointmentReviews)).toBeGreaterThan(completed!.n / 5);
    expect(await db().$count(s.smsMessages)).toBe(2000);
    expect(await db().$count(s.consentEvents)).toBe(1000);
  });

  it("is the same from the same seed: each row's choices come from its number", async () => {
    const rows = await db()
      .select({
        bookingId: s.appointments.bookingId,
        email: s.appointments.customerEmail,
        hour: sql<string>`to_char(${s.appointments.startAt} at time zone 'America/Toronto', 'HH24:MI')`,
      })
      .from(s.appointments)
      .where(sql`${s.appointments.bookingId} in ('S000000000', 'S000000001', 'S000001999')`)
      .orderBy(s.appointments.bookingId);
    expect(rows).toMatchInlineSnapshot(`
      [
        {
          "bookingId": "S000000000",
          "email": "client-366@scale.example",
          "hour": "15:00",
        },
        {
          "bookingId": "S000000001",
          "email": "client-695@scale.example",
          "hour": "11:00",
        },
        {
          "bookingId": "S000001999",
          "email": "client-359@scale.example",
          "hour": "11:00",
        },
      ]
    `);
  });
});
