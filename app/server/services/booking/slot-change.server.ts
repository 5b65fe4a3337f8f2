/** The slot-change transaction helpers: every change that can open or close a slot goes through one (ADR 054). */
import type { Db, Tx } from "../../db.server";
import { forgetLists, invalidateOpenSlots } from "./slot-cache.server";
import { announceSlotsChanged, notifyOthersSoon } from "./slot-notice.server";

/**
 * The one way for a rare change that can open or close slots (a cancellation, a reschedule, a
 * reassignment, a zone, a service, a team member's hours): runs it in a transaction that
 * announces the change (NOTIFY, delivered at commit to the other instances), then clears this
 * process's cached lists once committed. A change that throws rolls back, announces nothing and
 * keeps the lists; one that turned out to change nothing only costs a recomputation.
 */
export async function withSlotChange<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const value = await change(tx);
    await announceSlotsChanged(tx);
    return value;
  });
  // After the commit: a list computed before it can no longer be kept (the epoch moved).
  invalidateOpenSlots();
  return result;
}

/**
 * The hot path's variant (a booking): runs the change in a transaction without a NOTIFY, then,
 * once committed, clears this process's lists at once and tells the other instances with a
 * NOTIFY of its own, outside the transaction.
 *
 * Why not `withSlotChange`: PostgreSQL serializes the commits of every transaction that sent a
 * NOTIFY (one global lock, held through the commit's disk flush), so concurrent bookings queued
 * behind each other at commit (ADR 054). Here at most one NOTIFY is in flight per process:
 * changes committed meanwhile share the next one. Nobody waits for it; a lost one leaves another
 * instance's list stale for at most the cache's 30 s, and the booking transaction re-checks
 * every slot anyway.
 */
export async function withBookedSlot<T>(db: Db, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db.transaction(change);
  forgetLists();
  notifyOthersSoon(db);
  return result;
}
