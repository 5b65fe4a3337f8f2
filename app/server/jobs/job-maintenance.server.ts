import { and, desc, eq, inArray, lt, notExists } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { jobs } from "#db/schema";
import type { Db } from "../db.server";
import { at, UNFINISHED, type JobStatus, type Job, shifted } from "./queue.server";

// The job queue's upkeep (ADR 006): the admin's list, a dead job tried again, and completed
// jobs pruned.

/**
 * Admin action: a dead job goes back to 'pending' with its attempts reset, to run now. False
 * when the job is not dead, or when an unfinished job with the same singleton key exists.
 */
export async function retryDeadJob(db: Db, id: number, { now }: { now?: Date } = {}): Promise<boolean> {
  const twin = alias(jobs, "twin");
  const retried = await db
    .update(jobs)
    .set({ status: "pending", attempts: 0, runAt: at(now), updatedAt: at(now) })
    .where(
      and(
        eq(jobs.id, id),
        eq(jobs.status, "dead"),
        notExists(
          db
            .select({ id: twin.id })
            .from(twin)
            .where(and(eq(twin.singletonKey, jobs.singletonKey), inArray(twin.status, UNFINISHED))),
        ),
      ),
    )
    .returning({ id: jobs.id });
  return retried.length > 0;
}

/** Jobs for the admin page, most recently changed first. */
export async function listJobs(
  db: Db,
  { status, limit }: { status?: JobStatus; limit: number },
): Promise<Job[]> {
  return db
    .select()
    .from(jobs)
    .where(status ? eq(jobs.status, status) : undefined)
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(limit);
}

/** Deletes completed jobs older than the retention; dead jobs stay for an admin. */
export async function pruneCompletedJobs(
  db: Db,
  { olderThanMs, now }: { olderThanMs: number; now?: Date },
): Promise<number> {
  const pruned = await db
    .delete(jobs)
    .where(and(eq(jobs.status, "completed"), lt(jobs.completedAt, shifted(at(now), -olderThanMs))))
    .returning({ id: jobs.id });
  return pruned.length;
}
