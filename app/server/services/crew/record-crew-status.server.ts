/**
 * The crew's status taps (issue 32, ADR 078): « En route », « Arrivé », « Commencé », « Terminé »
 * on one of the actor's own stops. Each step is one row of `appointment_status_events`, whose
 * primary key (appointment, step) records a retried tap once; the forward-only rule is checked
 * under the appointment's row lock, so two taps at once cannot both pass it. « Terminé » is the
 * franchisee's completion (completeAppointment: points, review request). « En route » tells the
 * customer the arrival time; « En route » and « Arrivé » flag the next stop when it will be late,
 * and tell its customer the new time once.
 */
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { appointmentDelays, appointments, appointmentStatusEvents, serviceZones } from "#db/schema";
import { CREW_STEPS, nextStopArrival, roundedArrival, tapOutcome, type CrewStep } from "~/domain/crew/status";
import { dayPeriod, periodInstants } from "~/domain/time/periods";
import { DEFAULT_TRAVEL_SETTINGS, type GeoPoint } from "~/domain/travel/travel-time";
import { AppError, hasCode } from "~/lib/errors";
import { formatTime } from "~/domain/time/format-instant";
import { crewMessages } from "~/lib/messages/crew.fr";
import type { Db, Tx } from "../../db.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { enqueue } from "../../jobs/queue.server";
import { completeAppointment } from "../appointments/complete-appointment.server";
import { currentConsent } from "../messaging/consent.server";
import { queueSms } from "../messaging/sms.server";
import { driveTimesFor } from "../travel/drive-times.server";
import type { CrewActor } from "./crew-access.server";
import { localDate } from "~/domain/time/zoned";

export interface CrewStatusResult {
  status: CrewStep;
  /** False when that step was already recorded (a retried tap): nothing was done again. */
  recorded: boolean;
  at: Date;
  /** « En route »: the arrival time told to the customer (null when the address is not located). */
  expectedArrivalAt: Date | null;
  /** The next stop flagged late by this tap, if any. */
  lateNext: {
    appointmentId: string;
    customerName: string;
    expectedArrivalAt: Date;
    minutesLate: number;
  } | null;
}

interface DayStop {
  id: string;
  customerName: string;
  startAt: Date;
  endAt: Date;
  status: string;
  point: GeoPoint | null;
}

const pointOf = (lat: number | null, lon: number | null): GeoPoint | null =>
  lat === null || lon === null ? null : { lat, lon };

/** The actor's appointment (NOT_FOUND when not their own, of their franchisee) and its day around it. */
async function stopInDay(db: Db, actor: CrewActor, appointmentId: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      startAt: appointments.startAt,
      endAt: appointments.endAt,
      status: appointments.status,
      lat: appointments.latitude,
      lon: appointments.longitude,
      baseLat: serviceZones.centerLatitude,
      baseLon: serviceZones.centerLongitude,
    })
    .from(appointments)
    .innerJoin(serviceZones, eq(serviceZones.id, appointments.zoneId))
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.franchiseeId, actor.franchiseeId),
        eq(appointments.teamMemberId, actor.memberId),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND");
  const range = periodInstants(dayPeriod(localDate(row.startAt)));
  const day: DayStop[] = (
    await db
      .select({
        id: appointments.id,
        customerName: appointments.customerName,
        startAt: appointments.startAt,
        endAt: appointments.endAt,
        status: appointments.status,
        lat: appointments.latitude,
        lon: appointments.longitude,
      })
      .from(appointments)
      .where(
        and(
          eq(appointments.franchiseeId, actor.franchiseeId),
          eq(appointments.teamMemberId, actor.memberId),
          inArray(appointments.status, ["scheduled", "completed"]),
          gte(appointments.startAt, range.start),
          lt(appointments.startAt, range.end),
        ),
      )
      .orderBy(asc(appointments.startAt), asc(appointments.bookingId))
  ).map((r) => ({ ...r, point: pointOf(r.lat, r.lon) }));
  const index = day.findIndex((s) => s.id === row.id);
  return {
    stop: { ...row, point: pointOf(row.lat, row.lon) },
    base: pointOf(row.baseLat, row.baseLon),
    previous: index > 0 ? day[index - 1]! : null,
    next: index >= 0 ? (day.slice(index + 1).find((s) => s.status === "scheduled") ?? null) : null,
  };
}

