import { and, count, eq, gt, gte, inArray, lt, ne, sql, sum } from "drizzle-orm";
import { franchisees, restockOrders, serviceZones, zoneMonthTotals } from "#db/schema";
import { lastMonths, monthPeriod, periodInstants } from "~/domain/time/periods";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";

export interface ReportRow {
  month: string;
  zoneId: string;
  zoneName: string;
  bookings: number;
  revenueCents: number;
}

export interface RestockDeduction {
  franchiseeId: string;
  businessName: string;
  orders: number;
  totalCents: number;
}

export interface NetworkReport {
  /** The months covered, oldest first (`yyyy-MM`, local time). */
  months: string[];
  /** One row per zone and month with at least one booking, by month then zone name. */
  rows: ReportRow[];
  /** Restock orders of the period that are not cancelled: the amounts to deduct from pay. */
  restock: RestockDeduction[];
}

/** The months of the report and the instants they cover. */
function periodOf(now: Date, months: number) {
  const keys = lastMonths(now, months);
  const from = periodInstants(monthPeriod(`${keys[0]!}-01`)).start;
  const to = periodInstants(monthPeriod(`${keys[keys.length - 1]!}-01`)).end;
  return { keys, from, to };
}

/**
 * The counted bookings and revenue of each zone and month of the period, from the totals the
 * database keeps (ADR 112): one row per zone and month instead of every appointment.
 */
const monthTotalsIn = (keys: string[]) =>
  and(inArray(zoneMonthTotals.month, keys), gt(zoneMonthTotals.bookings, 0));

function restockOf(db: Db, from: Date, to: Date): Promise<RestockDeduction[]> {
  return db
    .select({
      franchiseeId: franchisees.id,
      businessName: franchisees.businessName,
      orders: count(),
      totalCents: sum(restockOrders.totalAmountCents).mapWith(Number),
    })
    .from(restockOrders)
    .innerJoin(franchisees, eq(franchisees.id, restockOrders.franchiseeId))
    .where(
      and(
        ne(restockOrders.status, "cancelled"),
        gte(restockOrders.createdAt, from),
        lt(restockOrders.createdAt, to),
      ),
    )
    .groupBy(franchisees.id, franchisees.businessName)
    .orderBy(franchisees.businessName)
    .then((rows) => rows.map((row) => ({ ...row, totalCents: row.totalCents ?? 0 })));
}

/** Revenue (before taxes) and bookings per zone and local month; restock to deduct per franchisee. */
export async function getNetworkReport(
  db: Db,
  { actor, now, months }: { actor: AdminActor; now: Date; months: number },
): Promise<NetworkReport> {
  assertAdmin(actor);
  const period = periodOf(now, months);
  const [rows, restock] = await Promise.all([
    db
      .select({
        month: zoneMonthTotals.month,
        zoneId: serviceZones.id,
        zoneName: serviceZones.zoneName,
        bookings: zoneMonthTotals.bookings,
        revenueCents: zoneMonthTotals.revenueCents,
      })
      .from(zoneMonthTotals)
      .innerJoin(serviceZones, eq(serviceZones.id, zoneMonthTotals.zoneId))
      .where(monthTotalsIn(period.keys))
      .orderBy(zoneMonthTotals.month, serviceZones.zoneName),
    restockOf(db, period.from, period.to),
  ]);
  return {
    months: period.keys,
    rows,
    restock,
  };
}

/** One month of the chart: a zone of the first ones, or (zoneId null) every other zone together. */
export interface ChartRow {
  month: string;
  zoneId: string | null;
  zoneName: string | null;
  /** The zone's place by its revenue over the period (1: the highest); null for the others. */
  place: number | null;
  bookings: number;
  revenueCents: number;
}

export interface NetworkChart {
  months: string[];
  /** The `topZones` zones of the highest revenue over the period, and the others together. */
  rows: ChartRow[];
  /** How many zones had a booking in the period, and how many of them are in « others ». */
  zones: number;
  otherZones: number;
  restock: RestockDeduction[];
}

/**
 * The report page's charts (ADR 105): the `topZones` zones of the highest revenue over the
 * period, one row per month each, and every other zone summed in one row per month, all added up
 * by the database; a chart of 300 series (one per zone at 100x) took two seconds to draw and
 * could not be read. The totals of each month are the network's, as in the whole report.
 */
export async function getNetworkChart(
  db: Db,
  { actor, now, months, topZones }: { actor: AdminActor; now: Date; months: number; topZones: number },
): Promise<NetworkChart> {
  assertAdmin(actor);
  const period = periodOf(now, months);
  const cells = db.$with("cells").as(
    db
      .select({
        month: sql<string>`${zoneMonthTotals.month}`.as("month"),
        zoneId: sql<string>`${zoneMonthTotals.zoneId}`.as("zone_id"),
        bookings: sql<number>`${zoneMonthTotals.bookings}`.as("bookings"),
        revenueCents: sql<number>`${zoneMonthTotals.revenueCents}`.as("revenue_cents"),
      })
      .from(zoneMonthTotals)
      .where(monthTotalsIn(period.keys)),
  );
  const ranked = db.$with("ranked").as(
    db
      .select({
        zoneId: sql<string>`${cells.zoneId}`.as("ranked_zone_id"),
        place: sql<number>`row_number() over (order by sum(${cells.revenueCents}) desc, ${cells.zoneId})`.as(
          "place",
        ),
        zoneCount: sql<number>`count(*) over ()`.as("zone_count"),
      })
      .from(cells)
      .groupBy(cells.zoneId),
  );
  // Written in the statement, not a parameter: the grouping repeats the expression, and
  // PostgreSQL matches a grouped expression by its text (each parameter is a new one).
  const shown = sql`${ranked.place} <= ${sql.raw(String(Math.max(0, Math.trunc(topZones))))}`;
  const zoneId = sql<string | null>`case when ${shown} then ${cells.zoneId} end`;
  const zoneName = sql<string | null>`case when ${shown} then ${serviceZones.zoneName} end`;
  const place = sql<number | null>`case when ${shown} then ${ranked.place} end`.mapWith(Number);
  const [rows, restock] = await Promise.all([
    db
      .with(cells, ranked)
      .select({
        month: cells.month,
        zoneId,
        zoneName,
        place,
        bookings: sql<number>`sum(${cells.bookings})`.mapWith(Number),
        revenueCents: sql<number>`sum(${cells.revenueCents})`.mapWith(Number),
        zones: sql<number>`max(${ranked.zoneCount})`.mapWith(Number),
      })
      .from(cells)
      .innerJoin(ranked, eq(ranked.zoneId, cells.zoneId))
      .innerJoin(serviceZones, eq(serviceZones.id, cells.zoneId))
      .groupBy(cells.month, zoneId, zoneName, place)
      .orderBy(cells.month, sql`${place} nulls last`),
    restockOf(db, period.from, period.to),
  ]);
  const zones = rows[0]?.zones ?? 0;
  return {
    months: period.keys,
    rows: rows.map(({ zones: _zones, ...row }) => ({
      ...row,
      place: row.zoneId === null ? null : row.place,
    })),
    zones,
    otherZones: Math.max(0, zones - topZones),
    restock,
  };
}
