import crypto from "node:crypto";
import os from "node:os";
import type { Db } from "../db.server";
import { InvalidJobPayloadError, type ClaimedJob } from "./queue.server";
import {
  claimJobs,
  claimedPayload,
  completeJob,
  describeError,
  extendJobLocks,
  failJob,
  recoverStaleJobs,
} from "./job-claims.server";
import { pruneCompletedJobs } from "./job-maintenance.server";
import { log } from "../log.server";

export interface JobContext {
  /** The worker's database, for the handler's reads and writes. */
  db: Db;
  jobId: number;
  /** 1 for the first attempt. */
  attempt: number;
  maxAttempts: number;
  /** Aborted when the job runs out of time: pass it on to fetch, the SMTP client, etc. */
  signal: AbortSignal;
}

/** Runs one job; throwing (or rejecting) records a failed attempt and schedules a retry. */
export type JobHandler<P = unknown> = (payload: P, ctx: JobContext) => Promise<void>;

export interface WorkerOptions {
  /** Handlers by job name. A job whose name has no handler fails, and ends 'dead'. */
  handlers: Readonly<Record<string, JobHandler<never>>>;
  /** Shown in jobs.locked_by; default: host, pid and a random suffix. */
  workerId?: string;
  /** Pause between two polls when no job is due. */
  pollIntervalMs?: number;
  /** Jobs run at the same time by this worker. */
  concurrency?: number;
  /** A handler still running after this long fails its attempt (its signal is aborted). */
  jobTimeoutMs?: number;
  /** A running job without heartbeat for this long is taken back from its (dead) worker. */
  staleAfterMs?: number;
  /** Completed jobs are deleted after this long; dead jobs stay. */
  completedRetentionMs?: number;
  /** The clock (tests); default: the database's clock. */
  now?: () => Date;
}

export interface Worker {
  readonly id: string;
  /** Starts polling in the background; does nothing when already started. */
  start(): void;
  /**
   * Stops polling and resolves once the jobs being run have finished, those that ran out of time
   * included: the database can then be closed.
   */
  stop(): Promise<void>;
  /** Claims one batch (up to `concurrency` jobs), runs it, and returns how many ran. */
  runOnce(): Promise<number>;
}

const MAX_ERROR_PAUSE_MS = 30_000;
const MAX_MAINTENANCE_INTERVAL_MS = 60_000;

class UnknownJobError extends Error {
  constructor(name: string) {
    super(`No handler is registered for job "${name}"`);
    this.name = "UnknownJobError";
  }
}

class JobTimeoutError extends Error {
  constructor(ms: number) {
    super(`The job did not finish within ${ms} ms`);
    this.name = "JobTimeoutError";
  }
}

