// `npm run worker`: a process that only runs jobs, beside the app servers (PostgreSQL).
import { DataDirLockedError, openDatabase, type Database } from "~/server/db.server";
import { env } from "~/server/env.server";
import { resolveAuthSecret } from "~/server/security/keys.server";
import { configureJobSecrets } from "~/server/jobs/job-secrets.server";
import { startWorker, stopWorker } from "~/server/jobs/runtime.server";
import { captureConsole } from "~/server/log.server";

/** Jobs still running after this long are left to another worker (they are recovered as stale). */
const STOP_TIMEOUT_MS = 10_000;

const config = env();
let database: Database;
try {
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(
    [
      `La base de données intégrée (${config.DATA_DIR}) est déjà ouverte par un autre processus,`,
      "sans doute `npm start`, qui exécute déjà les tâches lui-même.",
      "`npm run worker` sert avec PostgreSQL : définissez DATABASE_URL pour lancer des workers séparés.",
      "",
      `The embedded database (${config.DATA_DIR}) is already open in another process, most likely`,
      "`npm start`, which already runs the jobs itself. `npm run worker` is for PostgreSQL:",
      "set DATABASE_URL to run separate workers.",
    ].join("\n"),
  );
  process.exit(1);
}

// From here on, logs are JSON lines, redacted, like the app server's (ADR 031).
captureConsole();
try {
  await database.migrate();
  // The key the app servers seal the jobs' secrets with (ADR 068).
  configureJobSecrets(await resolveAuthSecret(database.db));
  await startWorker(database);
} catch (error) {
  await database.close();
  throw error;
}
console.log(`Worker de tâches démarré (${database.kind}).`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} reçu : arrêt du worker après les tâches en cours...`);
  const forced = setTimeout(() => {
    console.warn("Des tâches tournent encore : arrêt forcé, elles seront reprises par un autre worker.");
    process.exit(1);
  }, STOP_TIMEOUT_MS);
  forced.unref();
  try {
    await stopWorker();
    await database.close();
    process.exit(0);
  } catch (error) {
    console.error(`Arrêt du worker en erreur : ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
