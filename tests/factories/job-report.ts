import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import * as s from "#db/schema";
import type { Db } from "~/server/db.server";

/**
 * Makes a stop ready for the crew's « Terminé » (ADR 088): its service's required steps ticked and
 * a before and an after photo row per car (rows only: the storage is the photo tests' business).
 */
export async function makeReportReady(db: Db, appointmentId: string, now = new Date()): Promise<void> {
  const [appointment] = await db.select().from(s.appointments).where(eq(s.appointments.id, appointmentId));
  const steps = await db
    .select({ id: s.serviceChecklistSteps.id })
    .from(s.serviceChecklistSteps)
    .where(
      and(
        eq(s.serviceChecklistSteps.serviceId, appointment!.serviceId),
        eq(s.serviceChecklistSteps.required, true),
        isNull(s.serviceChecklistSteps.archivedAt),
      ),
    );
  if (steps.length > 0) {
    await db
      .insert(s.appointmentChecklistTicks)
      .values(steps.map((step) => ({ appointmentId, stepId: step.id, at: now })))
      .onConflictDoNothing();
  }
  for (let car = 1; car <= appointment!.cars; car++) {
    for (const kind of ["before", "after"] as const) {
      await db.insert(s.appointmentPhotos).values({
        id: crypto.randomUUID(),
        appointmentId,
        kind,
        car,
        sha256: crypto.randomBytes(32).toString("hex"),
        width: 1600,
        height: 1200,
        createdAt: now,
      });
    }
  }
}
