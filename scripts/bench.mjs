// `npm run bench`: builds and serves the production app on a seeded database (3 zones, 10 team
// members, 2,000 appointments), then measures with autocannon, 10 s each at 10 connections:
// a static asset of the same server (the baseline), the slot list and the booking call. Prints
// requests/s, p50, p95, p99 latency, the ratio to the baseline and the server's peak memory as
// JSON, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
// Target (2 cores): slot list p95 < 50 ms and at least a third of the baseline's requests/s.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PORT = Number(process.env.BENCH_PORT ?? 4395);
const origin = `http://127.0.0.1:${PORT}`;

if (process.env.BENCH_SKIP_BUILD !== "1") {
  const build = spawnSync("npx", ["react-router", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One autocannon run; latencies are collected per response to give exact p50/p95/p99. */
function measure(title, options) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    const instance = autocannon(
      { url: origin, connections: CONNECTIONS, duration: DURATION, ...options },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          title,
          requestsPerSecond: Math.round(result.requests.average),
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          p99Ms: percentile(latencies, 99),
          requests: latencies.length,
          statuses,
          errors: result.errors,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(Math.round(responseTime * 10) / 10);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

function peakMemoryMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

async function waitReady() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not start");
}

async function runTarget(name, dbEnv) {
  const prepare = spawnSync("npx", ["tsx", "scripts/bench-seed.ts"], {
    env: { ...process.env, ...dbEnv, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (prepare.status !== 0) throw new Error(`bench seed failed:\n${prepare.stdout}\n${prepare.stderr}`);
  const dataset = JSON.parse(prepare.stdout.trim().split("\n").pop());

  const server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      ...dbEnv,
      BUILD_DIR,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      NODE_ENV: "production",
      // Every booking call comes from its own address (X-Forwarded-For), like real customers,
      // so that the per-address limit does not turn the booking run into a rate-limit run.
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitReady();
    // Open slots to book, over the three active zones.
    const starts = [];
    for (const zone of ["granby", "sherbrooke", "gatineau"]) {
      const body = await (await fetch(`${origin}/api/slots?zone=${zone}&cars=1`)).json();
      for (const day of body.days) for (const slot of day.slots) starts.push({ zone, start: slot.start });
    }
    const addresses = {
      granby: "120 rue Principale, Granby J2G 2T5",
      sherbrooke: "200 rue King Ouest, Sherbrooke J1H 1P5",
      gatineau: "25 rue Laurier, Gatineau J8X 3V9",
    };
    let next = 0;

    const baseline = await measure("static asset (baseline)", {
      requests: [{ method: "GET", path: "/favicon.svg" }],
    });
    const slots = await measure("GET /api/slots", {
      requests: [{ method: "GET", path: "/api/slots?zone=granby&cars=2" }],
    });
    const bookings = await measure("POST /api/bookings", {
      requests: [
        {
          method: "POST",
          path: "/api/bookings",
          setupRequest: (request) => {
            const pick = starts[next++ % starts.length];
            return {
              ...request,
              headers: {
                "content-type": "application/json",
                origin,
                "x-forwarded-for": `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
              },
              body: JSON.stringify({
                zone: pick.zone,
                cars: 1,
                start: pick.start,
                name: "Client Banc d'essai",
                email: `banc-${next}@example.com`,
                phone: "450 555 0199",
                address: addresses[pick.zone],
              }),
            };
          },
        },
      ],
    });
    const ratio = (r) => Number((r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2));
    return {
      database: name,
      dataset,
      results: [baseline, slots, bookings].map((r) => ({ ...r, ratioToBaseline: ratio(r) })),
      serverPeakMemoryMb: peakMemoryMb(server.pid),
      slotListTargetMet: slots.p95Ms !== null && slots.p95Ms < 50 && ratio(slots) >= 1 / 3,
    };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.on("exit", r));
  }
}

const report = { connections: CONNECTIONS, durationSeconds: DURATION, cpus: os.cpus().length, targets: [] };
const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "lavage-bench-"));
try {
  report.targets.push(await runTarget("pglite", { DATA_DIR: pgliteDir, DATABASE_URL: "" }));
} finally {
  fs.rmSync(pgliteDir, { recursive: true, force: true });
}
if (process.env.TEST_DATABASE_URL) {
  const name = `lavage_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    report.targets.push(await runTarget("postgres", { DATABASE_URL: url.toString() }));
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
console.log(JSON.stringify(report, null, 2));