/**
 * Records `status` on the actor's appointment. A step already recorded answers `recorded: false`
 * and does nothing else; a step behind the current one is APPOINTMENT_NOT_CHANGEABLE
 * (STATUS_BACKWARDS); a cancelled appointment is APPOINTMENT_NOT_CHANGEABLE; « Terminé » before
 * the start is APPOINTMENT_NOT_CHANGEABLE (NOT_STARTED), as for the franchisee.
 * `position` is the phone's, when the crew let the browser share it (« En route »).
 */
export async function recordCrewStatus(
  db: Db,
  {
    actor,
    appointmentId,
    status,
    position = null,
    now = new Date(),
    receivedAt = now,
  }: {
    actor: CrewActor;
    appointmentId: string;
    status: CrewStep;
    position?: GeoPoint | null;
    /** When the crew tapped (a tap kept offline by the phone arrives later, ADR 088). */
    now?: Date;
    /** When the server got the tap. */
    receivedAt?: Date;
  },
): Promise<CrewStatusResult> {
  const { stop, base, previous, next } = await stopInDay(db, actor, appointmentId);
  const byName = `${actor.firstName} ${actor.lastName}`;

  // The drives this tap needs, asked before any lock (a routing engine answers over the network).
  const origin = position ?? previous?.point ?? base;
  const wanted = [
    ...(origin && stop.point ? [{ from: [origin], to: [stop.point] }] : []),
    ...(stop.point && next?.point ? [{ from: [stop.point], to: [next.point] }] : []),
  ];
  const driveTime = await driveTimesFor(wanted);
  const expectedArrivalAt =
    status === "en_route" && origin && stop.point
      ? roundedArrival(new Date(now.getTime() + driveTime(origin, stop.point) * 60_000))
      : null;

  if (status === "finished") {
    // The franchisee's completion, unchanged (points, review request, and what others hook there).
    try {
      await completeAppointment(db, {
        appointmentId,
        franchiseeId: actor.franchiseeId,
        now,
        crewReport: true,
      });
    } catch (error) {
      // Completed already (a retried tap, or the franchisee did it): the step is recorded once.
      if (!hasCode(error, "APPOINTMENT_NOT_CHANGEABLE") || !(await isCompleted(db, appointmentId)))
        throw error;
    }
  }

  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, appointmentId))
      .for("update");
    if (!locked) throw new AppError("NOT_FOUND");
    const recorded = await tx
      .select({ status: appointmentStatusEvents.status, at: appointmentStatusEvents.at })
      .from(appointmentStatusEvents)
      .where(eq(appointmentStatusEvents.appointmentId, appointmentId));
    const outcome = tapOutcome(
      recorded.map((r) => r.status),
      status,
    );
    const none = { status, recorded: false, expectedArrivalAt: null, lateNext: null };
    if (outcome === "already") return { ...none, at: recorded.find((r) => r.status === status)!.at };
    if (outcome === "backwards") throw new AppError("APPOINTMENT_NOT_CHANGEABLE", "STATUS_BACKWARDS");
    if (status === "finished" ? locked.status !== "completed" : locked.status !== "scheduled")
      throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
    const [inserted] = await tx
      .insert(appointmentStatusEvents)
      .values({ appointmentId, status, at: now, byUserId: actor.userId, byName, expectedArrivalAt })
      .onConflictDoNothing()
      .returning({ at: appointmentStatusEvents.at });
    if (!inserted) return { ...none, at: now };

    // A tap kept offline whose arrival time has passed when it arrives tells the customer nothing.
    const stale =
      receivedAt.getTime() > now.getTime() &&
      expectedArrivalAt !== null &&
      expectedArrivalAt.getTime() < receivedAt.getTime();
    if (status === "en_route" && !stale)
      await tellCustomer(tx, appointmentId, "en_route", expectedArrivalAt, receivedAt);

    let lateNext: CrewStatusResult["lateNext"] = null;
    const arrivalAt = status === "en_route" ? expectedArrivalAt : status === "arrived" ? now : null;
    if (arrivalAt && next) {
      const travel =
        DEFAULT_TRAVEL_SETTINGS.setupMinutes +
        (stop.point && next.point ? driveTime(stop.point, next.point) : 0);
      const { expectedAt, minutesLate } = nextStopArrival({
        arrivalAt,
        stop,
        travelMinutes: travel,
        nextStartAt: next.startAt,
      });
      if (minutesLate > 0) {
        const told = roundedArrival(expectedAt);
        lateNext = {
          appointmentId: next.id,
          customerName: next.customerName,
          expectedArrivalAt: told,
          minutesLate,
        };
        const [flagged] = await tx
          .insert(appointmentDelays)
          .values({ appointmentId: next.id, expectedArrivalAt: told, minutesLate, toldAt: now })
          .onConflictDoNothing()
          .returning({ appointmentId: appointmentDelays.appointmentId });
        // Told once: only the tap that made the flag tells the customer; later ones update it.
        if (flagged) await tellCustomer(tx, next.id, "late", told, receivedAt);
        else
          await tx
            .update(appointmentDelays)
            .set({ expectedArrivalAt: told, minutesLate, updatedAt: now })
            .where(eq(appointmentDelays.appointmentId, next.id));
      }
    }
    return { status, recorded: true, at: now, expectedArrivalAt, lateNext };
  });
}

