import { eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { lockOwnScheduledAppointment } from "./lock-own-appointment.server";
import { settleCancelledBooking } from "../payments/settle-cancellation.server";
import { withSlotChange } from "../booking/slot-change.server";

/**
 * The customer was not there: the scheduled appointment becomes no_show (no loyalty points) and
 * stops blocking its slot. Only once it has started (APPOINTMENT_NOT_CHANGEABLE, message
 * NOT_STARTED, before that: ADR 021). NOT_FOUND for another franchisee's appointment.
 */
export async function markNoShow(
  db: Db,
  {
    appointmentId,
    franchiseeId,
    now = new Date(),
  }: { appointmentId: string; franchiseeId: string; now?: Date },
): Promise<{ status: "no_show" }> {
  await withSlotChange(db, async (tx) => {
    const appointment = await lockOwnScheduledAppointment(tx, { appointmentId, franchiseeId });
    if (appointment.startAt.getTime() > now.getTime()) {
      throw new AppError("APPOINTMENT_NOT_CHANGEABLE", "NOT_STARTED");
    }
    await tx.update(appointments).set({ status: "no_show" }).where(eq(appointments.id, appointmentId));
    // The no-show's fee by the booking's terms (ADR 073): kept from the deposit, the rest charged.
    await settleCancelledBooking(tx, { appointmentId, kind: "no_show" });
  });
  return { status: "no_show" };
}
