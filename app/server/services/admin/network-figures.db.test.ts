import crypto from "node:crypto";
import { count, eq, gt, ne, sql, sum } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import type { Db } from "~/server/db.server";
import { describeDatabases } from "../../../../tests/setup/db";
import { getNetworkChart, getNetworkReport } from "./get-network-report.server";
import { listNetworkFranchisees } from "./list-network-franchisees.server";
import { getNetworkDashboard } from "./network-figures.server";

/** Thursday 19 November 2026, 10:00 in Toronto (EST). The week began on Monday the 16th. */
const NOW = new Date("2026-11-19T15:00:00Z");
const admin = { id: "owner", role: "admin" as const };
type Appt = typeof s.appointments.$inferSelect;

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

  it("keeps each zone's month totals equal to its appointments' through every kind of change (ADR 112)", async () => {
    const localMonth = sql<string>`to_char(${s.appointments.startAt} at time zone 'America/Toronto', 'YYYY-MM')`;
    const direct = async () =>
      (
        await db()
          .select({
            zoneId: s.appointments.zoneId,
            month: localMonth,
            bookings: count(),
            revenueCents: sum(s.appointments.priceCents).mapWith(Number),
          })
          .from(s.appointments)
          .where(ne(s.appointments.status, "cancelled"))
          .groupBy(s.appointments.zoneId, localMonth)
          .orderBy(s.appointments.zoneId, localMonth)
      ).map((r) => [r.zoneId, r.month, r.bookings, r.revenueCents]);
    const kept = async () =>
      (
        await db()
          .select()
          .from(s.zoneMonthTotals)
          .where(gt(s.zoneMonthTotals.bookings, 0))
          .orderBy(s.zoneMonthTotals.zoneId, s.zoneMonthTotals.month)
      ).map((r) => [r.zoneId, r.month, r.bookings, r.revenueCents]);
    const same = async () => expect(await kept()).toEqual(await direct());
    await same();
    const granby = await zone(db(), "granby");
    const sherbrooke = await zone(db(), "sherbrooke");
    const appointments = await db().select().from(s.appointments).orderBy(s.appointments.startAt);
    const [first, second, third] = appointments as [Appt, Appt, Appt];
    const change = (id: string, set: Partial<typeof s.appointments.$inferInsert>) =>
      db().update(s.appointments).set(set).where(eq(s.appointments.id, id));
    await change(first.id, { status: "cancelled" });
    await same();
    await change(first.id, { status: "scheduled" });
    await same();
    // Moved across a month's end (31 October 23:30 local is October; an hour later, November).
    await change(second.id, {
      startAt: new Date("2026-11-01T03:30:00Z"),
      endAt: new Date("2026-11-01T05:00:00Z"),
      blockedUntil: new Date("2026-11-01T05:00:00Z"),
    });
    await same();
    await change(third.id, {
      zoneId: third.zoneId === granby.id ? sherbrooke.id : granby.id,
      priceCents: 12_345,
    });
    await same();
    // Several rows in one statement: a status that counts to one that does not, and back.
    await db()
      .update(s.appointments)
      .set({ status: "completed" })
      .where(ne(s.appointments.status, "cancelled"));
    await same();
    await db().delete(s.appointments).where(eq(s.appointments.id, first.id));
    await same();
    await book(db(), granby, "2026-09-30T15:00:00Z", 5_000);
    await same();
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
