// What `npm run bench` (scripts/bench.mjs) and scripts/bench-pages.mjs share: the production
// build, the bench's seeded database on PGlite and on PostgreSQL, the server's readiness and its
// CPU time.
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/** Builds the app into `buildDir`, unless BENCH_SKIP_BUILD=1; a failed build ends the process. */
export function buildUnlessSkipped(buildDir) {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  const build = spawnSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** CPU time (user + system) a process has used so far, in ms; null when it is gone. */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
  } catch {
    return null;
  }
}

/** Resolves once the server at `origin` answers /readyz (at most a minute). */
export async function waitReady(origin) {
  for (let i = 0; i < 3000; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the server did not start");
}

/** Seeds the bench's database (scripts/bench-seed.ts) and returns the dataset it describes. */
export function seedBenchDatabase(dbEnv) {
  const prepare = spawnSync("npx", ["tsx", "scripts/bench-seed.ts"], {
    env: { ...process.env, ...dbEnv, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (prepare.status !== 0) throw new Error(`bench seed failed:\n${prepare.stdout}\n${prepare.stderr}`);
  return JSON.parse(prepare.stdout.trim().split("\n").pop());
}

/**
 * Runs `runTarget(name, dbEnv)` on a new PGlite folder and, when TEST_DATABASE_URL is set, on a
 * new PostgreSQL database (each removed afterwards), for those of `databases` asked; returns
 * their results in that order. `prefix` names the folder and the database.
 */
export async function onEachDatabase(databases, prefix, runTarget) {
  const results = [];
  if (databases.includes("pglite")) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replaceAll("_", "-")}-`));
    try {
      results.push(await runTarget("pglite", { DATA_DIR: dir, DATABASE_URL: "" }));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (process.env.TEST_DATABASE_URL && databases.includes("postgres")) {
    const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    try {
      results.push(await runTarget("postgres", { DATABASE_URL: url.toString() }));
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }
  return results;
}

/**
 * Starts the production server (server.js, build `buildDir`) on `port` with `dbEnv`, with the
 * statement counter preloaded when `countQueries` (writing to `countFile` on SIGWINCH,
 * scripts/bench-query-count.mjs) and BENCH_SERVER_NODE_ARGS on its command line (e.g.
 * "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
 */
export function spawnBenchServer({
  buildDir,
  port,
  dbEnv,
  countQueries,
  countFile,
  env = {},
  stdout = "ignore",
}) {
  return spawn(
    process.execPath,
    [
      ...SERVER_NODE_FLAGS,
      ...(countQueries ? ["--import", "./scripts/bench-query-count.mjs"] : []),
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      "server.js",
    ],
    {
      env: {
        ...process.env,
        BENCH_QUERY_COUNT_FILE: countFile,
        ...dbEnv,
        BUILD_DIR: buildDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        NODE_ENV: "production",
        ...env,
      },
      stdio: ["ignore", stdout, "inherit"],
    },
  );
}
