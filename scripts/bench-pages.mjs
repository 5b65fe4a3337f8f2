// `node scripts/bench-pages.mjs`: the cost of each signed-in page on the server, in counts that
// hold on a loaded machine (ADR 054; scripts/bench-measurements.md, ninth pass). Builds (unless BENCH_SKIP_BUILD=1) and serves
// the production app on the bench's seeded database (scripts/bench-seed.ts) with
// scripts/bench-query-count.mjs preloaded, signs in as the three demo accounts, then asks each
// page PAGES_REQUESTS times (default 40) after a few warm-up requests, one at a time, and prints
// per request: the statements the server sent (by kind), the transactions, and the server's CPU
// time (user + system, /proc). Wall times are printed too but are noise on a shared machine.
// Options: BENCH_DATABASES=pglite (default) or postgres (needs TEST_DATABASE_URL), BENCH_PORT,
// BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), PAGES (comma-separated
// paths to measure, default the list below), PAGES_BY_KIND=1 prints the statements by kind.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import {
  buildUnlessSkipped,
  cpuMs,
  onEachDatabase,
  seedBenchDatabase,
  spawnBenchServer,
  waitReady,
} from "./bench-common.mjs";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PORT = Number(process.env.BENCH_PORT ?? 4396);
const REQUESTS = Number(process.env.PAGES_REQUESTS ?? 40);
const WARM_UP = 5;
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite").split(",");
const BY_KIND = process.env.PAGES_BY_KIND === "1";
const origin = `http://127.0.0.1:${PORT}`;

/** Each page with the demo account that may see it (null: a visitor). */
const DEFAULT_PAGES = [
  ["/", null],
  ["/client", "client"],
  ["/client/history", "client"],
  ["/franchisee", "franchisee"],
  ["/franchisee/schedule", "franchisee"],
  ["/franchisee/clients", "franchisee"],
  ["/admin", "admin"],
  ["/admin/bookings", "admin"],
];
const ROLE_OF_PREFIX = [
  ["/client", "client"],
  ["/franchisee", "franchisee"],
  ["/admin", "admin"],
];
const pages = process.env.PAGES
  ? process.env.PAGES.split(",").map((page) => [
      page,
      ROLE_OF_PREFIX.find(([prefix]) => page.startsWith(prefix))?.[1] ?? null,
    ])
  : DEFAULT_PAGES;

buildUnlessSkipped(BUILD_DIR);

async function signIn(role) {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: `${role}@example.com`, password: "Demo12345!" }),
  });
  if (!response.ok) throw new Error(`sign-in as ${role}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The server's statement counts since the last call (SIGWINCH, scripts/bench-query-count.mjs). */
async function takeCounts(server, file) {
  fs.rmSync(file, { force: true });
  server.kill("SIGWINCH");
  for (let i = 0; i < 500 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 50));
  const counts = JSON.parse(fs.readFileSync(file, "utf8"));
  fs.rmSync(file, { force: true });
  return counts;
}

async function runTarget(name, dbEnv) {
  seedBenchDatabase(dbEnv);
  const countFile = path.join(os.tmpdir(), `lavage-bench-pages-${process.pid}-${name}.json`);
  const server = spawnBenchServer({
    buildDir: BUILD_DIR,
    port: PORT,
    dbEnv,
    countQueries: true,
    countFile,
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
  });

  try {
    await waitReady(origin);
    const cookies = {};
    for (const role of new Set(pages.map(([, role]) => role).filter(Boolean)))
      cookies[role] = await signIn(role);
    const results = {};
    for (const [page, role] of pages) {
      const ask = async () => {
        const response = await fetch(`${origin}${page}`, {
          headers: { accept: "text/html", ...(role ? { cookie: cookies[role] } : {}) },
          redirect: "manual",
        });
        await response.arrayBuffer();
        return response.status;
      };
      for (let i = 0; i < WARM_UP; i++) await ask();
      await takeCounts(server, countFile);
      const cpuBefore = cpuMs(server.pid);
      const started = performance.now();
      const statuses = {};
      for (let i = 0; i < REQUESTS; i++) {
        const status = await ask();
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
      const wallMs = performance.now() - started;
      const cpu = cpuMs(server.pid) - cpuBefore;
      const counts = await takeCounts(server, countFile);
      const per = (n) => Number((n / REQUESTS).toFixed(2));
      results[page] = {
        statuses,
        statementsPerRequest: per(counts.statements),
        transactionsPerRequest: per(counts.transactions),
        cpuMsPerRequest: Number((cpu / REQUESTS).toFixed(1)),
        wallMsPerRequest: Number((wallMs / REQUESTS).toFixed(1)),
        ...(BY_KIND
          ? { byKind: Object.fromEntries(Object.entries(counts.byKind).map(([kind, n]) => [kind, per(n)])) }
          : {}),
      };
      console.error(`[${name}] ${page} ${JSON.stringify(results[page])}`);
    }
    return { database: name, requestsPerPage: REQUESTS, pages: results };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.on("exit", r));
  }
}

const report = {
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((n) => Number(n.toFixed(1))),
  targets: [],
};
report.targets.push(...(await onEachDatabase(DATABASES, "lavage_bench_pages", runTarget)));
console.log(JSON.stringify(report, null, 2));
