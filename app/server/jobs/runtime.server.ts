import type { Database } from "../db.server";
import { scheduleBookingRequestsPurge } from "../services/booking/booking-requests.server";
import { scheduleFreedTimePurge } from "../services/freed-time/freed-time.server";
import { scheduleRenewals } from "../services/memberships/membership-renewals.server";
import { scheduleWinback } from "../services/offers/winback.server";
import { scheduleRecurringPlacement } from "../services/recurring/place-occurrences.server";
import { scheduleDatabaseUpkeep } from "./database-upkeep.server";
import { recoverStaleJobs } from "./job-claims.server";
import { jobHandlers } from "./registry.server";
import { createWorker, type Worker } from "./worker.server";
import { remember } from "../remember.server";

// The process-wide worker, kept by remember() so that dev-server reloads do not start a second one.
const holder = remember("jobs.worker", (): { __appWorker?: Worker } => ({}));

/** Starts this process's job worker on the open database (`npm start` and `npm run worker`). */
export async function startWorker(database: Database): Promise<void> {
  if (holder.__appWorker) return;
  // An embedded database has one process (its data folder is locked): every job still
  // 'running' was left by a process that stopped, so it runs again now.
  if (database.kind === "pglite") await recoverStaleJobs(database.db, { olderThanMs: 0 });
  // PGlite has no autovacuum: its nightly vacuum and statistics (ADR 113), once a night.
  if (database.kind === "pglite") await scheduleDatabaseUpkeep(database.db);
  // The daily win-back run (ADR 050): queued once per day, whatever the number of workers.
  await scheduleWinback(database.db);
  // The daily purge of expired booking requests (ADR 068), queued the same way.
  await scheduleBookingRequestsPurge(database.db);
  // The daily purge of past freed-time requests and old offers (ADR 091), the same way.
  await scheduleFreedTimePurge(database.db);
  // Today's placement of recurring washes (ADR 086): each run queues the next day's.
  await scheduleRecurringPlacement(database.db, new Date());
  // Today's membership renewals (ADR 095): each run queues the next day's.
  await scheduleRenewals(database.db, new Date());
  const worker = createWorker(database.db, { handlers: jobHandlers });
  holder.__appWorker = worker;
  worker.start();
}

/** Stops the worker, waiting for the jobs it is running; call it before closing the database. */
export async function stopWorker(): Promise<void> {
  const worker = holder.__appWorker;
  holder.__appWorker = undefined;
  await worker?.stop();
}
