import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type PgDriver from "pg";
import * as schema from "#db/schema";
import { countStatement, log } from "./log.server";
import { remember } from "./remember.server";

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
   * PostgreSQL only: calls `handler` for every NOTIFY on `channel`, from any instance, with its
   * payload, on a dedicated connection that reconnects after a loss (then with an empty payload:
   * anything may have changed meanwhile). PGlite has a single process: none needed.
   */
  listen?: (channel: string, handler: (payload: string) => void) => Promise<void>;
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
/** Drizzle's logger: counts each statement for the request being served (ADR 105). */
const statementCounter = { logQuery: (query: string) => countStatement(query) };

const PGLITE_SETTINGS = [
  "shared_buffers=8MB",
  "max_connections=5",
  "temp_buffers=1MB",
  "maintenance_work_mem=16MB",
];

/**
 * The types drizzle reads as PostgreSQL's text (timestamp, timestamptz, interval, date and the
 * arrays numeric[], timestamp[], timestamptz[], interval[], date[]): drizzle-orm/pglite passes
 * these parsers with every query, as `{parsers}` in the query's options.
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

type QueryOptions = Parameters<PGlite["query"]>[2];

/**
 * PGlite as drizzle's client, with drizzle's parsers set once on the instance (ADR 054; scripts/bench-measurements.md, seventh
 * pass). PGlite merges a query's own parsers into a copy of its whole table of parsers (some 200
 * types, array types included) for every query: ~100 KB of garbage a query, 40 % of what a
 * booking allocated. With the same parsers in the instance's table, a query without its own
 * reads that table itself, with the same results. Options whose parsers are not exactly drizzle's
 * (another drizzle version) are passed on unchanged.
 */
function sharedParsersClient(pglite: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) pglite.parsers[type] = asText;
  const known = new WeakSet<object>();
  const isDrizzles = (parsers: Record<number, unknown>) => {
    if (known.has(parsers)) return true;
    const types = Object.keys(parsers).map(Number);
    const same =
      types.length === DRIZZLE_TEXT_TYPES.length &&
      DRIZZLE_TEXT_TYPES.every((type) => {
        const parse = parsers[type];
        return typeof parse === "function" && parse("2026-03-09 09:00:00+00") === "2026-03-09 09:00:00+00";
      });
    if (same) known.add(parsers);
    return same;
  };
  const withoutParsers = (options: QueryOptions): QueryOptions => {
    if (!options?.parsers || !isDrizzles(options.parsers)) return options;
    const { parsers: _parsers, ...rest } = options;
    return rest;
  };
  const query: PGlite["query"] = (text, params, options) =>
    pglite.query(text, params, withoutParsers(options));
  return {
    query,
    transaction: (callback) =>
      pglite.transaction((tx) => {
        const shared: typeof tx = Object.create(tx);
        shared.query = (text, params, options) => tx.query(text, params, withoutParsers(options));
        return callback(shared);
      }),
  } as Pick<PGlite, "query" | "transaction"> as PGlite;
}

/**
 * Each driver is imported when its database is opened (ADR 054): a PostgreSQL server does not load
 * PGlite (nor its WebAssembly), and a PGlite one does not load pg (~16 MB of memory).
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const [{ PGlite }, { btree_gist }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/btree_gist"),
      // The trigram indexes of the search by part of a name (migration 0034, ADR 105).
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
  let release = () => {};
  let pglitePath: string | undefined;
  if (options.dataDir) {
    release = acquireDataDirLock(options.dataDir);
    pglitePath = path.join(options.dataDir, "db");
  }
  let client: PGlite;
  try {
    client = await PGlite.create(pglitePath, {
      extensions: { btree_gist, pg_trgm },
      loadDataDir: options.loadDataDir,
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ["-c", s])],
    });
  } catch (error) {
    release();
    throw error;
  }
  // Drizzle's parsers in the instance's table (ADR 054); statements go through PGlite's own query.
  const shared = sharedParsersClient(client);
  const db = drizzlePglite({ client: shared, schema, logger: statementCounter }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    async migrate() {
      await migratePglite(drizzlePglite({ client: shared, schema }), {
        migrationsFolder: migrationsFolder(),
      });
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
  const listening: Listening = { closed: false, clients: new Set(), retries: new Set() };
  // An idle connection that the server closes (restart, failover) must not crash the process:
  // the pool drops it and opens a new one on the next query.
  pool.on("error", (error) => {
    log.warn(`PostgreSQL : connexion inactive perdue (${error.message})`);
  });
  const db = drizzleNodePg(pool, { schema, logger: statementCounter }) as unknown as Db;
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
    listen: (channel, handler) => listenForNotifications(pg, connectionString, channel, handler, listening),
    /**
     * The last step of a stop (ADR 064): whatever used the pool (requests, the job worker, the
     * slot notices, the rate-limit sweep) has stopped by now. The listening connections go first,
     * and no reconnection is attempted after this point.
     */
    async close() {
      listening.closed = true;
      for (const retry of listening.retries) clearTimeout(retry);
      listening.retries.clear();
      const clients = [...listening.clients];
      listening.clients.clear();
      await Promise.all(clients.map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}

/** The LISTEN connections of one PostgreSQL database, and their pending reconnections. */
interface Listening {
  closed: boolean;
  clients: Set<PgDriver.Client>;
  retries: Set<NodeJS.Timeout>;
}

/** The first wait before a lost LISTEN connection is opened again, and the longest one. */
const LISTEN_RETRY_FIRST_MS = 1000;
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * Opens a connection that LISTENs on `channel`. A connection lost later, or one that cannot be
 * opened (PostgreSQL restarting), is tried again after 1 s, then 2, 4 … up to 30 s between tries,
 * until close(); `handler` runs on each loss, since changes may have been missed meanwhile.
 */
async function listenForNotifications(
  pg: typeof PgDriver,
  connectionString: string,
  channel: string,
  handler: (payload: string) => void,
  listening: Listening,
  /** Set when reopening a lost connection: the wait before the next try if this one fails. */
  nextRetryMs?: number,
): Promise<void> {
  if (listening.closed) return;
  const client = new pg.Client({ connectionString });
  listening.clients.add(client);
  const retryLater = (delayMs: number) => {
    // Changes may have been missed while disconnected.
    handler("");
    const retry = setTimeout(() => {
      listening.retries.delete(retry);
      listenForNotifications(
        pg,
        connectionString,
        channel,
        handler,
        listening,
        Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS),
      ).catch(() => {});
    }, delayMs);
    retry.unref();
    listening.retries.add(retry);
  };
  client.on("notification", (message) => {
    if (message.channel === channel) handler(message.payload ?? "");
  });
  client.on("error", (error) => {
    // Closing: the error is the end of the connection that close() asked for.
    if (!listening.clients.delete(client)) return;
    log.warn(`PostgreSQL : écoute de ${channel} interrompue (${error.message}), reconnexion`);
    retryLater(LISTEN_RETRY_FIRST_MS);
  });
  try {
    await client.connect();
    await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    // Closed meanwhile, or already handled by the error event: nothing more to do.
    if (!listening.clients.delete(client)) return;
    await client.end().catch(() => {});
    // The first opening, at start: the start fails, as any other database error would.
    if (nextRetryMs === undefined) throw error;
    log.warn(`PostgreSQL : écoute de ${channel} impossible (${(error as Error).message}), nouvel essai`);
    retryLater(nextRetryMs);
  }
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}

/** A cheap round trip, for /readyz. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

// The process-wide database, kept by remember() so that dev-server reloads reuse it.
const holder = remember("database", (): { __appDatabase?: Database } => ({}));

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
