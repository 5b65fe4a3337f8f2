import fs from "node:fs";
import crypto from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, inject, it, vi } from "vitest";
import { openPglite, openPostgres, type Database, type Db } from "~/server/db.server";
import { createWorker, type Worker, type WorkerOptions } from "~/server/jobs/worker.server";
import { withDatabase } from "./database-url";

export type DatabaseKind = "pglite" | "postgres";

/** A fresh, migrated database: a PGlite loaded from the template, or a copy of the PG template. */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === "pglite") {
    const dump = fs.readFileSync(inject("pgliteTemplate"));
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
  const url = process.env.TEST_DATABASE_URL;
  const template = inject("postgresTemplate");
  if (!url || !template) throw new Error("TEST_DATABASE_URL is not set");
  const name = `lavage_t${crypto.randomBytes(4).toString("hex")}_${template.split("_").slice(2).join("_")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(withDatabase(url, name), 20);
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  };
  return database;
}

export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/**
 * Runs a suite once per database kind (PGlite always; PostgreSQL when TEST_DATABASE_URL is set),
 * each on its own fresh database.
 */
export function describeDatabases(
  title: string,
  suite: (ctx: { db: () => Db; kind: DatabaseKind }) => void,
): void {
  for (const kind of databaseKinds) {
    describe(`${title} [${kind}]`, () => {
      let database: Database;
      beforeAll(async () => {
        database = await createTestDatabase(kind);
      });
      afterAll(async () => {
        await database?.close();
      });
      suite({ db: () => database.db, kind });
    });
  }
}

/**
 * Two workers on two handles, once per database: on PostgreSQL (when TEST_DATABASE_URL is set)
 * two pools of four on one fresh database, "`subject` on PostgreSQL: two workers, two pools"; on
 * PGlite the one handle twice, "`subject` on PGlite: two workers on one database". `run` gets
 * the two handles and does the whole test `test`.
 */
export function describeTwoWorkers(
  subject: string,
  test: string,
  run: (dbs: [Db, Db]) => Promise<void>,
): void {
  describe.skipIf(!process.env.TEST_DATABASE_URL)(`${subject} on PostgreSQL: two workers, two pools`, () => {
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

    it(test, async () => {
      await run([pools[0]!.db, pools[1]!.db]);
    });
  });

  describe(`${subject} on PGlite: two workers on one database`, () => {
    let database: Database;

    beforeAll(async () => {
      database = await createTestDatabase("pglite");
    });

    afterAll(async () => {
      await database?.close();
    });

    it(test, async () => {
      await run([database.db, database.db]);
    });
  });
}

/**
 * Starts a worker on each of `dbs` ("worker-1", "worker-2"; four jobs at a time, a poll every
 * 10 ms; `options` gives the handlers and may give a clock), waits until `settled` passes (30 s at
 * most), stops them all, and returns them.
 */
export async function runWorkersUntil(
  dbs: Db[],
  options: (workerId: string) => Pick<WorkerOptions, "handlers" | "now">,
  settled: () => Promise<void>,
): Promise<Worker[]> {
  const workers = dbs.map((db, index) => {
    const workerId = `worker-${index + 1}`;
    return createWorker(db, { workerId, pollIntervalMs: 10, concurrency: 4, ...options(workerId) });
  });
  for (const worker of workers) worker.start();
  try {
    await vi.waitFor(settled, { timeout: 30_000, interval: 25 });
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
  return workers;
}
