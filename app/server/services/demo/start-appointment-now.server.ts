import { and, eq, sql } from "drizzle-orm";
import { appointments } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { withSlotChange } from "../booking/slot-cache.server";

/**
 * A demo tool for browser tests (ADR 049, demo mode and loopback only, like the test login): a
 * scheduled booking is moved to have started a minute ago, keeping its length, so that its
 * franchisee can mark it completed now (a wash cannot be completed before its start, ADR 043).
 * NOT_FOUND for an unknown or no longer scheduled booking; SLOT_TAKEN when the member is busy then.
 */
export async function startAppointmentNow(db: Db, bookingId: string): Promise<void> {
  try {
    await withSlotChange(db, async (tx) => {
      const moved = await tx
        .update(appointments)
        .set({
          startAt: sql`now() - interval '1 minute'`,
          endAt: sql`now() - interval '1 minute' + (${appointments.endAt} - ${appointments.startAt})`,
          blockedUntil: sql`now() - interval '1 minute' + (${appointments.blockedUntil} - ${appointments.startAt})`,
        })
        .where(and(eq(appointments.bookingId, bookingId), eq(appointments.status, "scheduled")))
        .returning({ id: appointments.id });
      if (moved.length === 0) throw new AppError("NOT_FOUND");
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === "23P01") throw new AppError("SLOT_TAKEN");
    throw error;
  }
}
