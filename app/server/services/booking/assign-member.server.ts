/** The choice of the team member who takes a booking or a rescheduled appointment. */
import {
  addedDrivingMinutes,
  freeTeamMembersForSlot,
  pickTeamMember,
  type BusyRange,
  type SlotMember,
  type SlotRules,
} from "~/domain/booking/slots";
import { addDaysToDateString, localDate } from "~/domain/time/zoned";
import { AppError } from "~/lib/errors";
import { sqlState } from "../../db-errors.server";
import type { Tx } from "../../db.server";
import { lockMemberDays } from "../travel/member-day-lock.server";
import { busyWindow, loadBusy, startOfLocalDay } from "./booking-context.server";

/** Appointments per member starting on the local day of `start`: the load `pickTeamMember` balances. */
function loadsOfDay(busy: readonly BusyRange[], start: Date): Map<string, number> {
  const date = localDate(start);
  const dayStart = startOfLocalDay(date).getTime();
  const dayEnd = startOfLocalDay(addDaysToDateString(date, 1)).getTime();
  const loads = new Map<string, number>();
  for (const range of busy) {
    const at = range.start.getTime();
    if (at >= dayStart && at < dayEnd)
      loads.set(range.teamMemberId, (loads.get(range.teamMemberId) ?? 0) + 1);
  }
  return loads;
}

/**
 * A write lost to a concurrent booking of the same member: exclusion_violation (the other one
 * committed first), or deadlock_detected (both wrote conflicting rows at once and each waited
 * for the other, so PostgreSQL aborted this statement). A `write` that can meet them runs in its
 * own savepoint, so that the transaction survives and the next free member is tried.
 */
const LOST_TO_CONCURRENT_BOOKING = new Set(["23P01", "40P01"]);

/**
 * Inside a transaction: re-checks the slot with fresh busy ranges (and the travel rule when the
 * rules carry a site, ADR 048), picks the free member whose day gets the least added driving,
 * then the least loaded, and runs `write` for that member. When the exclusion constraint refuses
 * the member (a concurrent booking took them: `write` returns null, or throws 23P01 or 40P01 from
 * its own savepoint), tries once more with fresh busy ranges and the next free member. Shared by
 * booking and rescheduling (`exceptAppointmentId` = the one moved).
 *
 * Only the members the slot's schedule could give the job to (their hours and leave) are locked
 * and read (ADR 048, ADR 054): the others' days are not touched.
 */
export async function assignMember(
  tx: Tx,
  members: readonly SlotMember[],
  rules: (busy: SlotRules["busy"]) => SlotRules & { start: Date },
  write: (tx: Tx, teamMemberId: string) => Promise<string | null>,
  options: { exceptAppointmentId?: string; preferredMemberId?: string; onlyMemberId?: string } = {},
): Promise<{ teamMemberId: string; appointmentId: string }> {
  const start = rules([]).start;
  // A move to a chosen member (the schedule's drag and drop, ADR 104): that member or nobody.
  const allowed = (ids: string[]) =>
    options.onlyMemberId ? ids.filter((id) => id === options.onlyMemberId) : ids;
  // Whoever works then, the drive aside: an earlier job in the window can waive the drive from
  // the base (ADR 048), so the rule with no busy range would leave out a member it can free.
  const candidates = allowed(freeTeamMembersForSlot({ ...rules([]), site: null }));
  if (candidates.length === 0) throw new AppError("SLOT_UNAVAILABLE");
  const day = localDate(start);
  const readBusy = () => loadBusy(tx, candidates, busyWindow(day, 1), options.exceptAppointmentId);
  // One placement at a time per member and day, so the travel re-check sees the others (ADR 048).
  await lockMemberDays(tx, candidates, day);
  const refused = new Set<string>();
  for (let attempt = 0; attempt < 2; attempt++) {
    const busy = await readBusy();
    const free = allowed(freeTeamMembersForSlot(rules(busy))).filter((id) => !refused.has(id));
    if (free.length === 0) {
      const everOffered = refused.size > 0 || allowed(freeTeamMembersForSlot(rules([]))).length > 0;
      throw new AppError(everOffered ? "SLOT_TAKEN" : "SLOT_UNAVAILABLE");
    }
    const teamMemberId =
      options.preferredMemberId && free.includes(options.preferredMemberId)
        ? options.preferredMemberId
        : pickTeamMember(
            { teamMemberIds: free },
            loadsOfDay(busy, start),
            addedDrivingMinutes({ ...rules(busy), teamMemberIds: free }),
          )!;
    try {
      const appointmentId = await write(tx, teamMemberId);
      if (appointmentId !== null) return { teamMemberId, appointmentId };
    } catch (error) {
      if (!LOST_TO_CONCURRENT_BOOKING.has(sqlState(error) ?? "")) throw error;
    }
    refused.add(teamMemberId);
  }
  throw new AppError("SLOT_TAKEN");
}
