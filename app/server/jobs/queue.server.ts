import {
  DrizzleQueryError,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  lt,
  lte,
  notExists,
  sql,
  type SQL,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { jobs, type jobStatus } from "#db/schema";
import { retryDelayMs } from "~/domain/jobs/backoff";
import { z } from "~/lib/zod-fr";
import { preparedOnce } from "../db-statements.server";
import type { Db, Tx } from "../db.server";
import { jobSchemas } from "./definitions";
import { SECRET_FIELDS, openPayload, sealPayload } from "./job-secrets.server";
import type { JobName, JobPayloads } from "./payloads";

export type Job = typeof jobs.$inferSelect;
export type JobStatus = (typeof jobStatus.enumValues)[number];
/** A job as a worker holds it between claimJobs and completeJob / failJob. */
export type ClaimedJob = Job & { status: "running"; lockedBy: string; lockedAt: Date };

/** Longest last_error kept: enough for a provider's answer, small enough for an admin table. */
export const MAX_ERROR_LENGTH = 2_000;

const UNFINISHED: JobStatus[] = ["pending", "running"];

/**
 * The given instant, or the database's clock: one clock for every app instance and worker.
 * Tests pass `now` to move time forward.
 */
function at(now: Date | undefined): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

function shifted(instant: SQL, ms: number): SQL {
  return sql`(${instant} + make_interval(secs => ${ms / 1_000}))`;
}

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
 * A job's payload that does not match its schema (`definitions/<name>.ts`, ADR 099). At enqueue
 * it is a programming fault, thrown to the caller; at claim the job fails for good ('dead').
 */
export class InvalidJobPayloadError extends Error {
  constructor(name: string, reason: string) {
    super(`Invalid payload for job "${name}": ${reason}`);
    this.name = "InvalidJobPayloadError";
  }
}

function schemaOf(name: string) {
  return Object.hasOwn(jobSchemas, name) ? jobSchemas[name as JobName] : undefined;
}

function refused(name: string, error: z.ZodError): InvalidJobPayloadError {
  return new InvalidJobPayloadError(name, z.prettifyError(error).replace(/\s*\n\s*/g, " "));
}

/** The payload as its schema parses it (unknown keys left out); throws when it does not match. */
function validPayload<N extends JobName>(name: N, payload: JobPayloads[N]): JobPayloads[N] {
  const schema = schemaOf(name);
  if (!schema) throw new InvalidJobPayloadError(name, "no definition for this job name");
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw refused(name, parsed.error);
  return parsed.data as JobPayloads[N];
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

export interface EnqueueOptions {
  /** Not before this instant (a scheduled job); default: as soon as a worker is free. */
  runAt?: Date;
  /** Attempts before the job is kept as 'dead'; default 5 (the column's default). */
  maxAttempts?: number;
  /** At most one unfinished job per key: a second enqueue returns the first job's id. */
  singletonKey?: string;
}

/**
 * Queues a job and returns its id. Pass the caller's transaction to write the job atomically
 * with the business row: it is then run only if that transaction commits.
 */
export async function enqueue<N extends JobName>(
  db: Db | Tx,
  name: N,
  payload: JobPayloads[N],
  { runAt, maxAttempts, singletonKey }: EnqueueOptions = {},
): Promise<number> {
  // Checked against its schema (ADR 099), its secrets (a manage token, an account link) sealed (ADR 068).
  const values = {
    name,
    payload: sealPayload(validPayload(name, payload)),
    runAt,
    maxAttempts,
    singletonKey,
  };
  if (singletonKey === undefined) {
    const [job] = await db.insert(jobs).values(values).returning({ id: jobs.id });
    return job!.id;
  }
  // ON CONFLICT DO NOTHING keeps a caller's transaction usable (a unique violation would abort
  // it). The existing job may finish between the two statements: then insert again.
  for (let round = 0; round < 3; round++) {
    const [created] = await db
      .insert(jobs)
      .values(values)
      .onConflictDoNothing({
        target: jobs.singletonKey,
        where: sql`${jobs.singletonKey} is not null and ${jobs.status} in ('pending', 'running')`,
      })
      .returning({ id: jobs.id });
    if (created) return created.id;
    const [existing] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.singletonKey, singletonKey), inArray(jobs.status, UNFINISHED)));
    if (existing) return existing.id;
  }
  throw new Error(`Could not enqueue job ${name} with singleton key ${singletonKey}: it keeps changing`);
}

/** A job's name and a payload of that job. */
type NamedPayload = { [N in JobName]: { name: N; payload: JobPayloads[N] } }[JobName];

/** One job of `enqueueAll`: its name, payload and the options of `enqueue`. */
type NewJob = NamedPayload & EnqueueOptions;

/**
 * The statement that queues several new jobs at once (a booking's e-mail and reminder, ADR 054),
 * not yet run: await it, or run it with others (`insertTogether`). A job whose singleton key
 * already has an unfinished job is left out, as `enqueue` would keep the existing one; meant for
 * keys that cannot exist yet (those of a row inserted in the same transaction).
 */
export function newJobsInsert(db: Db | Tx, list: readonly [NewJob, ...NewJob[]]) {
  return db
    .insert(jobs)
    .values(
      list.map(({ name, payload, runAt, maxAttempts, singletonKey }) => ({
        name,
        payload: sealPayload(validPayload(name, payload)),
        runAt,
        maxAttempts,
        singletonKey,
      })),
    )
    .onConflictDoNothing({
      target: jobs.singletonKey,
      where: sql`${jobs.singletonKey} is not null and ${jobs.status} in ('pending', 'running')`,
    });
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

/** How many jobs are in each status. */
export async function jobCounts(db: Db): Promise<Record<JobStatus, number>> {
  const rows = await db.select({ status: jobs.status, count: count() }).from(jobs).groupBy(jobs.status);
  const counts: Record<JobStatus, number> = { pending: 0, running: 0, completed: 0, dead: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
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

/**
 * Moves the pending job of a singleton key (a reminder) to a new time, and its payload when
 * given (`job`: the job's name and its new payload, checked). Returns its id, or null when no job of that key is pending (not queued, or already
 * running or done): the caller then enqueues a new one if it still wants it.
 */
export async function reschedulePendingJob(
  db: Db | Tx,
  singletonKey: string,
  { runAt, job }: { runAt: Date; job?: NamedPayload },
): Promise<number | null> {
  const [moved] = await db
    .update(jobs)
    .set({
      runAt,
      ...(job === undefined ? {} : { payload: sealPayload(validPayload(job.name, job.payload)) }),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(jobs.singletonKey, singletonKey),
        eq(jobs.status, "pending"),
        job === undefined ? undefined : eq(jobs.name, job.name),
      ),
    )
    .returning({ id: jobs.id });
  return moved?.id ?? null;
}

/**
 * Deletes the pending job of a singleton key (a reminder that is no longer wanted). A job
 * already running is left alone: its handler re-checks what it is about. Returns how many went.
 */
export async function dropPendingJobs(db: Db | Tx, singletonKey: string): Promise<number> {
  const dropped = await db
    .delete(jobs)
    .where(and(eq(jobs.singletonKey, singletonKey), eq(jobs.status, "pending")))
    .returning({ id: jobs.id });
  return dropped.length;
}
