import { setTimeout as delay } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobs } from "#db/schema";
import { openPostgres, type Database, type Db } from "../db.server";
import { createTestDatabase } from "../../../tests/setup/db";
import { withDatabase } from "../../../tests/setup/database-url";
import { enqueue, jobCounts } from "./queue.server";
import { createWorker } from "./worker.server";

const JOBS = 200;

/** Two workers, each on its own handle, run 200 jobs: each job runs once, both take part. */
async function runTwoWorkers(dbs: [Db, Db]): Promise<void> {
  const [first] = dbs;
  const ids = new Set<number>();
  for (let i = 0; i < JOBS; i++) ids.add(await enqueue(first, "noop", {}));

  const runs = new Map<number, string[]>();
  const workers = dbs.map((db, index) => {
    const workerId = `worker-${index + 1}`;
    return createWorker(db, {
      workerId,
      pollIntervalMs: 10,
      concurrency: 4,
      handlers: {
        noop: async (_payload, { jobId }) => {
          runs.set(jobId, [...(runs.get(jobId) ?? []), workerId]);
          await delay(2);
        },
      },
    });
  });
  for (const worker of workers) worker.start();
  try {
    await vi.waitFor(async () => expect((await jobCounts(first)).completed).toBe(JOBS), {
      timeout: 30_000,
      interval: 25,
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }

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

describe.skipIf(!process.env.TEST_DATABASE_URL)("job queue on PostgreSQL: two workers, two pools", () => {
  let database: Database;
  const pools: Database[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const [current] = await database.db
      .select({ name: sql<string>`current_database()` })
      .from(sql`(values (1)) as one`);
    const url = withDatabase(process.env.TEST_DATABASE_URL!, current!.name);
    pools.push(await openPostgres(url, 4), await openPostgres(url, 4));
  });

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
    await database?.close();
  });

  it(`runs each of ${JOBS} jobs exactly once`, async () => {
    await runTwoWorkers([pools[0]!.db, pools[1]!.db]);
  });
});

describe("job queue on PGlite: two workers on one database", () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });

  afterAll(async () => {
    await database?.close();
  });

  it(`runs each of ${JOBS} jobs exactly once`, async () => {
    await runTwoWorkers([database.db, database.db]);
  });
});
