import { and, count, desc, eq, gte, inArray, lt, sum } from "drizzle-orm";
import { appointments, appointmentUpsells } from "#db/schema";
import { periodInstants } from "~/domain/time/periods";
import {
  bucketAppointments,
  reportPeriods,
  type Grouping,
  type ReportRow,
} from "~/domain/franchisee/reports";
import { carsByClass } from "~/domain/booking/vehicles";
import type { Db } from "../../db.server";
import { BOOKED_STATUSES } from "./get-dashboard.server";
import { localDate } from "~/domain/time/zoned";

export interface Report {
  grouping: Grouping;
  rows: ReportRow[];
  extras: { name: string; quantity: number; revenueCents: number }[];
  /** Cars washed per size class, each at its price (ADR 085). */
  sizeClasses: { name: string; cars: number; revenueCents: number }[];
  totals: { appointments: number; revenueCents: number };
}

/**
 * Revenue before taxes and appointments per week or month (the last 12, the current one
 * included), and the extras sold over the same span: booked appointments only (scheduled or
 * completed, ADR 019), by their local start day.
 */
export async function getReport(
  db: Db,
  { franchiseeId, grouping, now = new Date() }: { franchiseeId: string; grouping: Grouping; now?: Date },
): Promise<Report> {
  const periods = reportPeriods(grouping, localDate(now));
  const span = periodInstants({ from: periods[0]!.from, to: periods.at(-1)!.to });
  const scope = and(
    eq(appointments.franchiseeId, franchiseeId),
    inArray(appointments.status, [...BOOKED_STATUSES]),
    gte(appointments.startAt, span.start),
    lt(appointments.startAt, span.end),
  );
  const booked = await db
    .select({
      startAt: appointments.startAt,
      priceCents: appointments.priceCents,
      cars: appointments.cars,
      unitPriceCents: appointments.unitPriceCents,
      vehicles: appointments.vehicles,
    })
    .from(appointments)
    .where(scope);
  const rows = bucketAppointments(periods, booked);
  const extras = await db
    .select({
      name: appointmentUpsells.name,
      quantity: count(),
      revenueCents: sum(appointmentUpsells.priceCents).mapWith(Number),
    })
    .from(appointmentUpsells)
    .innerJoin(appointments, eq(appointments.id, appointmentUpsells.appointmentId))
    .where(scope)
    .groupBy(appointmentUpsells.name)
    .orderBy(desc(count()), appointmentUpsells.name);
  return {
    grouping,
    rows,
    extras: extras.map((e) => ({
      name: e.name,
      quantity: Number(e.quantity),
      revenueCents: Number(e.revenueCents),
    })),
    sizeClasses: carsByClass(booked),
    totals: {
      appointments: rows.reduce((n, r) => n + r.appointments, 0),
      revenueCents: rows.reduce((n, r) => n + r.revenueCents, 0),
    },
  };
}
