/**
 * The checklist and the before/after photos of a stop (issue 32, items 4 and 5, ADR 088), always
 * for the actor's own stop of their own franchisee (ADR 077): anything else is NOT_FOUND.
 *
 * This module reads the report and ticks the checklist; a photo is stored by `job-photo-store`
 * and linked by `job-photo-links`.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import {
  appointmentChecklistTicks,
  appointmentPhotos,
  appointments,
  serviceChecklistSteps,
  services,
} from "#db/schema";
import { isReportReady, reportReadiness, type JobPhotoKind } from "~/domain/crew/job-report";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { purposeKey } from "../../security/keys.server";
import type { CrewActor } from "./crew-access.server";
import { photoUrl } from "./job-photo-links.server";

/** The actor's own appointment (member and franchisee), or NOT_FOUND. */
export async function ownStop(db: Db | Tx, actor: CrewActor, appointmentId: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      bookingId: appointments.bookingId,
      serviceId: appointments.serviceId,
      serviceName: services.name,
      cars: appointments.cars,
      status: appointments.status,
      customerName: appointments.customerName,
      address: appointments.address,
      city: appointments.city,
      startAt: appointments.startAt,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.franchiseeId, actor.franchiseeId),
        eq(appointments.teamMemberId, actor.memberId),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

export interface ChecklistItem {
  id: string;
  label: string;
  required: boolean;
  ticked: boolean;
}

export interface JobPhoto {
  id: string;
  kind: JobPhotoKind;
  car: number;
  width: number;
  height: number;
  url: string;
}

/** The checklist of an appointment's service with its ticks, its photos, and what « Terminé » lacks. */
export async function loadJobReport(db: Db | Tx, appointmentId: string) {
  const [appointment] = await db
    .select({ serviceId: appointments.serviceId, cars: appointments.cars })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!appointment) throw new AppError("NOT_FOUND");
  const steps = await db
    .select({
      id: serviceChecklistSteps.id,
      label: serviceChecklistSteps.label,
      required: serviceChecklistSteps.required,
    })
    .from(serviceChecklistSteps)
    .where(
      and(
        eq(serviceChecklistSteps.serviceId, appointment.serviceId),
        isNull(serviceChecklistSteps.archivedAt),
      ),
    )
    .orderBy(asc(serviceChecklistSteps.sortOrder), asc(serviceChecklistSteps.createdAt));
  const ticks = await db
    .select({ stepId: appointmentChecklistTicks.stepId })
    .from(appointmentChecklistTicks)
    .where(eq(appointmentChecklistTicks.appointmentId, appointmentId));
  const ticked = new Set(ticks.map((t) => t.stepId));
  const rows = await db
    .select()
    .from(appointmentPhotos)
    .where(eq(appointmentPhotos.appointmentId, appointmentId))
    .orderBy(asc(appointmentPhotos.car), asc(appointmentPhotos.createdAt));
  const key = await purposeKey(db, "job-photo-link");
  const photos: JobPhoto[] = rows.map((p) => ({
    id: p.id,
    kind: p.kind,
    car: p.car,
    width: p.width,
    height: p.height,
    url: photoUrl(key, p.appointmentId, p.id),
  }));
  const readiness = reportReadiness({ cars: appointment.cars, steps, ticked, photos });
  return {
    cars: appointment.cars,
    checklist: steps.map((s): ChecklistItem => ({ ...s, ticked: ticked.has(s.id) })),
    photos,
    readiness,
  };
}

/** The crew's page of one stop: the stop, its checklist, photos and readiness. */
export async function loadCrewStop(
  db: Db,
  { actor, appointmentId }: { actor: CrewActor; appointmentId: string },
) {
  const stop = await ownStop(db, actor, appointmentId);
  return { stop, ...(await loadJobReport(db, appointmentId)) };
}

/**
 * Ticks or unticks a step of the stop's checklist. Ticking twice keeps one tick (primary key);
 * nothing changes once the wash is completed or cancelled (APPOINTMENT_NOT_CHANGEABLE).
 */
export async function tickChecklistStep(
  db: Db,
  {
    actor,
    appointmentId,
    stepId,
    checked,
    now = new Date(),
  }: { actor: CrewActor; appointmentId: string; stepId: string; checked: boolean; now?: Date },
): Promise<void> {
  const stop = await ownStop(db, actor, appointmentId);
  if (stop.status !== "scheduled") throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
  const [step] = await db
    .select({ id: serviceChecklistSteps.id })
    .from(serviceChecklistSteps)
    .where(
      and(
        eq(serviceChecklistSteps.id, stepId),
        eq(serviceChecklistSteps.serviceId, stop.serviceId),
        isNull(serviceChecklistSteps.archivedAt),
      ),
    );
  if (!step) throw new AppError("NOT_FOUND");
  if (checked) {
    await db
      .insert(appointmentChecklistTicks)
      .values({ appointmentId, stepId, at: now, byUserId: actor.userId })
      .onConflictDoNothing();
  } else {
    await db
      .delete(appointmentChecklistTicks)
      .where(
        and(
          eq(appointmentChecklistTicks.appointmentId, appointmentId),
          eq(appointmentChecklistTicks.stepId, stepId),
        ),
      );
  }
}

/**
 * Called under the appointment's row lock by the crew's « Terminé » (completeAppointment with
 * `crewReport`): refuses with APPOINTMENT_NOT_CHANGEABLE (message REPORT_INCOMPLETE) while a
 * required step is unticked or a car lacks its before or after photo.
 */
export async function assertReportReady(tx: Tx, appointmentId: string): Promise<void> {
  const { readiness } = await loadJobReport(tx, appointmentId);
  if (!isReportReady(readiness)) throw new AppError("APPOINTMENT_NOT_CHANGEABLE", "REPORT_INCOMPLETE");
}
