import { and, eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Tx } from "../../db.server";

/**
 * One of the franchisee's own appointments, locked for the rest of the transaction. NOT_FOUND when
 * it is another franchisee's (the same answer as an unknown id); APPOINTMENT_NOT_CHANGEABLE when
 * it is no longer scheduled.
 */
export async function lockOwnScheduledAppointment(
  tx: Tx,
  { appointmentId, franchiseeId }: { appointmentId: string; franchiseeId: string },
) {
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.franchiseeId, franchiseeId)))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND");
  if (row.status !== "scheduled") throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
  return row;
}
