import { sql } from "drizzle-orm";
import { localDate, nextLocalTime } from "~/domain/time/zoned";
import type { Db } from "../db.server";
import { enqueue } from "./queue.server";

/** The upkeep's local time: after the evening's jobs, before the morning's first bookings. */
export const UPKEEP_RUN_TIME = "03:30:00";

/**
 * The embedded database's nightly upkeep (ADR 113). PGlite runs PostgreSQL in one process with
 * no autovacuum, so nothing else reclaims the space of deleted and updated rows (the job queue
 * churns all day) or refreshes the planner's figures as the tables grow; stale figures once made
 * a statement read a 200,000-row table once per row (ADR 098). `vacuum (analyze)` does both. The
 * next night's run is queued first, so a vacuum cut off by the job's time limit still has one.
 * PostgreSQL's autovacuum does this itself: the job is queued on PGlite only (runtime.server.ts).
 * It runs outside any transaction, as VACUUM must.
 */
export async function runDatabaseUpkeep(db: Db, now: Date = new Date()): Promise<void> {
  await scheduleDatabaseUpkeep(db, now);
  await db.execute(sql`vacuum (analyze)`);
}

/** The next run: today at UPKEEP_RUN_TIME (local) if still ahead, else tomorrow. */
export function nextUpkeepRun(now: Date): Date {
  return nextLocalTime(now, UPKEEP_RUN_TIME);
}

/** Queues the next run, once per night whatever the number of starts (its key is the day). */
export async function scheduleDatabaseUpkeep(db: Db, now: Date = new Date()): Promise<void> {
  const runAt = nextUpkeepRun(now);
  await enqueue(db, "database.upkeep", {}, { runAt, singletonKey: `database.upkeep:${localDate(runAt)}` });
}
