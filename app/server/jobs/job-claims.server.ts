import { DrizzleQueryError, and, asc, eq, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import { jobs } from "#db/schema";
import { retryDelayMs } from "~/domain/jobs/backoff";
import { type z } from "~/lib/zod-fr";
import { preparedOnce } from "../db-statements.server";
import type { Db } from "../db.server";
import { SECRET_FIELDS, openPayload } from "./job-secrets.server";
import { type ClaimedJob, type Job, schemaOf, refused, at, shifted } from "./queue.server";

// A worker's side of the job queue (ADR 006): claim due jobs (payload checked again, secrets
// opened), complete or fail them (backoff, then 'dead'), keep the claim alive, and recover the
// jobs of a worker that stopped.

/** Longest last_error kept: enough for a provider's answer, small enough for an admin table. */
export const MAX_ERROR_LENGTH = 2_000;

/** The claim a worker holds on a job: same row, still running, same worker, same attempt. */
function heldBy(job: ClaimedJob): SQL {
  return and(
    eq(jobs.id, job.id),
    eq(jobs.status, "running"),
    eq(jobs.lockedBy, job.lockedBy),
    eq(jobs.attempts, job.attempts),
  )!;
}

/**
 * A one-line description of an error and its causes (e.g. fetch failed ← connect ECONNREFUSED).
 * A failed query is named without its SQL and parameters, which may hold personal data.
 */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && parts.length < 4) {
    if (current instanceof Error) {
      parts.push(
        current instanceof DrizzleQueryError ? "database query failed" : current.message || current.name,
      );
      current = current.cause;
    } else {
      parts.push(String(current));
      current = undefined;
    }
  }
  const text = parts.join(" ← ");
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/**
 * A claimed job's payload, its secrets opened, checked against its schema; throws
 * InvalidJobPayloadError when it does not match. A secret that could not be opened (the key
 * changed) is left out by `openPayload` and may be missing here: its handler copes (ADR 068).
 * A name without definition passes as it is: the worker has no handler for it either.
 */
export function claimedPayload(job: Pick<Job, "name" | "payload">): unknown {
  const schema: z.ZodObject | undefined = schemaOf(job.name);
  if (!schema) return job.payload;
  const secrets = SECRET_FIELDS.filter((field) => Object.hasOwn(schema.shape, field));
  const parsed = schema
    .partial(Object.fromEntries(secrets.map((field) => [field, true])) as Partial<Record<string, true>>)
    .safeParse(job.payload);
  if (!parsed.success) throw refused(job.name, parsed.error);
  return parsed.data;
}

/**
 * Claims up to `limit` due jobs for one worker, oldest first, in one statement. Rows another
 * worker is claiming are skipped (FOR UPDATE SKIP LOCKED), so every job goes to one worker.
 */
export async function claimJobs(
  db: Db,
  { workerId, names, limit, now }: { workerId: string; names?: string[]; limit: number; now?: Date },
): Promise<ClaimedJob[]> {
  if (limit < 1 || names?.length === 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "pending"),
        lte(jobs.runAt, at(now)),
        names ? inArray(jobs.name, names) : undefined,
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  // `= any(array(...))` runs the locking subquery exactly once; a plain `in (...)` may be
  // re-evaluated by the planner and then lock more than `limit` rows.
  const claimed = await db
    .update(jobs)
    .set({
      status: "running",
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: workerId,
      lockedAt: at(now),
      updatedAt: at(now),
    })
    .where(sql`${jobs.id} = any(array(${due}))`)
    .returning();
  // The handler reads the secrets opened; the row keeps them sealed (ADR 068).
  return (claimed as ClaimedJob[])
    .map((job) => ({ ...job, payload: openPayload(job.payload) }))
    .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/**
 * `completeJob` on the database's clock, built and named once (ADR 054): the worker runs it for
 * every job, a booking's e-mail included.
 */
const completeOnDatabaseClock = preparedOnce((db) =>
  db
    .update(jobs)
    .set({
      status: "completed",
      completedAt: sql`now()`,
      lockedBy: null,
      lockedAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(jobs.id, sql.placeholder("id")),
        eq(jobs.status, "running"),
        eq(jobs.lockedBy, sql.placeholder("lockedBy")),
        eq(jobs.attempts, sql.placeholder("attempts")),
      ),
    )
    .returning({ id: jobs.id })
    .prepare("jobs_complete"),
);

/** Marks a claimed job done. False when the claim was lost (the job was recovered as stale). */
export async function completeJob(db: Db, job: ClaimedJob, { now }: { now?: Date } = {}): Promise<boolean> {
  if (now === undefined) {
    const done = await completeOnDatabaseClock(db).execute({
      id: job.id,
      lockedBy: job.lockedBy,
      attempts: job.attempts,
    });
    return done.length > 0;
  }
  const done = await db
    .update(jobs)
    .set({ status: "completed", completedAt: at(now), lockedBy: null, lockedAt: null, updatedAt: at(now) })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return done.length > 0;
}

/**
 * Records a failed attempt: back to 'pending' after an exponential backoff, or 'dead' once
 * max_attempts is reached, or at once when `permanent` (no attempt can succeed: an invalid
 * payload). Returns the new status, or null when the claim was lost.
 */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  error: unknown,
  { now, permanent = false }: { now?: Date; permanent?: boolean } = {},
): Promise<"pending" | "dead" | null> {
  const dead = permanent || job.attempts >= job.maxAttempts;
  const failed = await db
    .update(jobs)
    .set({
      status: dead ? "dead" : "pending",
      ...(dead ? {} : { runAt: shifted(at(now), retryDelayMs(job.attempts, { jitterKey: job.id })) }),
      lastError: describeError(error),
      lockedBy: null,
      lockedAt: null,
      updatedAt: at(now),
    })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  if (failed.length === 0) return null;
  return dead ? "dead" : "pending";
}

/** Heartbeat: a worker refreshes locked_at of the jobs it is running so they never look stale. */
export async function extendJobLocks(
  db: Db,
  { workerId, ids, now }: { workerId: string; ids: number[]; now?: Date },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ lockedAt: at(now), updatedAt: at(now) })
    .where(and(inArray(jobs.id, ids), eq(jobs.status, "running"), eq(jobs.lockedBy, workerId)));
}

/**
 * Running jobs whose worker died (no heartbeat for olderThanMs) go back to 'pending' to run
 * now, or to 'dead' when that attempt was their last. Returns how many were recovered.
 */
export async function recoverStaleJobs(
  db: Db,
  { olderThanMs, now }: { olderThanMs: number; now?: Date },
): Promise<number> {
  const recovered = await db
    .update(jobs)
    .set({
      status: sql`(case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'dead' else 'pending' end)::job_status`,
      runAt: at(now),
      lastError: sql`'Worker ' || ${jobs.lockedBy} || ' stopped while running this job (attempt ' || ${jobs.attempts} || ').'`,
      lockedBy: null,
      lockedAt: null,
      updatedAt: at(now),
    })
    .where(and(eq(jobs.status, "running"), lt(jobs.lockedAt, shifted(at(now), -olderThanMs))))
    .returning({ id: jobs.id });
  return recovered.length;
}
