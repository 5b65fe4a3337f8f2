import { and, eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { localDate } from "~/domain/time/zoned";
import { loadTeam, loadTimeOff } from "../booking/booking-context.server";
import { rescheduleBooking, type RescheduleResult } from "../booking/reschedule-booking.server";
import type { StaffChange } from "../booking/staff-change.server";

/**
 * The schedule's move of one of the franchisee's appointments to a member and a start (drag and
 * drop or « Déplacer », ADR 104). Not a rule of its own: the booking desk's move
 * (`rescheduleBooking` with the staff's scope) re-checks the new time as a new booking (the
 * member's hours and time off, their other appointments, the drive to and from the address,
 * ADR 048), keeps the price, logs the change and sends the customer the 'changed' e-mail; here it
 * is held to the chosen member (never another one picked for it).
 *
 * NOT_FOUND: not this franchisee's appointment (message MEMBER: not one of its active members);
 * APPOINTMENT_NOT_CHANGEABLE: no longer scheduled; SLOT_TAKEN / SLOT_UNAVAILABLE: the member is
 * not free then, or does not work then (message TIME_OFF: on time off that day);
 * BEYOND_BOOKING_HORIZON: too far ahead. A refusal
 * changes nothing.
 */
export async function moveAppointment(
  db: Db,
  {
    appointmentId,
    franchiseeId,
    teamMemberId,
    start,
    actor,
    now,
  }: {
    appointmentId: string;
    franchiseeId: string;
    teamMemberId: string;
    start: Date;
    actor: StaffChange["actor"];
    now: Date;
  },
): Promise<RescheduleResult> {
  const [row] = await db
    .select({ bookingId: appointments.bookingId })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.franchiseeId, franchiseeId)));
  if (!row) throw new AppError("NOT_FOUND");
  const team = await loadTeam(db, franchiseeId);
  if (!team.some((m) => m.id === teamMemberId)) throw new AppError("NOT_FOUND", "MEMBER");
  // Said as such (the re-check below would refuse it too, as a taken time).
  const day = localDate(start);
  const off = await loadTimeOff(db, [teamMemberId], { from: start, to: start });
  if (off.some((o) => o.startsOn <= day && day <= o.endsOn))
    throw new AppError("SLOT_UNAVAILABLE", "TIME_OFF");
  return rescheduleBooking(db, {
    bookingId: row.bookingId,
    input: { start: start.toISOString() },
    now,
    // The franchisee's scope is checked again on the locked row (requireStaffChange).
    staff: { actor, franchiseeId, reason: "", teamMemberId },
  });
}
