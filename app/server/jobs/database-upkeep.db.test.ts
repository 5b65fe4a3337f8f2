import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { describeDatabases } from "../../../tests/setup/db";
import { nextUpkeepRun, runDatabaseUpkeep } from "./database-upkeep.server";

/** Monday 30 November 2026, 02:00 in Toronto (EST): before the night's 03:30. */
const BEFORE = new Date("2026-11-30T07:00:00Z");
/** The same day at 04:00, after it. */
const AFTER = new Date("2026-11-30T09:00:00Z");

it("runs at 03:30 local: tonight before that hour, the next night after it", () => {
  expect(nextUpkeepRun(BEFORE).toISOString()).toBe("2026-11-30T08:30:00.000Z");
  expect(nextUpkeepRun(AFTER).toISOString()).toBe("2026-12-01T08:30:00.000Z");
  // Summer time: 03:30 EDT is 07:30Z.
  expect(nextUpkeepRun(new Date("2026-07-01T12:00:00Z")).toISOString()).toBe("2026-07-02T07:30:00.000Z");
});

describeDatabases("the embedded database's nightly upkeep (ADR 113)", ({ db }) => {
  beforeAll(async () => {
    // A churned table: 2,000 jobs queued, half of them deleted, never analyzed.
    for (let i = 0; i < 2000; i += 500)
      await db().execute(
        sql`insert into jobs (name, payload, status, run_at) select 'noop', '{}'::jsonb, 'completed', now() from generate_series(1, 500)`,
      );
    await db().execute(sql`delete from jobs where id % 2 = 0`);
  });

  it("vacuums and refreshes the planner's figures, then queues the next night's run once", async () => {
    await runDatabaseUpkeep(db(), AFTER);
    const [figures] = await db()
      .select({ rows: sql<number>`reltuples::int` })
      .from(sql`pg_class`)
      .where(sql`relname = 'jobs'`);
    // Every live row counted (the next run, queued first, included), none of the deleted ones.
    const jobs = await db().$count(s.jobs);
    expect(jobs).toBe(1001);
    expect(figures!.rows).toBe(jobs);
    // Run again the same night (a restart, a second start): still one run queued for the next.
    await runDatabaseUpkeep(db(), AFTER);
    const next = await db().select().from(s.jobs).where(eq(s.jobs.name, "database.upkeep"));
    expect(next.map((j) => [j.singletonKey, j.runAt.toISOString(), j.status])).toEqual([
      ["database.upkeep:2026-12-01", "2026-12-01T08:30:00.000Z", "pending"],
    ]);
  });
});
