// The job queue and the daily jobs on the bench's database (scripts/bench.mjs, BENCH_SCALE, ADR
// 098), with the server stopped (PGlite's folder has one process): how many jobs a worker claims
// and completes per second with the finished jobs of the network in the table, and the run time
// of each daily job (win-back, recurring placement, the purges) and of a reminder and a review
// request. Prints one JSON line: [{ title, p50Ms, p95Ms, requestsPerSecond, runs }].
import { and, eq, sql } from "drizzle-orm";
import * as s from "#db/schema";
import { claimJobs, completeJob } from "~/server/jobs/job-claims.server";
import { jobHandlers } from "~/server/jobs/registry.server";
import type { JobContext } from "~/server/jobs/worker.server";
import { openDatabase } from "~/server/db.server";
import { env } from "~/server/env.server";

const CLAIM_JOBS = Number(process.env.BENCH_CLAIM_JOBS ?? 2000);
const RUNS = Number(process.env.BENCH_JOB_RUNS ?? 3);

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round = (ms: number) => Math.round(ms * 10) / 10;

const config = env();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
const db = database.db;
const results: Record<string, unknown>[] = [];
try {
  // Claimed per second: CLAIM_JOBS no-op jobs due now, claimed ten at a time and completed, as
  // the worker does (its handler run left out).
  await db.execute(
    sql.raw(`insert into jobs (name, payload, status, run_at)
      select 'noop', '{}'::jsonb, 'pending', now() - interval '1 second' from generate_series(1, ${CLAIM_JOBS})`),
  );
  const claimTimes: number[] = [];
  const claimStarted = performance.now();
  let claimed = 0;
  for (;;) {
    const started = performance.now();
    const batch = await claimJobs(db, { workerId: "bench", names: ["noop"], limit: 10 });
    claimTimes.push(performance.now() - started);
    if (batch.length === 0) break;
    for (const job of batch) await completeJob(db, job);
    claimed += batch.length;
  }
  const claimSeconds = (performance.now() - claimStarted) / 1000;
  claimTimes.sort((a, b) => a - b);
  results.push({
    title: "jobs claimed and completed (10 a claim)",
    p50Ms: round(percentile(claimTimes, 50)!),
    p95Ms: round(percentile(claimTimes, 95)!),
    requestsPerSecond: Math.round(claimed / claimSeconds),
    jobs: claimed,
  });

  // A scheduled appointment of the demo zones, for the per-appointment jobs.
  const [upcoming] = await db
    .select({ id: s.appointments.id })
    .from(s.appointments)
    .where(and(eq(s.appointments.status, "scheduled"), sql`${s.appointments.startAt} > now()`))
    .orderBy(s.appointments.startAt)
    .limit(1);
  const [done] = await db
    .select({ id: s.appointments.id })
    .from(s.appointments)
    .where(eq(s.appointments.status, "completed"))
    .orderBy(sql`${s.appointments.startAt} desc`)
    .limit(1);
  const daily: [string, () => Promise<void>][] = [
    ["daily: offers.winback", () => handler("offers.winback")({})],
    ["daily: recurring.place", () => handler("recurring.place")({})],
    ["daily: booking-requests.purge", () => handler("booking-requests.purge")({})],
    ["daily: assistant.purge", () => handler("assistant.purge")({})],
    ["job: booking.reminder", () => handler("booking.reminder")({ appointmentId: upcoming!.id })],
    ["job: review.request", () => handler("review.request")({ appointmentId: done!.id })],
    // Queued on PGlite only (ADR 113); measured on both, last, as it vacuums every table.
    ["nightly: database.upkeep", () => handler("database.upkeep")({})],
  ];
  for (const [title, runJob] of daily) {
    const times: number[] = [];
    let error: string | undefined;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      try {
        await runJob();
      } catch (caught) {
        error = String(caught).slice(0, 200);
      }
      times.push(performance.now() - started);
    }
    // The first run does the day's work (the win-back's offers); the later ones find it done.
    const first = times[0]!;
    times.sort((a, b) => a - b);
    results.push({
      title,
      p50Ms: round(percentile(times, 50)!),
      p95Ms: round(percentile(times, 95)!),
      requestsPerSecond: null,
      firstRunMs: round(first),
      runs: RUNS,
      ...(error ? { error } : {}),
    });
  }
  console.log(JSON.stringify(results));
} finally {
  await database.close();
}

function handler(name: keyof typeof jobHandlers) {
  const run = jobHandlers[name] as (payload: unknown, ctx: JobContext) => Promise<void>;
  return (payload: unknown) =>
    run(payload, {
      db,
      jobId: 0,
      attempt: 1,
      maxAttempts: 1,
      signal: new AbortController().signal,
    } as JobContext);
}
