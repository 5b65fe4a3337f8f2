import { and, count, eq, gte, lt, ne, sum } from "drizzle-orm";
import { appointments, franchiseApplications, jobs, restockOrders, serviceZones } from "#db/schema";
import { monthOf, periodInstants, weekOf, type Period } from "~/domain/time/periods";
import type { Db, Tx } from "../../db.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";

/**
 * What counts as a booking in the admin figures (ADR 022): an appointment that is not cancelled,
 * dated by its start in the period. Revenue is its price before taxes (price_cents).
 */
export const countedAppointment = ne(appointments.status, "cancelled");

export interface ZoneFigures {
  zoneId: string;
  zoneName: string;
  bookings: number;
  revenueCents: number;
}

export interface PeriodFigures {
  startDate: string;
  endDate: string;
  bookings: number;
  revenueCents: number;
  byZone: ZoneFigures[];
}

/** Bookings and revenue of each zone with at least one booking in [from, to), by zone name. */
async function figuresByZone(db: Db | Tx, period: Period): Promise<PeriodFigures> {
  const { start, end } = periodInstants(period);
  const rows = await db
    .select({
      zoneId: serviceZones.id,
      zoneName: serviceZones.zoneName,
      bookings: count(),
      revenueCents: sum(appointments.priceCents).mapWith(Number),
    })
    .from(appointments)
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .where(and(countedAppointment, gte(appointments.startAt, start), lt(appointments.startAt, end)))
    .groupBy(serviceZones.id, serviceZones.zoneName)
    .orderBy(serviceZones.zoneName);
  const byZone = rows.map((row) => ({ ...row, revenueCents: row.revenueCents ?? 0 }));
  return {
    startDate: period.from,
    endDate: period.to,
    bookings: byZone.reduce((total, row) => total + row.bookings, 0),
    revenueCents: byZone.reduce((total, row) => total + row.revenueCents, 0),
    byZone,
  };
}

export interface NetworkDashboard {
  week: PeriodFigures;
  month: PeriodFigures;
  newApplications: number;
  pendingRestockOrders: number;
  deadJobs: number;
}

/** The admin dashboard: this week's and this month's figures, and what waits for the owner. */
export async function getNetworkDashboard(
  db: Db,
  { actor, now }: { actor: AdminActor; now: Date },
): Promise<NetworkDashboard> {
  assertAdmin(actor);
  const [week, month, [applications], [restock], [dead]] = await Promise.all([
    figuresByZone(db, weekOf(now)),
    figuresByZone(db, monthOf(now)),
    db
      .select({ n: count() })
      .from(franchiseApplications)
      .where(eq(franchiseApplications.status, "submitted")),
    db.select({ n: count() }).from(restockOrders).where(eq(restockOrders.status, "pending")),
    db.select({ n: count() }).from(jobs).where(eq(jobs.status, "dead")),
  ]);
  return {
    week,
    month,
    newApplications: applications?.n ?? 0,
    pendingRestockOrders: restock?.n ?? 0,
    deadJobs: dead?.n ?? 0,
  };
}
