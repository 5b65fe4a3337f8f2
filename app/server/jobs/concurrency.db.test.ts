import { setTimeout as delay } from "node:timers/promises";
import { expect } from "vitest";
import { jobs } from "#db/schema";
import type { Db } from "../db.server";
import { describeTwoWorkers, runWorkersUntil } from "../../../tests/setup/db";
import { enqueue, jobCounts } from "./queue.server";

const JOBS = 200;

/** Two workers, each on its own handle, run 200 jobs: each job runs once, both take part. */
async function runTwoWorkers(dbs: [Db, Db]): Promise<void> {
  const [first] = dbs;
  const ids = new Set<number>();
  for (let i = 0; i < JOBS; i++) ids.add(await enqueue(first, "noop", {}));

  const runs = new Map<number, string[]>();
  const workers = await runWorkersUntil(
    dbs,
    (workerId) => ({
      handlers: {
        noop: async (_payload, { jobId }) => {
          runs.set(jobId, [...(runs.get(jobId) ?? []), workerId]);
          await delay(2);
        },
      },
    }),
    async () => expect((await jobCounts(first)).completed).toBe(JOBS),
  );

  expect(new Set(runs.keys())).toEqual(ids);
  const repeated = [...runs].filter(([, by]) => by.length !== 1);
  expect(repeated).toEqual([]);
  for (const worker of workers) {
    expect([...runs.values()].filter(([by]) => by === worker.id).length).toBeGreaterThan(0);
  }
  const rows = await first.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs);
  expect(rows).toHaveLength(JOBS);
  expect(rows.every((row) => row.status === "completed" && row.attempts === 1)).toBe(true);
}

describeTwoWorkers("job queue", `runs each of ${JOBS} jobs exactly once`, runTwoWorkers);
