import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { describeDatabases } from "../../../tests/setup/db";
import * as s from "#db/schema";
import { seed } from "./seed";
import { DEMO_ACCOUNTS } from "./seed-data";

describeDatabases("seed", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
  });

  it("sells the signature wash at 149,99 $ for 90 minutes", async () => {
    const rows = await db().select().from(s.services);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Lavage Signature",
      basePriceCents: 14999,
      durationMinutes: 90,
      isActive: true,
    });
  });

  it("has the four zones with 25 km radius, three active", async () => {
    const zones = await db().select().from(s.serviceZones).orderBy(s.serviceZones.zoneName);
    expect(zones.map((z) => [z.routeSlug, z.status, z.serviceRadiusKm])).toEqual([
      ["gatineau", "active", 25],
      ["granby", "active", 25],
      ["sherbrooke", "active", 25],
      ["trois-rivieres", "seeking_franchisee", 25],
    ]);
    const granby = zones.find((z) => z.routeSlug === "granby")!;
    expect([granby.centerLatitude, granby.centerLongitude]).toEqual([45.4001, -72.7324]);
    expect(zones.find((z) => z.routeSlug === "trois-rivieres")?.statusLabel).toBeNull();
  });

  it("gives every active zone a franchisee with 2-3 members available on weekdays 09:00-17:00", async () => {
    const zones = await db().select().from(s.serviceZones).where(eq(s.serviceZones.status, "active"));
    for (const zone of zones) {
      expect(zone.franchiseeId).not.toBeNull();
      const members = await db()
        .select()
        .from(s.teamMembers)
        .where(eq(s.teamMembers.franchiseeId, zone.franchiseeId!));
      expect(members.length).toBeGreaterThanOrEqual(2);
      expect(members.length).toBeLessThanOrEqual(3);
      for (const member of members) {
        const slots = await db()
          .select()
          .from(s.teamAvailability)
          .where(eq(s.teamAvailability.teamMemberId, member.id))
          .orderBy(s.teamAvailability.dayOfWeek);
        expect(slots.map((a) => [a.dayOfWeek, a.startTime, a.endTime])).toEqual(
          [1, 2, 3, 4, 5].map((d) => [d, "09:00:00", "17:00:00"]),
        );
      }
    }
  });

  it("has the three upsells, a catalogue of 12+ products in 4+ categories and 6+ rewards", async () => {
    const upsells = await db().select().from(s.upsellOptions).orderBy(s.upsellOptions.sortOrder);
    expect(upsells.map((u) => [u.priceCents, u.isPopular])).toEqual([
      [2000, true],
      [2500, false],
      [5000, false],
    ]);
    const items = await db().select().from(s.inventoryItems);
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((i) => i.category)).size).toBeGreaterThanOrEqual(4);
    expect(items.every((i) => i.sku && i.unitType && i.unitPriceCents > 0)).toBe(true);
    const [rewards] = await db().select({ n: count() }).from(s.rewards);
    expect(rewards!.n).toBeGreaterThanOrEqual(6);
  });

  it("creates no demo account unless asked", async () => {
    const emails = DEMO_ACCOUNTS.map((a) => a.email);
    const rows = await db()
      .select()
      .from(s.users)
      .where(sql`${s.users.email} in ${emails}`);
    expect(rows).toEqual([]);
  });

  it("is idempotent and hands the Granby franchise to the demo franchisee when demo accounts are on", async () => {
    const tables = [
      s.services,
      s.serviceZones,
      s.franchisees,
      s.teamMembers,
      s.teamAvailability,
      s.inventoryItems,
      s.rewards,
      s.upsellOptions,
    ];
    const before = await Promise.all(
      tables.map(async (t) => (await db().select({ n: count() }).from(t))[0]!.n),
    );
    await seed(db(), { demoAccounts: true });
    await seed(db(), { demoAccounts: true });
    const after = await Promise.all(
      tables.map(async (t) => (await db().select({ n: count() }).from(t))[0]!.n),
    );
    // The demo accounts add one thing to the catalogue's tables: the demo crew member of the
    // Granby team and their weekday availability (ADR 077); a second seeding adds nothing.
    expect(after).toEqual(before.map((n, i) => n + [0, 0, 0, 1, 5, 0, 0, 0][i]!));
    await seed(db(), { demoAccounts: true });
    const again = await Promise.all(
      tables.map(async (t) => (await db().select({ n: count() }).from(t))[0]!.n),
    );
    expect(again).toEqual(after);

    const demo = await db()
      .select()
      .from(s.users)
      .where(sql`${s.users.email} in ${DEMO_ACCOUNTS.map((a) => a.email)}`);
    expect(demo.map((u) => [u.email, u.role]).sort()).toEqual([
      ["admin@example.com", "admin"],
      ["client@example.com", "client"],
      ["crew@example.com", "crew"],
      ["franchisee@example.com", "franchisee"],
    ]);
    const [granby] = await db()
      .select({ email: s.users.email })
      .from(s.serviceZones)
      .innerJoin(s.franchisees, eq(s.franchisees.id, s.serviceZones.franchiseeId))
      .innerJoin(s.users, eq(s.users.id, s.franchisees.userId))
      .where(and(eq(s.serviceZones.routeSlug, "granby")));
    expect(granby?.email).toBe("franchisee@example.com");
  });
});
