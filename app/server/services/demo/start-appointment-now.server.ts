import { and, asc, eq, ne, sql } from "drizzle-orm";
import { appointments, teamMembers } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { withSlotChange } from "../booking/slot-change.server";

/**
 * A demo tool for browser tests (ADR 049, demo mode and loopback only, like the test login): a
 * scheduled booking is moved to have started a minute ago, keeping its length, so that its
 * franchisee can mark it completed now (a wash cannot be completed before its start, ADR 043).
 * When its member is busy then (another test's wash started now), it goes to another member of
 * the same team who is free; SLOT_TAKEN when none is. NOT_FOUND for an unknown or no longer
 * scheduled booking.
 */
export async function startAppointmentNow(db: Db, bookingId: string): Promise<void> {
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
  for (const memberId of [booking.teamMemberId, ...others.map((member) => member.id)]) {
    if (await startWith(db, bookingId, memberId)) return;
  }
  throw new AppError("SLOT_TAKEN");
}

/** Moves the booking to now with `memberId`; false when that member is busy then. */
async function startWith(db: Db, bookingId: string, memberId: string): Promise<boolean> {
  try {
    await withSlotChange(db, async (tx) => {
      const moved = await tx
        .update(appointments)
        .set({
          teamMemberId: memberId,
          startAt: sql`now() - interval '1 minute'`,
          endAt: sql`now() - interval '1 minute' + (${appointments.endAt} - ${appointments.startAt})`,
          blockedUntil: sql`now() - interval '1 minute' + (${appointments.blockedUntil} - ${appointments.startAt})`,
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
