/**
 * A customer's recurring wash (issue 34, ADR 086), from the manage page of any booking of the
 * series (its manage link or its signed-in owner): start it, see what comes, skip one date, pause,
 * resume or end it. The series row is locked for every change, as the placement job locks it, so
 * a change and a placement never cross.
 */
import { and, eq, inArray, or } from "drizzle-orm";
import { appointments, bookingSeries, bookingSeriesOccurrences } from "#db/schema";
import { canSelfServiceChange } from "~/domain/booking/cancellation";
import { latestBookableStart } from "~/domain/booking/horizon";
import { occurrencesBetween, type RecurrenceInterval } from "~/domain/booking/recurrence";
import { cancellationKind } from "~/domain/payments/refunds";
import { BUSINESS_TIME_ZONE } from "~/domain/time/zoned";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { manageAccess } from "../booking/manage-access.server";
import { queueBookingCancelled } from "../messaging/notify.server";
import { settleCancelledBooking } from "../payments/settle-cancellation.server";
import { withSlotChange } from "../booking/slot-change.server";

/** The series' dates after `now` up to the booking horizon. */
export function plannedDates(anchorStart: Date, intervalWeeks: number, now: Date) {
  return occurrencesBetween(
    { anchorStart, intervalWeeks, timeZone: BUSINESS_TIME_ZONE },
    now,
    latestBookableStart(now),
  );
}

export interface SeriesAccess {
  bookingId: string;
  token?: string;
  actor: SessionUser | null;
}

export type SeriesRow = typeof bookingSeries.$inferSelect;

/** The booking behind the manage link or its owner; INVALID_MANAGE_TOKEN otherwise. */
export async function openBooking(db: Db | Tx, { bookingId, token, actor }: SeriesAccess) {
  const [appointment] = await db.select().from(appointments).where(eq(appointments.bookingId, bookingId));
  if (!appointment) throw new AppError("NOT_FOUND");
  if (!manageAccess(appointment, token, actor)) throw new AppError("INVALID_MANAGE_TOKEN");
  return appointment;
}

/** The series a booking starts or belongs to (an occurrence of it), if any. */
export async function seriesOf(db: Db | Tx, appointmentId: string): Promise<SeriesRow | null> {
  const [bySource] = await db
    .select()
    .from(bookingSeries)
    .where(eq(bookingSeries.sourceAppointmentId, appointmentId));
  if (bySource) return bySource;
  const [byOccurrence] = await db
    .select({ series: bookingSeries })
    .from(bookingSeriesOccurrences)
    .innerJoin(bookingSeries, eq(bookingSeries.id, bookingSeriesOccurrences.seriesId))
    .where(eq(bookingSeriesOccurrences.appointmentId, appointmentId));
  return byOccurrence?.series ?? null;
}

async function lockSeries(tx: Tx, seriesId: string): Promise<SeriesRow> {
  const [row] = await tx.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId)).for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

export async function sourceStart(db: Db | Tx, series: SeriesRow): Promise<Date> {
  const [source] = await db
    .select({ startAt: appointments.startAt })
    .from(appointments)
    .where(eq(appointments.id, series.sourceAppointmentId));
  return source!.startAt;
}

/**
 * Starts the series of a booking (scheduled or completed, in no active series), or starts again
 * an ended one from the same source with the new interval; its first placement is queued with it.
 */
export async function startSeries(
  db: Db,
  access: SeriesAccess & { intervalWeeks: RecurrenceInterval; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    const appointment = await openBooking(tx, access);
    if (appointment.status !== "scheduled" && appointment.status !== "completed") {
      throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
    }
    const existing = await seriesOf(tx, appointment.id);
    if (existing && (existing.status !== "ended" || existing.sourceAppointmentId !== appointment.id)) {
      throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
    }
    // An ended series of this source starts again; a concurrent start finds the row active.
    const [row] = await tx
      .insert(bookingSeries)
      .values({ sourceAppointmentId: appointment.id, intervalWeeks: access.intervalWeeks })
      .onConflictDoUpdate({
        target: bookingSeries.sourceAppointmentId,
        set: { intervalWeeks: access.intervalWeeks, status: "active" },
        setWhere: eq(bookingSeries.status, "ended"),
      })
      .returning({ id: bookingSeries.id });
    if (!row) throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
    await enqueue(tx, "recurring.place", { seriesId: row.id });
  });
}

/** Cancels a placed occurrence's booking as its customer would (the deposit by its terms, the e-mail). */
async function cancelOccurrence(tx: Tx, appointmentId: string, now: Date, reason: string): Promise<void> {
  const [appointment] = await tx
    .select({ id: appointments.id, status: appointments.status, startAt: appointments.startAt })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .for("update");
  if (!appointment || appointment.status !== "scheduled") return;
  await tx
    .update(appointments)
    .set({ status: "cancelled", cancelledAt: now, cancelReason: reason })
    .where(eq(appointments.id, appointment.id));
  await settleCancelledBooking(tx, {
    appointmentId: appointment.id,
    kind: cancellationKind(appointment.startAt, now),
    actorId: null,
    reason,
  });
  await queueBookingCancelled(tx, appointment.id);
}

