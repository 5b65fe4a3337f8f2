/**
 * What the manage page shows of a booking's recurring wash (issue 34, ADR 086): whether a series
 * may start from it, and the series' next dates, placed or to place, with what each allows.
 */
import { and, eq, gte, inArray } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, bookingSeriesOccurrences, payments } from "#db/schema";
import { canSelfServiceChange } from "~/domain/booking/cancellation";
import { localDate } from "~/domain/time/zoned";
import type { Db } from "../../db.server";
import { keptCardDepositKey } from "../payments/kept-card-step.server";
import {
  openBooking,
  plannedDates,
  seriesOf,
  sourceStart,
  type SeriesAccess,
  type SeriesRow,
} from "./series.server";

/** The panel lists the next six dates within the booking horizon (placed ones and those to place). */
const PANEL_COUNT = 6;

export interface UpcomingOccurrence {
  date: string;
  plannedStart: Date;
  /** 'planned': not placed yet (the job places it within the lookahead). */
  status: "planned" | "placed" | "moved" | "skipped" | "unplaced" | "cancelled";
  /** The booking placed, when there is one. */
  booking: { bookingId: string; start: Date } | null;
  /** Skippable: not skipped already and 24 h or more ahead. */
  canSkip: boolean;
  /**
   * The kept card could not pay it (declined, or Stripe unanswered through the retries, ADR 086):
   * it waits for the payment page's link sent by e-mail.
   */
  payByLink: boolean;
}

export interface RecurringPanel {
  /** A series may start from this booking (scheduled or completed, in none yet). */
  canStart: boolean;
  series: {
    intervalWeeks: number;
    status: SeriesRow["status"];
    /** The source's start: its weekday and local time are the series'. */
    anchorStart: Date;
    upcoming: UpcomingOccurrence[];
    /** The booking shown is the series' source (else one of its occurrences). */
    isSource: boolean;
  } | null;
}

/** The bookings among these whose kept card failed and whose plan still awaits the card (by link). */
async function awaitingLinkAfterKeptCard(db: Db, appointmentIds: string[]): Promise<Set<string>> {
  if (appointmentIds.length === 0) return new Set();
  const rows = await db
    .select({ appointmentId: appointmentPaymentPlans.appointmentId })
    .from(appointmentPaymentPlans)
    .innerJoin(payments, eq(payments.appointmentId, appointmentPaymentPlans.appointmentId))
    .where(
      and(
        inArray(appointmentPaymentPlans.appointmentId, appointmentIds),
        eq(appointmentPaymentPlans.status, "awaiting_card"),
        inArray(
          payments.idempotencyKey,
          appointmentIds.map((id) => keptCardDepositKey(id)),
        ),
        eq(payments.status, "failed"),
      ),
    );
  return new Set(rows.map((row) => row.appointmentId));
}

/** What the manage page shows of the recurrence of a booking already opened by its link or owner. */
export async function recurringPanel(db: Db, access: SeriesAccess & { now: Date }): Promise<RecurringPanel> {
  const appointment = await openBooking(db, access);
  const series = await seriesOf(db, appointment.id);
  if (!series || series.status === "ended") {
    const canStart =
      (appointment.status === "scheduled" || appointment.status === "completed") &&
      (!series || series.sourceAppointmentId === appointment.id);
    return { canStart, series: null };
  }
  const anchorStart = await sourceStart(db, series);
  const { now } = access;
  const planned = plannedDates(anchorStart, series.intervalWeeks, now).slice(0, PANEL_COUNT);
  const rows = await db
    .select({
      date: bookingSeriesOccurrences.occurrenceDate,
      status: bookingSeriesOccurrences.status,
      plannedStart: bookingSeriesOccurrences.plannedStart,
      appointmentId: appointments.id,
      bookingId: appointments.bookingId,
      start: appointments.startAt,
      appointmentStatus: appointments.status,
    })
    .from(bookingSeriesOccurrences)
    .leftJoin(appointments, eq(appointments.id, bookingSeriesOccurrences.appointmentId))
    .where(
      and(
        eq(bookingSeriesOccurrences.seriesId, series.id),
        gte(bookingSeriesOccurrences.occurrenceDate, localDate(now)),
      ),
    );
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const linkAwaited = await awaitingLinkAfterKeptCard(
    db,
    rows.flatMap((row) => (row.appointmentId ? [row.appointmentId] : [])),
  );
  const dates = [...new Set([...planned.map((o) => o.date), ...rows.map((r) => r.date)])].sort();
  const upcoming = dates.flatMap((date): UpcomingOccurrence[] => {
    const row = byDate.get(date);
    const plannedStart = row?.plannedStart ?? planned.find((o) => o.date === date)!.start;
    const start = row?.start ?? plannedStart;
    if (start <= now) return [];
    const cancelled = row?.appointmentStatus === "cancelled" && row.status !== "skipped";
    const status = !row ? "planned" : cancelled ? "cancelled" : row.status;
    return [
      {
        date,
        plannedStart,
        status,
        booking: row?.bookingId && row.start ? { bookingId: row.bookingId, start: row.start } : null,
        canSkip:
          (status === "planned" || status === "placed" || status === "moved") &&
          canSelfServiceChange(start, now),
        payByLink:
          status !== "cancelled" && Boolean(row?.appointmentId && linkAwaited.has(row.appointmentId)),
      },
    ];
  });
  return {
    canStart: false,
    series: {
      intervalWeeks: series.intervalWeeks,
      status: series.status,
      anchorStart,
      upcoming,
      isSource: series.sourceAppointmentId === appointment.id,
    },
  };
}
