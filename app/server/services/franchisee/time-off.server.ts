/**
 * A team member's time off (ADR 104): local days, both included, with a reason. Limited to the
 * franchisee's own active members (another's is NOT_FOUND and changes nothing); each change
 * goes through `withSlotChange`, so the booking engine stops (or starts again) offering the days.
 */
import { and, asc, count, eq, gte, inArray, lt } from "drizzle-orm";
import { appointments, teamMembers, teamTimeOff } from "#db/schema";
import type { TimeOffInput } from "~/domain/franchisee/schemas";
import { addDaysToDateString } from "~/domain/time/zoned";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { startOfLocalDay } from "../booking/booking-context.server";
import { withSlotChange } from "../booking/slot-change.server";
import { lockMemberDays } from "../travel/member-day-lock.server";

export interface TimeOffView {
  id: string;
  teamMemberId: string;
  startsOn: string;
  endsOn: string;
  reason: string;
}

/** The time off of the franchisee's active members that ends on `from` or later, by first day. */
export async function listTimeOff(
  db: Db,
  { franchiseeId, from }: { franchiseeId: string; from: string },
): Promise<TimeOffView[]> {
  return db
    .select({
      id: teamTimeOff.id,
      teamMemberId: teamTimeOff.teamMemberId,
      startsOn: teamTimeOff.startsOn,
      endsOn: teamTimeOff.endsOn,
      reason: teamTimeOff.reason,
    })
    .from(teamTimeOff)
    .innerJoin(teamMembers, eq(teamMembers.id, teamTimeOff.teamMemberId))
    .where(
      and(
        eq(teamMembers.franchiseeId, franchiseeId),
        eq(teamMembers.isActive, true),
        gte(teamTimeOff.endsOn, from),
      ),
    )
    .orderBy(asc(teamTimeOff.startsOn), asc(teamTimeOff.createdAt));
}

/**
 * Adds time off to one of the franchisee's members. Refused (HAS_APPOINTMENTS, with their count)
 * while the member has scheduled appointments on those days: they are moved first, from the
 * schedule. Each day is locked for the member as a booking does (ADR 048), so a booking placed
 * at the same moment either is counted here or finds the day taken.
 */
export async function addTimeOff(
  db: Db,
  { franchiseeId, input }: { franchiseeId: string; input: TimeOffInput },
): Promise<{ id: string }> {
  return withSlotChange(db, async (tx) => {
    const [member] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.id, input.teamMemberId),
          eq(teamMembers.franchiseeId, franchiseeId),
          eq(teamMembers.isActive, true),
        ),
      )
      .for("update");
    if (!member) throw new AppError("NOT_FOUND");
    for (let day = input.startsOn; day <= input.endsOn; day = addDaysToDateString(day, 1)) {
      await lockMemberDays(tx, [member.id], day);
    }
    const [pending] = await tx
      .select({ n: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.teamMemberId, member.id),
          eq(appointments.status, "scheduled"),
          gte(appointments.startAt, startOfLocalDay(input.startsOn)),
          lt(appointments.startAt, startOfLocalDay(addDaysToDateString(input.endsOn, 1))),
        ),
      );
    if (pending && pending.n > 0) throw new AppError("HAS_APPOINTMENTS", undefined, { count: pending.n });
    const [row] = await tx
      .insert(teamTimeOff)
      .values({
        teamMemberId: member.id,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        reason: input.reason,
      })
      .returning({ id: teamTimeOff.id });
    return { id: row!.id };
  });
}

/** Removes a time off; NOT_FOUND unless it belongs to one of the franchisee's active members. */
export async function removeTimeOff(
  db: Db,
  { franchiseeId, timeOffId }: { franchiseeId: string; timeOffId: string },
): Promise<void> {
  await withSlotChange(db, async (tx) => {
    const own = tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.franchiseeId, franchiseeId), eq(teamMembers.isActive, true)));
    const [row] = await tx
      .delete(teamTimeOff)
      .where(and(eq(teamTimeOff.id, timeOffId), inArray(teamTimeOff.teamMemberId, own)))
      .returning({ id: teamTimeOff.id });
    if (!row) throw new AppError("NOT_FOUND");
  });
}