async function isCompleted(db: Db, appointmentId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  return row?.status === "completed";
}

/**
 * The customer's text (transactional, ADR 014: the booking's SMS box ticked, the booking still on;
 * and not after a STOP from that number, ADR 078) and e-mail with the arrival time.
 */
async function tellCustomer(
  tx: Tx,
  appointmentId: string,
  kind: "en_route" | "late",
  arrivalAt: Date | null,
  now: Date,
): Promise<void> {
  const [booking] = await tx
    .select({ phone: appointments.customerPhone, smsConsent: appointments.smsConsent })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!booking) return;
  const s = crewMessages.customer;
  const time = arrivalAt ? formatTime(arrivalAt) : null;
  if (booking.phone && booking.smsConsent) {
    const consent = await currentConsent(tx, "sms", booking.phone, now);
    if (consent.state !== "withdrawn") {
      await queueSms(tx, {
        phone: booking.phone,
        body: kind === "en_route" ? s.enRouteSms(time) : s.lateSms(time ?? ""),
        category: "transactional",
        appointmentId,
        now,
      });
    }
  }
  await enqueue(
    tx,
    "email.crew-arrival",
    { appointmentId, kind, arrivalAt: arrivalAt?.toISOString() ?? null },
    { maxAttempts: EMAIL_MAX_ATTEMPTS },
  );
}

/** The recorded steps of appointments, for the crew's day, the schedule and the booking's history. */
export async function loadCrewStatuses(
  db: Db | Tx,
  appointmentIds: readonly string[],
): Promise<Map<string, { status: CrewStep; at: Date; byName: string; expectedArrivalAt: Date | null }[]>> {
  const byAppointment = new Map<
    string,
    { status: CrewStep; at: Date; byName: string; expectedArrivalAt: Date | null }[]
  >();
  if (appointmentIds.length === 0) return byAppointment;
  const rows = await db
    .select()
    .from(appointmentStatusEvents)
    .where(inArray(appointmentStatusEvents.appointmentId, [...appointmentIds]));
  rows.sort((a, b) => CREW_STEPS.indexOf(a.status) - CREW_STEPS.indexOf(b.status));
  for (const r of rows) {
    const list = byAppointment.get(r.appointmentId) ?? [];
    list.push({ status: r.status, at: r.at, byName: r.byName, expectedArrivalAt: r.expectedArrivalAt });
    byAppointment.set(r.appointmentId, list);
  }
  return byAppointment;
}

/** The late flags of appointments (ADR 078): the expected arrival and the minutes past the start. */
export async function loadDelays(
  db: Db | Tx,
  appointmentIds: readonly string[],
): Promise<Map<string, { expectedArrivalAt: Date; minutesLate: number }>> {
  if (appointmentIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(appointmentDelays)
    .where(inArray(appointmentDelays.appointmentId, [...appointmentIds]));
  return new Map(
    rows.map((r) => [
      r.appointmentId,
      { expectedArrivalAt: r.expectedArrivalAt, minutesLate: r.minutesLate },
    ]),
  );
}
