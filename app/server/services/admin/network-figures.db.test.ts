import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "#db/seed";
import type { Db } from "~/server/db.server";
import { describeDatabases } from "../../../../tests/setup/db";
import { getNetworkChart, getNetworkReport } from "./get-network-report.server";
import { listNetworkFranchisees } from "./list-network-franchisees.server";
import { getNetworkDashboard } from "./network-figures.server";

/** Thursday 19 November 2026, 10:00 in Toronto (EST). The week began on Monday the 16th. */
const NOW = new Date("2026-11-19T15:00:00Z");
const admin = { id: "owner", role: "admin" as const };

async function zone(db: Db, slug: string) {
  const [row] = await db.select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, slug));
  const [member] = await db
    .select()
    .from(s.teamMembers)
    .where(eq(s.teamMembers.franchiseeId, row!.franchiseeId!));
  return { id: row!.id, franchiseeId: row!.franchiseeId!, memberId: member!.id };
}

async function book(
  db: Db,
  where: Awaited<ReturnType<typeof zone>>,
  startIso: string,
  priceCents: number,
  status: "scheduled" | "completed" | "cancelled" = "scheduled",
) {
  const [service] = await db.select().from(s.services).limit(1);
  const start = new Date(startIso);
  const end = new Date(start.getTime() + 90 * 60_000);
  await db.insert(s.appointments).values({
    bookingId: crypto.randomBytes(6).toString("hex"),
    manageTokenHash: "x",
    zoneId: where.id,
    franchiseeId: where.franchiseeId,
    teamMemberId: where.memberId,
    serviceId: service!.id,
    cars: 1,
    startAt: start,
    endAt: end,
    blockedUntil: end,
    status,
    customerName: "Client",
    customerEmail: "client@example.com",
    customerPhone: "4505550000",
    address: "1 rue Principale",
    unitPriceCents: priceCents,
    priceCents,
  });
}

describeDatabases("network figures", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
  });

  it("shows zeros and empty lists before any booking", async () => {
    const dashboard = await getNetworkDashboard(db(), { actor: admin, now: NOW });
    expect(dashboard.week).toEqual({
      startDate: "2026-11-16",
      endDate: "2026-11-23",
      bookings: 0,
      revenueCents: 0,
      byZone: [],
    });
    expect(dashboard.month.bookings).toBe(0);
    const report = await getNetworkReport(db(), { actor: admin, now: NOW, months: 3 });
    expect(report).toEqual({ months: ["2026-09", "2026-10", "2026-11"], rows: [], restock: [] });
  });

  it("counts bookings and revenue before taxes by zone, week and local month", async () => {
    const granby = await zone(db(), "granby");
    const sherbrooke = await zone(db(), "sherbrooke");
    // This week (Monday the 16th, 00:30 local = 05:30Z), and the Sunday before it (23:30 local).
    await book(db(), granby, "2026-11-16T05:30:00Z", 14_999);
    await book(db(), granby, "2026-11-16T04:30:00Z", 29_998, "completed");
    await book(db(), sherbrooke, "2026-11-18T14:00:00Z", 14_999);
    // Cancelled: never counted.
    await book(db(), sherbrooke, "2026-11-18T18:00:00Z", 99_999, "cancelled");
    // 31 October 23:30 local (1 November 03:30Z) belongs to October.
    await book(db(), granby, "2026-11-01T03:30:00Z", 17_499);

    const dashboard = await getNetworkDashboard(db(), { actor: admin, now: NOW });
    expect(dashboard.week).toMatchObject({ bookings: 2, revenueCents: 29_998 });
    expect(dashboard.week.byZone.map((z) => [z.zoneName, z.bookings, z.revenueCents])).toEqual([
      ["Granby", 1, 14_999],
      ["Sherbrooke", 1, 14_999],
    ]);
    expect(dashboard.month).toMatchObject({ startDate: "2026-11-01", bookings: 3, revenueCents: 59_996 });

    const report = await getNetworkReport(db(), { actor: admin, now: NOW, months: 3 });
    expect(report.rows.map((r) => [r.month, r.zoneName, r.bookings, r.revenueCents])).toEqual([
      ["2026-10", "Granby", 1, 17_499],
      ["2026-11", "Granby", 2, 44_997],
      ["2026-11", "Sherbrooke", 1, 14_999],
    ]);

    const franchisees = await listNetworkFranchisees(db(), { actor: admin, now: NOW });
    const granbyFranchisee = franchisees.find((f) => f.id === granby.franchiseeId)!;
    expect(granbyFranchisee.monthRevenueCents).toBe(44_997);
    expect(granbyFranchisee.zones).toEqual([{ zoneName: "Granby", status: "active" }]);
    expect(granbyFranchisee.teamSize).toBeGreaterThan(0);
  });

  it("charts the zones of the highest revenue and every other zone together, summed by the database", async () => {
    const chart = (topZones: number) =>
      getNetworkChart(db(), { actor: admin, now: NOW, months: 3, topZones });
    const one = await chart(1);
    expect(one).toMatchObject({ months: ["2026-09", "2026-10", "2026-11"], zones: 2, otherZones: 1 });
    expect(one.rows.map((r) => [r.month, r.zoneName, r.place, r.bookings, r.revenueCents])).toEqual([
      ["2026-10", "Granby", 1, 1, 17_499],
      ["2026-11", "Granby", 1, 2, 44_997],
      ["2026-11", null, null, 1, 14_999],
    ]);
    const all = await chart(7);
    expect(all).toMatchObject({ zones: 2, otherZones: 0 });
    expect(all.rows.map((r) => [r.month, r.zoneName, r.place])).toEqual([
      ["2026-10", "Granby", 1],
      ["2026-11", "Granby", 1],
      ["2026-11", "Sherbrooke", 2],
    ]);
    const report = await getNetworkReport(db(), { actor: admin, now: NOW, months: 3 });
    const total = (rows: { revenueCents: number; bookings: number }[]) =>
      rows.reduce((sum, row) => [sum[0]! + row.bookings, sum[1]! + row.revenueCents], [0, 0]);
    expect(total(one.rows)).toEqual(total(report.rows));
    await expect(
      getNetworkChart(db(), { actor: { id: "x", role: "franchisee" }, now: NOW, months: 3, topZones: 1 }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("sums the restock orders to deduct per franchisee, leaving out cancelled ones", async () => {
    const granby = await zone(db(), "granby");
    const order = (n: string, cents: number, status: "pending" | "delivered" | "cancelled", at: string) =>
      db()
        .insert(s.restockOrders)
        .values({
          franchiseeId: granby.franchiseeId,
          orderNumber: `RO-${n}`,
          totalAmountCents: cents,
          status,
          createdAt: new Date(at),
        });
    await order("1", 12_550, "pending", "2026-11-10T15:00:00Z");
    await order("2", 4_000, "delivered", "2026-10-02T15:00:00Z");
    await order("3", 50_000, "cancelled", "2026-11-11T15:00:00Z");
    await order("4", 1_000, "delivered", "2025-01-11T15:00:00Z");

    const report = await getNetworkReport(db(), { actor: admin, now: NOW, months: 3 });
    expect(report.restock).toEqual([
      { franchiseeId: granby.franchiseeId, businessName: expect.any(String), orders: 2, totalCents: 16_550 },
    ]);
    const dashboard = await getNetworkDashboard(db(), { actor: admin, now: NOW });
    expect(dashboard.pendingRestockOrders).toBe(1);
  });
});
