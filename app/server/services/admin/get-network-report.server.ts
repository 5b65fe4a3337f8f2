import { and, count, eq, gte, lt, ne, sql, sum } from "drizzle-orm";
import { appointments, franchisees, restockOrders, serviceZones } from "#db/schema";
import { lastMonths, monthPeriod, periodInstants } from "~/domain/time/periods";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";
import { countedAppointment } from "./network-figures.server";

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

/** Revenue (before taxes) and bookings per zone and local month; restock to deduct per franchisee. */
export async function getNetworkReport(
  db: Db,
  { actor, now, months }: { actor: AdminActor; now: Date; months: number },
): Promise<NetworkReport> {
  assertAdmin(actor);
  const keys = lastMonths(now, months);
  const from = periodInstants(monthPeriod(`${keys[0]!}-01`)).start;
  const to = periodInstants(monthPeriod(`${keys[keys.length - 1]!}-01`)).end;
  // Each month's instants joined as ranges (ADR 098): the rows are counted by an index range
  // scan per month, with no time-zone conversion of each row (to_char of every start cost more
  // than reading it at 200,000 appointments).
  const ranges = sql.join(
    keys.map((key) => {
      const { start, end } = periodInstants(monthPeriod(`${key}-01`));
      return sql`(${key}::text, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`;
    }),
    sql`, `,
  );
  const month = sql<string>`m.month`;
  const [rows, restock] = await Promise.all([
    db
      .select({
        month,
        zoneId: serviceZones.id,
        zoneName: serviceZones.zoneName,
        bookings: count(),
        revenueCents: sum(appointments.priceCents).mapWith(Number),
      })
      .from(sql`(values ${ranges}) as m(month, starts, ends)`)
      .innerJoin(appointments, sql`${appointments.startAt} >= m.starts and ${appointments.startAt} < m.ends`)
      .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
      .where(countedAppointment)
      .groupBy(month, serviceZones.id, serviceZones.zoneName)
      .orderBy(month, serviceZones.zoneName),
    db
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
      .orderBy(franchisees.businessName),
  ]);
  return {
    months: keys,
    rows: rows.map((row) => ({ ...row, revenueCents: row.revenueCents ?? 0 })),
    restock: restock.map((row) => ({ ...row, totalCents: row.totalCents ?? 0 })),
  };
}