export function createWorker(
  db: Db,
  {
    handlers,
    workerId = `${os.hostname()}-${process.pid}-${crypto.randomBytes(3).toString("hex")}`,
    pollIntervalMs = 1_000,
    concurrency = 4,
    jobTimeoutMs = 2 * 60_000,
    staleAfterMs = 5 * 60_000,
    completedRetentionMs = 14 * 24 * 60 * 60_000,
    now,
  }: WorkerOptions,
): Worker {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer, got ${concurrency}`);
  }
  const clock = () => now?.();
  const running = new Map<number, Promise<void>>();
  /** Handlers that ran out of time and have not returned yet. */
  const outlived = new Set<Promise<void>>();
  let started = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let waitingForSlot = false;
  let wake: (() => void) | undefined;
  let maintenanceTimer: NodeJS.Timeout | undefined;
  let maintenance: Promise<void> | undefined;

  /** Runs the job's handler; rejects when it throws or runs out of time. */
  async function runHandler(job: ClaimedJob): Promise<void> {
    const handler = Object.hasOwn(handlers, job.name) ? handlers[job.name] : undefined;
    if (!handler) throw new UnknownJobError(job.name);
    // Checked against its schema (ADR 099): an invalid payload fails the job for good.
    const payload = claimedPayload(job);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new JobTimeoutError(jobTimeoutMs);
        controller.abort(error);
        reject(error);
      }, jobTimeoutMs);
    });
    const ctx: JobContext = {
      db,
      jobId: job.id,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      signal: controller.signal,
    };
    let work: Promise<void> | undefined;
    try {
      work = handler(payload as never, ctx);
      await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
      // Out of time: its signal is aborted, but the handler may still be using the database.
      if (work && controller.signal.aborted) outlive(work);
    }
  }

  /** Keeps a timed-out handler's work until it settles: stop() waits for it too (ADR 064). */
  function outlive(work: Promise<void>): void {
    const settled: Promise<void> = work
      .then(
        () => {},
        () => {},
      )
      .finally(() => outlived.delete(settled));
    outlived.add(settled);
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    let failure: { error: unknown } | undefined;
    try {
      await runHandler(job);
    } catch (error) {
      failure = { error };
    }
    const label = `Tâche ${job.name} #${job.id} (essai ${job.attempts}/${job.maxAttempts})`;
    try {
      if (!failure) {
        if (!(await completeJob(db, job, { now: clock() }))) {
          log.warn(`${label} : terminée, mais reprise entre-temps par un autre worker.`);
        }
        return;
      }
      const invalid = failure.error instanceof InvalidJobPayloadError;
      const status = await failJob(db, job, failure.error, { now: clock(), permanent: invalid });
      const outcome =
        status === "dead" && invalid
          ? "abandonnée (dead) sans nouvel essai : charge utile invalide, une erreur de programmation"
          : status === "dead"
            ? "abandonnée (dead), à relancer depuis l'administration"
            : status === "pending"
              ? "nouvel essai plus tard"
              : "reprise entre-temps par un autre worker";
      log.warn(`${label} en échec : ${describeError(failure.error)} — ${outcome}.`);
    } catch (error) {
      // The job stays 'running' under our name; once its lock is stale, it runs again.
      log.warn(`${label} : résultat non enregistré (${describeError(error)}), elle sera reprise.`);
    }
  }

  function track(job: ClaimedJob): Promise<void> {
    const run = runJob(job).finally(() => {
      running.delete(job.id);
      if (waitingForSlot) wake?.();
    });
    running.set(job.id, run);
    return run;
  }

  /** Waits for `ms`, or (without ms) until woken: a slot frees up, or stop() is called. */
  function sleep(ms?: number): Promise<void> {
    if (stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function poll(): Promise<void> {
    let failures = 0;
    while (!stopping) {
      const free = concurrency - running.size;
      if (free === 0) {
        waitingForSlot = true;
        await sleep();
        waitingForSlot = false;
        continue;
      }
      try {
        const claimed = await claimJobs(db, { workerId, limit: free, now: clock() });
        failures = 0;
        for (const job of claimed) void track(job);
        // A full batch means more jobs may be due: claim again as soon as a slot frees up.
        if (claimed.length < free) await sleep(pollIntervalMs);
      } catch (error) {
        failures += 1;
        const pause = Math.min(pollIntervalMs * 2 ** failures, MAX_ERROR_PAUSE_MS);
        log.warn(
          `File de tâches : lecture impossible (${describeError(error)}), nouvel essai dans ${pause} ms.`,
        );
        await sleep(pause);
      }
    }
  }

  async function maintain(): Promise<void> {
    try {
      await extendJobLocks(db, { workerId, ids: [...running.keys()], now: clock() });
      const recovered = await recoverStaleJobs(db, { olderThanMs: staleAfterMs, now: clock() });
      if (recovered > 0) {
        log.warn(`File de tâches : ${recovered} tâche(s) d'un worker arrêté remise(s) en file.`);
      }
      await pruneCompletedJobs(db, { olderThanMs: completedRetentionMs, now: clock() });
    } catch (error) {
      log.warn(`File de tâches : entretien impossible (${describeError(error)}).`);
    }
  }

  function scheduleMaintenance(): void {
    maintenance ??= maintain().finally(() => {
      maintenance = undefined;
    });
  }

  return {
    id: workerId,
    start() {
      if (started) return;
      started = true;
      stopping = false;
      scheduleMaintenance();
      maintenanceTimer = setInterval(
        scheduleMaintenance,
        Math.min(MAX_MAINTENANCE_INTERVAL_MS, Math.max(1, Math.floor(staleAfterMs / 4))),
      );
      maintenanceTimer.unref();
      loop = poll();
    },
    async stop() {
      stopping = true;
      clearInterval(maintenanceTimer);
      wake?.();
      await loop;
      await Promise.all(running.values());
      await Promise.all(outlived);
      await maintenance;
      started = false;
      loop = undefined;
    },
    async runOnce() {
      const claimed = await claimJobs(db, { workerId, limit: concurrency, now: clock() });
      await Promise.all(claimed.map(track));
      return claimed.length;
    },
  };
}
