import { bookingChanges, type appointments, type bookingChangeAction } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import type { Tx } from "../../db.server";

/**
 * A change made for the customer by head office or a franchisee (the booking desk, ADR 052):
 * no manage token and no 24 h limit, but a reason, and the actor's scope. `franchiseeId` is the
 * franchisee row of a franchisee actor (null for an admin).
 */
export interface StaffChange {
  actor: Pick<SessionUser, "id" | "role" | "name" | "email">;
  franchiseeId: string | null;
  reason: string;
}

/**
 * Whether the actor may change this booking: an admin any, a franchisee only their own
 * (NOT_FOUND otherwise: a booking outside their zones does not exist for them); the booking must
 * still be scheduled (APPOINTMENT_NOT_CHANGEABLE).
 */
export function requireStaffChange(
  appointment: Pick<typeof appointments.$inferSelect, "franchiseeId" | "status">,
  staff: StaffChange,
): void {
  if (!staffMaySee(appointment, staff)) throw new AppError("NOT_FOUND");
  if (appointment.status !== "scheduled") throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
}

export function staffMaySee(
  appointment: Pick<typeof appointments.$inferSelect, "franchiseeId">,
  staff: Pick<StaffChange, "actor" | "franchiseeId">,
): boolean {
  if (staff.actor.role === "admin") return true;
  return (
    staff.actor.role === "franchisee" &&
    staff.franchiseeId !== null &&
    appointment.franchiseeId === staff.franchiseeId
  );
}

/** One line of the audit log, in the change's transaction. */
export async function logStaffChange(
  tx: Tx,
  appointmentId: string,
  staff: StaffChange,
  action: (typeof bookingChangeAction.enumValues)[number],
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(bookingChanges).values({
    appointmentId,
    actorUserId: staff.actor.id,
    actorName: staff.actor.name || staff.actor.email,
    actorRole: staff.actor.role,
    action,
    reason: staff.reason,
    details,
  });
}
