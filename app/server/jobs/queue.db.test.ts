import { DrizzleQueryError, eq } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { jobs } from "#db/schema";
import { describeDatabases } from "../../../tests/setup/db";
import { loggedLines } from "../../../tests/setup/unit";
import { InvalidJobPayloadError, enqueue, jobCounts, newJobsInsert, type ClaimedJob } from "./queue.server";
import {
  MAX_ERROR_LENGTH,
  claimJobs,
  completeJob,
  describeError,
  extendJobLocks,
  failJob,
  recoverStaleJobs,
} from "./job-claims.server";
import { listJobs, pruneCompletedJobs, retryDeadJob } from "./job-maintenance.server";
import { createWorker, type JobContext } from "./worker.server";

const T0 = new Date("2026-03-09T14:00:00Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describeDatabases("job queue", ({ db }) => {
  beforeEach(async () => {
    await db().delete(jobs);
  });

  async function row(id: number) {
    const [job] = await db().select().from(jobs).where(eq(jobs.id, id));
    return job!;
  }

  async function claimOne(now: Date, workerId = "w1"): Promise<ClaimedJob> {
    const [job] = await claimJobs(db(), { workerId, limit: 1, now });
    expect(job).toBeDefined();
    return job!;
  }

  it("enqueues, claims once and completes a job", async () => {
    const id = await enqueue(db(), "noop", {}, { runAt: T0 });
    const claimed = await claimJobs(db(), { workerId: "w1", limit: 10, now: T0 });
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ id, status: "running", attempts: 1, lockedBy: "w1" });
    expect(await claimJobs(db(), { workerId: "w2", limit: 10, now: T0 })).toEqual([]);

    expect(await completeJob(db(), claimed[0]!, { now: later(1_000) })).toBe(true);
    expect(await row(id)).toMatchObject({
      status: "completed",
      completedAt: later(1_000),
      lockedBy: null,
      lockedAt: null,
    });
    expect(await completeJob(db(), claimed[0]!)).toBe(false);
  });

  it("claims due jobs oldest first, up to the limit, and only the names asked for", async () => {
    const third = await enqueue(db(), "noop", {}, { runAt: later(-1_000) });
    const first = await enqueue(db(), "noop", {}, { runAt: later(-3_000) });
    const second = await enqueue(db(), "noop", {}, { runAt: later(-2_000) });
    expect(await claimJobs(db(), { workerId: "w1", names: ["email.send"], limit: 5, now: T0 })).toEqual([]);
    const batch = await claimJobs(db(), { workerId: "w1", names: ["noop"], limit: 2, now: T0 });
    expect(batch.map((j) => j.id)).toEqual([first, second]);
    expect((await claimOne(T0)).id).toBe(third);
  });

  it("does not claim a scheduled job before its time", async () => {
    const id = await enqueue(db(), "noop", {}, { runAt: later(HOUR) });
    expect(await claimJobs(db(), { workerId: "w1", limit: 10, now: T0 })).toEqual([]);
    expect(await claimJobs(db(), { workerId: "w1", limit: 10, now: later(HOUR - 1) })).toEqual([]);
    expect((await claimOne(later(HOUR))).id).toBe(id);
  });

  it("writes a job atomically with the caller's transaction", async () => {
    const committed = await db().transaction((tx) => enqueue(tx, "noop", {}));
    await expect(
      db().transaction(async (tx) => {
        await enqueue(tx, "noop", {});
        throw new Error("business rule refused");
      }),
    ).rejects.toThrow("business rule refused");
    expect((await db().select().from(jobs)).map((j) => j.id)).toEqual([committed]);
  });

  it("retries a failed job after a backoff, keeps it dead after max_attempts, and an admin retries it", async () => {
    const id = await enqueue(db(), "noop", {}, { runAt: T0, maxAttempts: 2 });

    const first = await claimOne(T0);
    expect(await failJob(db(), first, new Error("SMTP refused"), { now: T0 })).toBe("pending");
    const pending = await row(id);
    expect(pending).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "SMTP refused",
      lockedBy: null,
    });
    // First backoff: 10 s, shortened by at most 20 % of jitter.
    expect(pending.runAt.getTime()).toBeGreaterThanOrEqual(later(8_000).getTime());
    expect(pending.runAt.getTime()).toBeLessThanOrEqual(later(10_000).getTime());
    expect(await claimJobs(db(), { workerId: "w1", limit: 1, now: later(5_000) })).toEqual([]);

    const second = await claimOne(later(10_000));
    expect(second.attempts).toBe(2);
    const cause = new Error("connect ECONNREFUSED 127.0.0.1:25");
    expect(await failJob(db(), second, new Error("send failed", { cause }), { now: later(10_000) })).toBe(
      "dead",
    );
    expect(await row(id)).toMatchObject({
      status: "dead",
      attempts: 2,
      lastError: "send failed ← connect ECONNREFUSED 127.0.0.1:25",
    });
    expect(await claimJobs(db(), { workerId: "w1", limit: 1, now: later(10 * HOUR) })).toEqual([]);

    expect((await listJobs(db(), { status: "dead", limit: 10 })).map((j) => j.id)).toEqual([id]);
    expect(await jobCounts(db())).toEqual({ pending: 0, running: 0, completed: 0, dead: 1 });

    expect(await retryDeadJob(db(), id, { now: later(HOUR) })).toBe(true);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, runAt: later(HOUR) });
    expect(await retryDeadJob(db(), id)).toBe(false);
    expect((await claimOne(later(HOUR))).attempts).toBe(1);
  });

  it("keeps a short last_error without SQL, and ignores the result of a claim it lost", async () => {
    const id = await enqueue(db(), "noop", {}, { runAt: T0 });
    const job = await claimOne(T0);
    expect(await failJob(db(), job, new Error("x".repeat(10_000)), { now: T0 })).toBe("pending");
    expect((await row(id)).lastError).toHaveLength(MAX_ERROR_LENGTH);
    const queryError = new DrizzleQueryError("select $1", ["lea@example.com"], new Error("connection lost"));
    expect(describeError(queryError)).toBe("database query failed ← connection lost");
    expect(await failJob(db(), job, new Error("again"), { now: T0 })).toBeNull();
  });

  it("keeps one unfinished job per singleton key", async () => {
    const first = await enqueue(db(), "noop", {}, { runAt: T0, singletonKey: "reminder:A1" });
    expect(await enqueue(db(), "noop", {}, { singletonKey: "reminder:A1" })).toBe(first);
    expect(await db().transaction((tx) => enqueue(tx, "noop", {}, { singletonKey: "reminder:A1" }))).toBe(
      first,
    );
    const other = await enqueue(db(), "noop", {}, { singletonKey: "reminder:B2" });
    expect(other).not.toBe(first);

    const job = await claimOne(T0);
    expect(job.id).toBe(first);
    expect(await enqueue(db(), "noop", {}, { singletonKey: "reminder:A1" })).toBe(first);
    await completeJob(db(), job, { now: T0 });
    const next = await enqueue(db(), "noop", {}, { singletonKey: "reminder:A1" });
    expect(next).not.toBe(first);
    expect(await db().select().from(jobs)).toHaveLength(3);
  });

  it("does not retry a dead job while another job with its singleton key is unfinished", async () => {
    const dead = await enqueue(db(), "noop", {}, { runAt: T0, maxAttempts: 1, singletonKey: "webhook:C3" });
    expect(await failJob(db(), await claimOne(T0), new Error("HTTP 503"), { now: T0 })).toBe("dead");
    const fresh = await enqueue(db(), "noop", {}, { singletonKey: "webhook:C3" });
    expect(fresh).not.toBe(dead);
    expect(await retryDeadJob(db(), dead)).toBe(false);
    expect((await row(dead)).status).toBe("dead");
  });

  it("puts back the jobs of a worker that died, unless the heartbeat keeps them", async () => {
    const lost = await enqueue(db(), "noop", {}, { runAt: T0 });
    const alive = await enqueue(db(), "noop", {}, { runAt: T0 });
    const lastChance = await enqueue(db(), "noop", {}, { runAt: T0, maxAttempts: 1 });
    await claimJobs(db(), { workerId: "crashed", limit: 3, now: T0 });
    await db().update(jobs).set({ lockedBy: "alive" }).where(eq(jobs.id, alive));

    expect(await recoverStaleJobs(db(), { olderThanMs: 5 * MINUTE, now: later(4 * MINUTE) })).toBe(0);
    await extendJobLocks(db(), { workerId: "alive", ids: [alive], now: later(4 * MINUTE) });
    expect(await recoverStaleJobs(db(), { olderThanMs: 5 * MINUTE, now: later(6 * MINUTE) })).toBe(2);

    expect(await row(lost)).toMatchObject({
      status: "pending",
      attempts: 1,
      runAt: later(6 * MINUTE),
      lockedBy: null,
      lastError: "Worker crashed stopped while running this job (attempt 1).",
    });
    expect(await row(lastChance)).toMatchObject({ status: "dead", lockedBy: null });
    expect(await row(alive)).toMatchObject({ status: "running", lockedBy: "alive" });
    expect((await claimOne(later(6 * MINUTE))).attempts).toBe(2);
  });

  it("prunes old completed jobs and keeps dead ones", async () => {
    const done = await enqueue(db(), "noop", {}, { runAt: T0 });
    const dead = await enqueue(db(), "noop", {}, { runAt: T0, maxAttempts: 1 });
    await completeJob(db(), await claimOne(T0), { now: T0 });
    await failJob(db(), await claimOne(T0), new Error("boom"), { now: T0 });
    expect(await pruneCompletedJobs(db(), { olderThanMs: HOUR, now: later(HOUR - 1) })).toBe(0);
    expect(await pruneCompletedJobs(db(), { olderThanMs: HOUR, now: later(2 * HOUR) })).toBe(1);
    expect((await db().select().from(jobs)).map((j) => j.id)).toEqual([dead]);
    expect(done).not.toBe(dead);
  });

  it("runs a handler that fails twice, then succeeds on the third attempt", async () => {
    let now = T0;
    const contexts: Pick<JobContext, "jobId" | "attempt" | "maxAttempts">[] = [];
    const worker = createWorker(db(), {
      workerId: "w1",
      now: () => now,
      handlers: {
        noop: async (_payload, { jobId, attempt, maxAttempts }) => {
          contexts.push({ jobId, attempt, maxAttempts });
          if (attempt < 3) throw new Error(`provider down (${attempt})`);
        },
      },
    });
    const id = await enqueue(db(), "noop", {}, { runAt: T0 });

    expect(await worker.runOnce()).toBe(1);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 1, lastError: "provider down (1)" });
    expect(await worker.runOnce()).toBe(0);
    now = later(HOUR);
    expect(await worker.runOnce()).toBe(1);
    now = later(2 * HOUR);
    expect(await worker.runOnce()).toBe(1);

    expect(await row(id)).toMatchObject({ status: "completed", attempts: 3, completedAt: later(2 * HOUR) });
    expect(contexts).toEqual([1, 2, 3].map((attempt) => ({ jobId: id, attempt, maxAttempts: 5 })));
    expect(loggedLines("warn")).toHaveLength(2);
  });

  it("fails a job whose name has no handler until it is dead", async () => {
    let now = T0;
    const worker = createWorker(db(), { now: () => now, handlers: { noop: async () => {} } });
    const [job] = await db()
      .insert(jobs)
      .values([{ name: "toString", runAt: T0, maxAttempts: 2 }])
      .returning();
    await worker.runOnce();
    now = later(HOUR);
    await worker.runOnce();
    expect(await row(job!.id)).toMatchObject({
      status: "dead",
      attempts: 2,
      lastError: 'No handler is registered for job "toString"',
    });
  });

  it("refuses at enqueue a payload that does not match its job's schema, and writes nothing", async () => {
    const bad = { appointmentId: 42 } as unknown as { appointmentId: string };
    await expect(enqueue(db(), "review.request", bad)).rejects.toThrow(InvalidJobPayloadError);
    await expect(enqueue(db(), "review.request", bad)).rejects.toThrow(/review\.request.*appointmentId/);
    await expect(
      enqueue(db(), "email.crew-arrival", { appointmentId: "a", kind: "en_route", arrivalAt: "demain" }),
    ).rejects.toThrow(InvalidJobPayloadError);
    // The statement is refused as it is built, before it runs.
    expect(() =>
      newJobsInsert(db(), [
        { name: "noop", payload: {} },
        { name: "sms.deliver", payload: {} as unknown as { smsId: string } },
      ]),
    ).toThrow(/sms\.deliver/);
    expect(await db().select().from(jobs)).toEqual([]);
  });

  it("keeps only the keys a job's schema names", async () => {
    const extra = { appointmentId: "a", email: "client@example.com" } as { appointmentId: string };
    const id = await enqueue(db(), "review.request", extra);
    expect((await row(id)).payload).toEqual({ appointmentId: "a" });
  });

  it("fails for good, without running it, a claimed job whose payload does not match its schema", async () => {
    const ran: unknown[] = [];
    const worker = createWorker(db(), {
      now: () => T0,
      handlers: { "review.request": async (payload) => void ran.push(payload) },
    });
    const [job] = await db()
      .insert(jobs)
      .values([{ name: "review.request", payload: { appointmentId: null }, runAt: T0, maxAttempts: 5 }])
      .returning();
    expect(await worker.runOnce()).toBe(1);

    expect(ran).toEqual([]);
    const failed = await row(job!.id);
    expect(failed).toMatchObject({ status: "dead", attempts: 1, lockedBy: null });
    expect(failed.lastError).toMatch(/^Invalid payload for job "review\.request": .*appointmentId/);
    expect(loggedLines("warn").map((line) => line.msg)).toEqual([
      expect.stringMatching(/review\.request.*charge utile invalide/),
    ]);
    // Never tried again, and the worker goes on with the next job.
    expect(await worker.runOnce()).toBe(0);
    await enqueue(db(), "review.request", { appointmentId: "a" }, { runAt: T0 });
    expect(await worker.runOnce()).toBe(1);
    expect(ran).toEqual([{ appointmentId: "a" }]);
  });

  it("fails an attempt that runs out of time, and aborts its signal", async () => {
    let signal: AbortSignal | undefined;
    const worker = createWorker(db(), {
      now: () => T0,
      jobTimeoutMs: 50,
      handlers: {
        noop: (_payload, ctx) => {
          signal = ctx.signal;
          return new Promise(() => {});
        },
      },
    });
    const id = await enqueue(db(), "noop", {}, { runAt: T0 });
    expect(await worker.runOnce()).toBe(1);
    expect(signal?.aborted).toBe(true);
    expect(await row(id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "The job did not finish within 50 ms",
    });
  });

  it("waits for the running jobs when it stops", async () => {
    let release = () => {};
    const started = vi.fn();
    const worker = createWorker(db(), {
      pollIntervalMs: 10,
      handlers: {
        noop: async () => {
          started();
          await new Promise<void>((resolve) => (release = resolve));
        },
      },
    });
    const id = await enqueue(db(), "noop", {});
    worker.start();
    await vi.waitFor(() => expect(started).toHaveBeenCalled(), { timeout: 5_000 });

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await row(id)).status).toBe("completed");
  });

  it("waits, when it stops, for a handler that ran out of time and still writes", async () => {
    let release = () => {};
    const worker = createWorker(db(), {
      pollIntervalMs: 10,
      jobTimeoutMs: 50,
      handlers: {
        // Ignores its aborted signal, then writes: the database must still be open by then.
        noop: async (_payload, ctx) => {
          await new Promise<void>((resolve) => (release = resolve));
          await enqueue(ctx.db, "noop", {}, { runAt: new Date(Date.now() + HOUR) });
        },
      },
    });
    await enqueue(db(), "noop", {});
    worker.start();
    await vi.waitFor(
      async () =>
        expect((await db().select().from(jobs)).map((job) => job.lastError)).toContain(
          "The job did not finish within 50 ms",
        ),
      { timeout: 5_000 },
    );

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await db().select().from(jobs)).toHaveLength(2);
  });
});
