import { and, asc, avg, count, eq, gte, inArray, lt, ne, sql, sum } from "drizzle-orm";
import { appointmentReviews, appointments, restockOrders, teamMembers } from "#db/schema";
import { dayPeriod, monthPeriod, periodInstants, weekPeriod } from "~/domain/time/periods";
import type { Db } from "../../db.server";
import { localDate } from "~/domain/time/zoned";

/** Appointments that count as booked work: scheduled or completed (ADR 019). */
export const BOOKED_STATUSES = ["scheduled", "completed"] as const;

export interface DashboardFigures {
  today: number;
  week: number;
  /** Booked revenue of this month before taxes, in cents (ADR 019). */
  monthRevenueCents: number;
  /** Average of the customers' ratings (1 to 5), null without any review. */
  averageRating: number | null;
  reviewCount: number;
  /** Restock orders of this month not cancelled, deducted from the next pay. */
  monthRestockCents: number;
  nextAppointments: {
    id: string;
    startAt: Date;
    customerName: string;
    memberName: string;
    city: string | null;
  }[];
  /** Today's booked appointments in order, what the dashboard opens on (issue 33, item 14). */
  todayAppointments: {
    id: string;
    bookingId: string;
    startAt: Date;
    endAt: Date;
    status: (typeof BOOKED_STATUSES)[number];
    customerName: string;
    memberName: string;
    city: string | null;
  }[];
}

/** The franchisee's figures for the dashboard, in the business time zone, from real data only. */
export async function getDashboard(
  db: Db,
  { franchiseeId, now = new Date() }: { franchiseeId: string; now?: Date },
): Promise<DashboardFigures> {
  const today = localDate(now);
  const day = periodInstants(dayPeriod(today));
  const week = periodInstants(weekPeriod(today));
  const month = periodInstants(monthPeriod(today));
  const booked = and(
    eq(appointments.franchiseeId, franchiseeId),
    inArray(appointments.status, [...BOOKED_STATUSES]),
  );
  const within = (range: { start: Date; end: Date }) =>
    and(gte(appointments.startAt, range.start), lt(appointments.startAt, range.end));

  const [[todayRow], [weekRow], [monthRow], [ratingRow], [restockRow], next, todays] = await Promise.all([
    db
      .select({ n: count() })
      .from(appointments)
      .where(and(booked, within(day))),
    db
      .select({ n: count() })
      .from(appointments)
      .where(and(booked, within(week))),
    db
      .select({ total: sum(appointments.priceCents) })
      .from(appointments)
      .where(and(booked, within(month))),
    db
      .select({ average: avg(appointmentReviews.rating), n: count() })
      .from(appointments)
      // A lateral probe of the review's unique index per appointment of the franchisee (ADR
      // 098): a plain join hashed every review of the network once it outgrew the franchisee's.
      .innerJoin(
        sql`lateral (select ${appointmentReviews.rating} from ${appointmentReviews}
                      where ${appointmentReviews.appointmentId} = ${appointments.id} offset 0) ${appointmentReviews}`,
        sql`true`,
      )
      .where(eq(appointments.franchiseeId, franchiseeId)),
    db
      .select({ total: sum(restockOrders.totalAmountCents) })
      .from(restockOrders)
      .where(
        and(
          eq(restockOrders.franchiseeId, franchiseeId),
          ne(restockOrders.status, "cancelled"),
          gte(restockOrders.createdAt, month.start),
          lt(restockOrders.createdAt, month.end),
        ),
      ),
    db
      .select({
        id: appointments.id,
        startAt: appointments.startAt,
        customerName: appointments.customerName,
        city: appointments.city,
        firstName: teamMembers.firstName,
        lastName: teamMembers.lastName,
      })
      .from(appointments)
      .innerJoin(teamMembers, eq(teamMembers.id, appointments.teamMemberId))
      .where(
        and(
          eq(appointments.franchiseeId, franchiseeId),
          eq(appointments.status, "scheduled"),
          gte(appointments.endAt, now),
        ),
      )
      .orderBy(asc(appointments.startAt))
      .limit(5),
    db
      .select({
        id: appointments.id,
        bookingId: appointments.bookingId,
        startAt: appointments.startAt,
        endAt: appointments.endAt,
        status: appointments.status,
        customerName: appointments.customerName,
        city: appointments.city,
        firstName: teamMembers.firstName,
        lastName: teamMembers.lastName,
      })
      .from(appointments)
      .innerJoin(teamMembers, eq(teamMembers.id, appointments.teamMemberId))
      .where(and(booked, within(day)))
      .orderBy(asc(appointments.startAt), asc(teamMembers.firstName))
      .limit(50),
  ]);
  const reviewCount = Number(ratingRow?.n ?? 0);
  return {
    today: Number(todayRow?.n ?? 0),
    week: Number(weekRow?.n ?? 0),
    monthRevenueCents: Number(monthRow?.total ?? 0),
    averageRating: reviewCount > 0 && ratingRow?.average != null ? Number(ratingRow.average) : null,
    reviewCount,
    monthRestockCents: Number(restockRow?.total ?? 0),
    nextAppointments: next.map((a) => ({
      id: a.id,
      startAt: a.startAt,
      customerName: a.customerName,
      city: a.city,
      memberName: `${a.firstName} ${a.lastName}`,
    })),
    todayAppointments: todays.map((a) => ({
      id: a.id,
      bookingId: a.bookingId,
      startAt: a.startAt,
      endAt: a.endAt,
      status: a.status as (typeof BOOKED_STATUSES)[number],
      customerName: a.customerName,
      city: a.city,
      memberName: `${a.firstName} ${a.lastName}`,
    })),
  };
}
