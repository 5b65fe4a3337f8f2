import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";
import { appointments, teamMembers } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { withSlotChange } from "../booking/slot-change.server";

/**
 * A demo tool for browser tests (ADR 049, demo mode and loopback only, like the test login): a
 * scheduled booking is moved to have started `minutesAgo` minutes ago (one by default), keeping
 * its length, so that its franchisee can mark it completed now (a wash cannot be completed before
 * its start, ADR 043). When its member is busy then (another test's wash started now), it goes to
 * another member of the same team who is free; SLOT_TAKEN when none is. NOT_FOUND for an unknown
 * or no longer scheduled booking.
 */
export async function startAppointmentNow(db: Db, bookingId: string, minutesAgo = 1): Promise<void> {
  const [booking] = await db
    .select({ franchiseeId: appointments.franchiseeId, teamMemberId: appointments.teamMemberId })
    .from(appointments)
    .where(and(eq(appointments.bookingId, bookingId), eq(appointments.status, "scheduled")));
  if (!booking) throw new AppError("NOT_FOUND");
  const others = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.franchiseeId, booking.franchiseeId), ne(teamMembers.id, booking.teamMemberId)))
    // The longest-standing members first: one a test adds for itself is taken last.
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id));
  const startAt = sql`now() - make_interval(mins => ${minutesAgo})`;
  for (const memberId of [booking.teamMemberId, ...others.map((member) => member.id)]) {
    if (await moveTo(db, bookingId, memberId, startAt)) return;
  }
  throw new AppError("SLOT_TAKEN");
}

/**
 * The same tool for a late crew (issue 32): a scheduled booking of the same franchisee is given
 * to `previousBookingId`'s member, starting the moment that booking's guarded range ends (its
 * end plus the set-up), so that the member's next stop follows it with no slack. SLOT_TAKEN when
 * the member is busy then; NOT_FOUND when either booking is unknown, not scheduled, or another
 * franchisee's.
 */
export async function startAfterAppointment(
  db: Db,
  bookingId: string,
  previousBookingId: string,
): Promise<void> {
  const [previous] = await db
    .select({
      franchiseeId: appointments.franchiseeId,
      teamMemberId: appointments.teamMemberId,
      blockedUntil: appointments.blockedUntil,
    })
    .from(appointments)
    .where(and(eq(appointments.bookingId, previousBookingId), eq(appointments.status, "scheduled")));
  const [booking] = await db
    .select({ franchiseeId: appointments.franchiseeId })
    .from(appointments)
    .where(and(eq(appointments.bookingId, bookingId), eq(appointments.status, "scheduled")));
  if (!previous || !booking || booking.franchiseeId !== previous.franchiseeId)
    throw new AppError("NOT_FOUND");
  const startAt = sql`${previous.blockedUntil.toISOString()}::timestamptz`;
  if (!(await moveTo(db, bookingId, previous.teamMemberId, startAt))) throw new AppError("SLOT_TAKEN");
}

/** Moves the booking to `startAt` with `memberId`; false when that member is busy then. */
async function moveTo(db: Db, bookingId: string, memberId: string, startAt: SQL): Promise<boolean> {
  try {
    await withSlotChange(db, async (tx) => {
      const moved = await tx
        .update(appointments)
        .set({
          teamMemberId: memberId,
          startAt: sql`${startAt}`,
          endAt: sql`${startAt} + (${appointments.endAt} - ${appointments.startAt})`,
          blockedUntil: sql`${startAt} + (${appointments.blockedUntil} - ${appointments.startAt})`,
        })
        .where(and(eq(appointments.bookingId, bookingId), eq(appointments.status, "scheduled")))
        .returning({ id: appointments.id });
      if (moved.length === 0) throw new AppError("NOT_FOUND");
    });
    return true;
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === "23P01") return false;
    throw error;
  }
}
