import { seed } from "~/server/seed/seed";
import { initAuth } from "./auth.server";
import { configureFlash } from "./flash.server";
import { resolveAuthSecret } from "./security/keys.server";
import { startWorker, stopWorker } from "./jobs/runtime.server";
import { getDatabase, openDatabase, setDatabase, type Database } from "./db.server";
import { env } from "./env.server";
import { remember } from "./remember.server";
import {
  slotNoticesSent,
  slotsChangedElsewhere,
  slotsHaveNoOtherInstance,
  SLOTS_CHANNEL,
} from "./services/booking/slot-notice.server";

const holder = remember("app.boot", (): { __appBoot?: Promise<Database> } => ({}));

/** Opens the database, applies migrations, seeds, and readies auth; once per process. */
export function bootstrap(): Promise<Database> {
  holder.__appBoot ??= (async () => {
    const config = env();
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    try {
      await database.migrate();
      await seed(database.db, { demoAccounts: config.demoAccounts });
      // One secret: better-auth's key, the jobs' sealing keys, and the signed cookies' (flash, cart).
      const secret = await resolveAuthSecret(database.db);
      await initAuth(database.db, secret);
      configureFlash(secret);
      // Other instances' changes invalidate this instance's cached slot lists (PostgreSQL).
      await database.listen?.(SLOTS_CHANNEL, slotsChangedElsewhere);
      if (database.kind === "pglite") slotsHaveNoOtherInstance();
      if (config.RUN_WORKER) await startWorker(database);
    } catch (error) {
      await database.close();
      throw error;
    }
    setDatabase(database);
    return database;
  })();
  return holder.__appBoot;
}

/**
 * Closes the database cleanly (PGlite must not be left open: see docs/stack-notes.md, 'PGlite'),
 * after what still uses it (ADR 064): the job worker and the jobs it runs, then the slot-change
 * NOTIFY that the last bookings left in flight. The caller has stopped the requests first.
 */
export async function shutdown(): Promise<void> {
  if (!holder.__appBoot) return;
  const database = getDatabase();
  try {
    await stopWorker();
    await slotNoticesSent();
  } finally {
    setDatabase(undefined);
    holder.__appBoot = undefined;
    await database.close();
  }
}