/** The series of the opened booking, locked; NOT_FOUND without one. */
async function lockSeriesOf(tx: Tx, access: SeriesAccess): Promise<SeriesRow> {
  const appointment = await openBooking(tx, access);
  const series = await seriesOf(tx, appointment.id);
  if (!series) throw new AppError("NOT_FOUND");
  return lockSeries(tx, series.id);
}

/**
 * Skips one date: not placed yet, the date is recorded skipped (the job will not place it);
 * placed, its booking is cancelled (24 h or more ahead: TOO_LATE_TO_CHANGE otherwise).
 */
export async function skipOccurrence(
  db: Db,
  access: SeriesAccess & { date: string; now: Date },
): Promise<void> {
  const { now, date } = access;
  await withSlotChange(db, async (tx) => {
    const series = await lockSeriesOf(tx, access);
    if (series.status === "ended") throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
    const anchorStart = await sourceStart(tx, series);
    const [row] = await tx
      .select({
        occurrence: bookingSeriesOccurrences,
        start: appointments.startAt,
        status: appointments.status,
      })
      .from(bookingSeriesOccurrences)
      .leftJoin(appointments, eq(appointments.id, bookingSeriesOccurrences.appointmentId))
      .where(
        and(
          eq(bookingSeriesOccurrences.seriesId, series.id),
          eq(bookingSeriesOccurrences.occurrenceDate, date),
        ),
      );
    if (row) {
      if (row.occurrence.status === "skipped") return;
      const start = row.start ?? row.occurrence.plannedStart;
      if (!canSelfServiceChange(start, now)) throw new AppError("TOO_LATE_TO_CHANGE");
      if (row.occurrence.appointmentId) await cancelOccurrence(tx, row.occurrence.appointmentId, now, "skip");
      await tx
        .update(bookingSeriesOccurrences)
        .set({ status: "skipped" })
        .where(eq(bookingSeriesOccurrences.id, row.occurrence.id));
      return;
    }
    const planned = plannedDates(anchorStart, series.intervalWeeks, now).find((o) => o.date === date);
    if (!planned) throw new AppError("NOT_FOUND");
    if (!canSelfServiceChange(planned.start, now)) throw new AppError("TOO_LATE_TO_CHANGE");
    await tx
      .insert(bookingSeriesOccurrences)
      .values({ seriesId: series.id, occurrenceDate: date, status: "skipped", plannedStart: planned.start })
      .onConflictDoNothing();
  });
}

/**
 * Pause (for the winter, say), resume or end. Pausing or ending cancels the occurrences placed
 * 24 h or more ahead (closer ones stay: the 24 h rule); a pause forgets their dates, so resuming
 * places them again, while an end keeps the record.
 */
export async function changeSeries(
  db: Db,
  access: SeriesAccess & { change: "pause" | "resume" | "end"; now: Date },
): Promise<void> {
  const { now, change } = access;
  await withSlotChange(db, async (tx) => {
    const series = await lockSeriesOf(tx, access);
    if (series.status === "ended") throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
    const status = change === "pause" ? "paused" : change === "resume" ? "active" : "ended";
    await tx.update(bookingSeries).set({ status }).where(eq(bookingSeries.id, series.id));
    if (change === "resume") {
      await enqueue(tx, "recurring.place", { seriesId: series.id });
      return;
    }
    const placed = await tx
      .select({
        id: bookingSeriesOccurrences.id,
        appointmentId: bookingSeriesOccurrences.appointmentId,
        start: appointments.startAt,
      })
      .from(bookingSeriesOccurrences)
      .innerJoin(appointments, eq(appointments.id, bookingSeriesOccurrences.appointmentId))
      .where(
        and(
          eq(bookingSeriesOccurrences.seriesId, series.id),
          or(eq(bookingSeriesOccurrences.status, "placed"), eq(bookingSeriesOccurrences.status, "moved")),
          eq(appointments.status, "scheduled"),
        ),
      );
    const cancellable = placed.filter((p) => canSelfServiceChange(p.start, now));
    for (const p of cancellable)
      await cancelOccurrence(tx, p.appointmentId!, now, change === "pause" ? "pause" : "end");
    if (change === "pause" && cancellable.length > 0) {
      await tx.delete(bookingSeriesOccurrences).where(
        inArray(
          bookingSeriesOccurrences.id,
          cancellable.map((p) => p.id),
        ),
      );
    }
  });
}
