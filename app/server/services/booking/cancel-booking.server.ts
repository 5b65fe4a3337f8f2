import { eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import type { CancelRequest } from "~/domain/booking/schemas";
import { queueBookingCancelled } from "../messaging/notify.server";
import { withSlotChange } from "./slot-cache.server";
import type { SessionUser } from "../../auth.server";
import type { Db } from "../../db.server";
import { type ContactProof, lockAppointment, requireSelfServiceChange } from "./manage-access.server";
import { logStaffChange, requireStaffChange, type StaffChange } from "./staff-change.server";

/**
 * Cancels a booking through its manage link (PRODUCT-DECISIONS.md 'Booking'): the token must
 * match or the actor must be the signed-in client who owns it (INVALID_MANAGE_TOKEN otherwise), the booking must still be scheduled (APPOINTMENT_NOT_CHANGEABLE)
 * and start in 24 h or more (TOO_LATE_TO_CHANGE: the customer calls instead). The slot is free
 * again at once: cancelled appointments no longer block.
 */
export async function cancelBooking(
  db: Db,
  {
    bookingId,
    input,
    now,
    actor = null,
    staff = null,
    proof,
  }: {
    bookingId: string;
    input: Omit<CancelRequest, "token"> & { token?: string };
    now: Date;
    /** The signed-in user: the booking's owner may cancel without the token. */
    actor?: SessionUser | null;
    /** Head office or the franchisee, from the booking desk: no token, no 24 h limit, logged (ADR 052). */
    staff?: StaffChange | null;
    /** The assistant's proof (ADR 051): the booking's e-mail or phone. */
    proof?: ContactProof;
  },
): Promise<{ bookingId: string; status: "cancelled" }> {
  return withSlotChange(db, async (tx) => {
    const appointment = await lockAppointment(tx, bookingId);
    if (staff) requireStaffChange(appointment, staff);
    else requireSelfServiceChange(appointment, input.token, now, actor, proof);
    await tx
      .update(appointments)
      .set({
        status: "cancelled",
        cancelledAt: now,
        cancelReason: staff ? staff.reason : (input.reason ?? null),
      })
      .where(eq(appointments.id, appointment.id));
    if (staff)
      await logStaffChange(tx, appointment.id, staff, "cancelled", { from: { start: appointment.startAt } });
    // The 'cancelled' e-mail, and the pending reminder dropped, with the cancellation.
    await queueBookingCancelled(tx, appointment.id);
    return { bookingId, status: "cancelled" as const };
  });
}
