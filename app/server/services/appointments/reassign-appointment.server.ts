import { BUSINESS_TIME_ZONE, localDate } from "~/domain/time/zoned";
import { eq, inArray } from "drizzle-orm";
import { appointments, teamMembers } from "#db/schema";
import { canTakeAppointment } from "~/domain/franchisee/assignment";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { loadBusy, loadTeam } from "../booking/booking-context.server";
import { sqlState } from "../../db-errors.server";
import { lockMemberDays } from "../travel/member-day-lock.server";
import { logStaffChange, type StaffChange } from "../booking/staff-change.server";
import { lockOwnScheduledAppointment } from "./lock-own-appointment.server";
import { withSlotChange } from "../booking/slot-change.server";

/** Lost to a concurrent booking of the same member: exclusion violation or deadlock (see book-slot). */
const MEMBER_TAKEN_CONCURRENTLY = new Set(["23P01", "40P01"]);

/**
 * Moves one of the franchisee's scheduled appointments to another of its active members, who must
 * be free for the whole range (ADR 021): their weekly availability covers [start, end) and no
 * scheduled appointment of theirs overlaps [start, blocked_until). The exclusion constraint
 * appointments_no_overlap is the last word when a booking takes the member at the same moment.
 *
 * NOT_FOUND: the appointment is not this franchisee's (message MEMBER when the member is not one
 * of its active members); APPOINTMENT_NOT_CHANGEABLE: no longer scheduled; SLOT_TAKEN (message
 * MEMBER_NOT_FREE): the member is not free. A real move is logged in booking_changes with the
 * actor and both members' names (ADR 056), so the booking's history shows it.
 */
export async function reassignAppointment(
  db: Db,
  {
    appointmentId,
    franchiseeId,
    teamMemberId,
    actor,
    reason = "",
  }: {
    appointmentId: string;
    franchiseeId: string;
    teamMemberId: string;
    actor: StaffChange["actor"];
    reason?: string;
  },
): Promise<{ teamMemberId: string }> {
  await withSlotChange(db, async (tx) => {
    const appointment = await lockOwnScheduledAppointment(tx, { appointmentId, franchiseeId });
    const member = (await loadTeam(tx, franchiseeId)).find((m) => m.id === teamMemberId);
    if (!member) throw new AppError("NOT_FOUND", "MEMBER");
    if (appointment.teamMemberId === teamMemberId) return;
    const range = {
      start: appointment.startAt,
      end: appointment.endAt,
      blockedUntil: appointment.blockedUntil,
    };
    // Serialised with the bookings that check this member's day (ADR 048).
    await lockMemberDays(tx, [teamMemberId], localDate(range.start));
    const busy = await loadBusy(
      tx,
      [teamMemberId],
      { from: range.start, to: range.blockedUntil },
      appointmentId,
    );
    if (!canTakeAppointment({ availability: member.availability, busy }, range, BUSINESS_TIME_ZONE)) {
      throw new AppError("SLOT_TAKEN", "MEMBER_NOT_FREE");
    }
    try {
      await tx.transaction((savepoint) =>
        savepoint.update(appointments).set({ teamMemberId }).where(eq(appointments.id, appointmentId)),
      );
    } catch (error) {
      if (MEMBER_TAKEN_CONCURRENTLY.has(sqlState(error) ?? ""))
        throw new AppError("SLOT_TAKEN", "MEMBER_NOT_FREE");
      throw error;
    }
    const ids = [teamMemberId, ...(appointment.teamMemberId ? [appointment.teamMemberId] : [])];
    const names = await tx
      .select({ id: teamMembers.id, firstName: teamMembers.firstName, lastName: teamMembers.lastName })
      .from(teamMembers)
      .where(inArray(teamMembers.id, ids));
    const nameOf = (id: string | null) => {
      const m = names.find((candidate) => candidate.id === id);
      return m ? `${m.firstName} ${m.lastName}` : null;
    };
    await logStaffChange(tx, appointmentId, { actor, franchiseeId, reason }, "reassigned", {
      from: { teamMemberId: appointment.teamMemberId, memberName: nameOf(appointment.teamMemberId) },
      to: { teamMemberId, memberName: nameOf(teamMemberId) },
    });
  });
  return { teamMemberId };
}
