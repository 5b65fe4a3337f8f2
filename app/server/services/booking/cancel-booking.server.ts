import { eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import type { CancelRequest } from "~/domain/booking/schemas";
import { cancellationKind } from "~/domain/payments/refunds";
import { queueBookingCancelled } from "../messaging/notify.server";
import { settleCancelledBooking } from "../payments/settle-cancellation.server";
import type { Db } from "../../db.server";
import { type BookingChangeRequest, lockChangeableAppointment } from "./manage-access.server";
import { logStaffChange } from "./staff-change.server";
import { withSlotChange } from "./slot-change.server";

/**
 * Cancels a booking through its manage link (docs/product-decisions.md, 'Booking'): the token must
 * match or the actor must be the signed-in client who owns it (INVALID_MANAGE_TOKEN otherwise), the booking must still be scheduled (APPOINTMENT_NOT_CHANGEABLE)
 * and start in 24 h or more (TOO_LATE_TO_CHANGE: the customer calls instead). The slot is free
 * again at once: cancelled appointments no longer block.
 */
export async function cancelBooking(
  db: Db,
  { input, ...request }: BookingChangeRequest & { input: Omit<CancelRequest, "token"> & { token?: string } },
): Promise<{ bookingId: string; status: "cancelled" }> {
  const { bookingId, now, staff } = request;
  return withSlotChange(db, async (tx) => {
    const { appointment, access } = await lockChangeableAppointment(tx, { ...request, token: input.token });
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
    // The deposit by the booking's terms (ADR 073): refunded 24 h or more ahead, else the fee kept;
    // a booking the weather moved is never late (ADR 090).
    await settleCancelledBooking(tx, {
      appointmentId: appointment.id,
      kind: access === "weather" ? "early" : cancellationKind(appointment.startAt, now),
      actorId: staff?.actor.id ?? null,
      reason: staff?.reason ?? input.reason ?? null,
      now,
    });
    // The 'cancelled' e-mail, and the pending reminder dropped, with the cancellation.
    await queueBookingCancelled(tx, appointment.id);
    return { bookingId, status: "cancelled" as const };
  });
}
