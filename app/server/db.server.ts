import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type PgDriver from "pg";
import * as schema from "#db/schema";
import { log } from "./log.server";

export type Schema = typeof schema;
/** The one database handle type, whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations (serialized across processes on PostgreSQL). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball (test templates, backups). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * PostgreSQL only: calls `handler` for every NOTIFY on `channel`, from any instance, on a
   * dedicated connection that reconnects after a loss (PGlite has a single process: none needed).
   */
  listen?: (channel: string, handler: () => void) => Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already in use by another process (pid ${pid}). ` +
        `Stop that process first, or start this one with another DATA_DIR, ` +
        `or point DATABASE_URL at PostgreSQL to run several processes on one database.`,
    );
    this.name = "DataDirLockedError";
  }
}

export function migrationsFolder(): string {
  const candidates = [
    path.resolve(process.cwd(), "db/migrations"),
    path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../db/migrations"),
  ];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta/_journal.json")));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(", ")})`);
  return found;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no lock of its own: two processes on one data folder corrupt it. Take a lock file
 * holding our pid; a stale one (its process is gone) is taken over.
 */
export function acquireDataDirLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, "db.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.rmSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the database lock in ${dir}`);
}

/**
 * PGlite's PostgreSQL lives in the server's own process, in its WebAssembly memory (ADR 054).
 * PostgreSQL's default 128 MB of shared buffers was ~120 MB of the idle server's resident memory;
 * the database of one business fits in far less, and the operating system's file cache holds the
 * rest of the data folder. Its one session needs no shared memory sized for 100 connections, nor
 * 8 MB of temporary-table buffers (it makes none) or 64 MB for index builds: ~10 MB less again.
 */
const PGLITE_SETTINGS = [
  "shared_buffers=8MB",
  "max_connections=5",
  "temp_buffers=1MB",
  "maintenance_work_mem=16MB",
];

/**
 * V8 compiles PGlite's WebAssembly quickly first (Liftoff), then recompiles the functions that run
 * often with its optimizing compiler (TurboFan) on as many background threads as it likes: each
 * thread's compiler memory was 40-70 MB of peak resident memory that the process kept (ADR 054).
 * One thread compiles the same functions, a little later, for the same CPU time. Set before the
 * module is compiled; it applies to the whole process (PGlite is its only WebAssembly).
 */
function limitWasmCompilerThreads(): void {
  v8.setFlagsFromString("--wasm-num-compilation-tasks=1");
}

/**
 * Each driver is imported when its database is opened (ADR 054): a PostgreSQL server does not load
 * PGlite (nor its WebAssembly), and a PGlite one does not load pg (~16 MB of memory).
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const [
    { PGlite },
    { btree_gist },
    { drizzle: drizzlePglite },
    { migrate: migratePglite },
    { preparedStatementsClient },
  ] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/btree_gist"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
    import("./pglite-statements.server"),
  ]);
  limitWasmCompilerThreads();
  let release = () => {};
  let pglitePath: string | undefined;
  if (options.dataDir) {
    release = acquireDataDirLock(options.dataDir);
    pglitePath = path.join(options.dataDir, "db");
  }
  let client: PGlite;
  try {
    client = await PGlite.create(pglitePath, {
      extensions: { btree_gist },
      loadDataDir: options.loadDataDir,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ["-c", s])],
    });
  } catch (error) {
    release();
    throw error;
  }
  // The app's statements run as named prepared statements, one call each (ADR 054); the
  // migrations keep PGlite's own path.
  const db = drizzlePglite({ client: preparedStatementsClient(client) as PGlite, schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    },
    dumpDataDir: () => client.dumpDataDir("gzip"),
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

const MIGRATION_LOCK_KEY = 724_311_901;

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  const pool = new pg.Pool({ connectionString, max });
  const listeners: PgDriver.Client[] = [];
  // An idle connection that the server closes (restart, failover) must not crash the process:
  // the pool drops it and opens a new one on the next query.
  pool.on("error", (error) => {
    log.warn(`PostgreSQL : connexion inactive perdue (${error.message})`);
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        // Several app instances may start together: one migrates, the others wait.
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg(client, { schema }), {
          migrationsFolder: migrationsFolder(),
        });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    listen: (channel, handler) => listenForNotifications(pg, connectionString, channel, handler, listeners),
    async close() {
      for (const client of listeners.splice(0)) await client.end().catch(() => {});
      await pool.end();
    },
  };
}

async function listenForNotifications(
  pg: typeof PgDriver,
  connectionString: string,
  channel: string,
  handler: () => void,
  listeners: PgDriver.Client[],
): Promise<void> {
  const client = new pg.Client({ connectionString });
  listeners.push(client);
  client.on("notification", (message) => {
    if (message.channel === channel) handler();
  });
  client.on("error", (error) => {
    log.warn(`PostgreSQL : écoute de ${channel} interrompue (${error.message}), reconnexion`);
    const index = listeners.indexOf(client);
    if (index === -1) return; // closing
    listeners.splice(index, 1);
    // Changes may have been missed while disconnected.
    handler();
    setTimeout(() => {
      listenForNotifications(pg, connectionString, channel, handler, listeners).catch(() => handler());
    }, 1000).unref();
  });
  await client.connect();
  await client.query(`listen ${pg.escapeIdentifier(channel)}`);
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}

/** A cheap round trip, for /readyz. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

// The process-wide database, kept on globalThis so that dev-server reloads reuse it.
const holder = globalThis as typeof globalThis & { __appDatabase?: Database };

export function setDatabase(database: Database | undefined): void {
  holder.__appDatabase = database;
}

export function getDatabase(): Database {
  if (!holder.__appDatabase) throw new Error("The database is not open yet (bootstrap not run)");
  return holder.__appDatabase;
}

export function getDb(): Db {
  return getDatabase().db;
}
