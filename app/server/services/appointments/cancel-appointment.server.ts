import { eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import type { Db } from "../../db.server";
import { lockOwnScheduledAppointment } from "./lock-own-appointment.server";
import { queueBookingCancelled } from "../messaging/notify.server";
import { logStaffChange, type StaffChange } from "../booking/staff-change.server";
import { settleCancelledBooking } from "../payments/settle-cancellation.server";
import { withSlotChange } from "../booking/slot-change.server";

/**
 * The franchisee cancels one of its scheduled appointments, with a reason kept on the row (ADR 021).
 * Unlike the customer's manage link, no 24 h limit applies. The slot is free again at once.
 * NOT_FOUND for another franchisee's appointment; APPOINTMENT_NOT_CHANGEABLE when not scheduled.
 * Logged in booking_changes with the actor, like the booking desk's changes (ADR 056).
 */
export async function cancelAppointment(
  db: Db,
  {
    appointmentId,
    franchiseeId,
    reason,
    actor,
    now = new Date(),
  }: {
    appointmentId: string;
    franchiseeId: string;
    reason: string;
    actor: StaffChange["actor"];
    now?: Date;
  },
): Promise<{ status: "cancelled" }> {
  await withSlotChange(db, async (tx) => {
    await lockOwnScheduledAppointment(tx, { appointmentId, franchiseeId });
    await tx
      .update(appointments)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: reason })
      .where(eq(appointments.id, appointmentId));
    await logStaffChange(tx, appointmentId, { actor, franchiseeId, reason }, "cancelled", {
      from: { status: "scheduled" },
      to: { status: "cancelled" },
    });
    // Cancelled by the business: the deposit goes back in full (ADR 073).
    await settleCancelledBooking(tx, { appointmentId, kind: "early", actorId: actor.id, reason });
    // The customer is told (e-mail with a cancelling .ics) and the 24 h reminder is dropped.
    await queueBookingCancelled(tx, appointmentId);
  });
  return { status: "cancelled" };
}
