import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { jobs, type jobStatus } from "#db/schema";
import { z } from "~/lib/zod-fr";
import type { Db, Tx } from "../db.server";
import { jobSchemas } from "./definitions";
import { sealPayload } from "./job-secrets.server";
import type { JobName, JobPayloads } from "./payloads";

// The job queue in the database (ADR 006): a job is queued, alone or with others, in the
// caller's transaction, its payload checked by its Zod schema and its secrets sealed (ADR 068); a
// pending job may be moved or dropped; the queue's counts by status. Workers claim and finish
// jobs in `job-claims`; the admin's list and the clean-up are in `job-maintenance`.

export type Job = typeof jobs.$inferSelect;
export type JobStatus = (typeof jobStatus.enumValues)[number];
/** A job as a worker holds it between claimJobs and completeJob / failJob. */
export type ClaimedJob = Job & { status: "running"; lockedBy: string; lockedAt: Date };

export const UNFINISHED: JobStatus[] = ["pending", "running"];

/**
 * The given instant, or the database's clock: one clock for every app instance and worker.
 * Tests pass `now` to move time forward.
 */
export function at(now: Date | undefined): SQL {
  return now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
}

export function shifted(instant: SQL, ms: number): SQL {
  return sql`(${instant} + make_interval(secs => ${ms / 1_000}))`;
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

export function schemaOf(name: string) {
  return Object.hasOwn(jobSchemas, name) ? jobSchemas[name as JobName] : undefined;
}

export function refused(name: string, error: z.ZodError): InvalidJobPayloadError {
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

/** How many jobs are in each status. */
export async function jobCounts(db: Db): Promise<Record<JobStatus, number>> {
  const rows = await db.select({ status: jobs.status, count: count() }).from(jobs).groupBy(jobs.status);
  const counts: Record<JobStatus, number> = { pending: 0, running: 0, completed: 0, dead: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
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
