// `npm run bench`: builds and serves the production app on a seeded database (3 zones, 10 team
// members, 2,000 appointments), then measures with autocannon, 10 s each at 10 connections after a
// 3 s warm-up with the same requests (BENCH_WARM_UP_SECONDS; its figures are reported as warmUp):
// - a static asset of the same server (the baseline);
// - the slot list, always the same query (a cache hit), and a mixed slot list (random zone, car
//   count, start day, range and a postal code of the zone, so travel times are on, ADR 048: most
//   requests miss the cache);
// - the booking call, each booking a random open slot over the three zones and 25 weeks;
// - mixed page views (/, /gallery, /booking and a signed-in /client) with the server's own
//   render times per page (its request log's durationMs).
// Prints requests/s, p50, p95, p99 latency, the ratio to the baseline, the server's cold start
// (spawn to /readyz on the existing database, and the server's own figure from its start log),
// its memory when ready, idle memory 1 s after start, the peak of one sign-in's password check
// after it (signInPeakMb) and the peak under the runs' load as JSON,
// on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL.
// Then the hostile run (scripts/bench-hostile.mjs: what an outside probe sends) from a reset peak,
// its peak memory reported next to the ordinary runs' (hostilePeakMemoryMb, serverPeakMemoryMb).
// BENCH_SCALE=100 adds `scale`: the same figures on the 1x network and on one a hundred times
// bigger (scripts/bench-scale.mjs, ADR 098); BENCH_ONLY=scale runs only those.
// Options: BENCH_ONLY=bookings runs only the booking call (BENCH_ONLY=hostile: it and the hostile run); BENCH_DATABASES=postgres (or pglite)
// only that database; BENCH_COUNT_QUERIES=1 counts the server's statements during the booking run
// (scripts/bench-query-count.mjs: per booking, in and out of transactions, transaction times, and
// PGlite's wait for its one session). On PostgreSQL the booking run also samples every 50 ms what
// the bench database's busy sessions wait for (pg_stat_activity, every 50 ms), and reports the lock waits seen
// (pg_locks not granted); and it reports the server's CPU time per booking (and on PostgreSQL the
// database sessions'): these counts hold on a loaded machine, where the timings do not.
// Targets (2 cores, ADR 054): slot list p95 < 50 ms and at least a third of the baseline's
// requests/s; bookings p95 <= 100 ms, p99 <= 250 ms; peak memory <= 300 MB (PGlite), <= 200 MB
// (PostgreSQL); cold start <= 2 s. Past measurements: scripts/bench-measurements.md.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import {
  buildUnlessSkipped,
  cpuMs,
  onEachDatabase,
  seedBenchDatabase,
  spawnBenchServer,
  waitReady,
} from "./bench-common.mjs";
import { hostileRequests } from "./bench-hostile.mjs";
import { runScale } from "./bench-scale.mjs";

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
const CONNECTIONS = 10;
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PORT = Number(process.env.BENCH_PORT ?? 4395);
const ONLY_BOOKINGS = process.env.BENCH_ONLY === "bookings" || process.env.BENCH_ONLY === "hostile";
const WITH_HOSTILE = process.env.BENCH_ONLY !== "bookings";
/** The booking run's slots: 25 weeks (the 180-day horizon), starts an hour apart in a zone's day. */
const BOOKING_WEEKS = 25;
const BOOKING_SPACING_MS = 60 * 60_000;
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const COUNT_QUERIES = process.env.BENCH_COUNT_QUERIES === "1";
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const origin = `http://127.0.0.1:${PORT}`;

buildUnlessSkipped(BUILD_DIR);

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One autocannon run of `seconds`; latencies are collected per response to give exact p50/p95/p99. */
function run(title, options, seconds) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    const instance = autocannon(
      { url: origin, connections: CONNECTIONS, duration: seconds, ...options },
      (error, result) => {
        if (error) return reject(error);
        const firstMs = latencies.length > 0 ? Math.max(...latencies.slice(0, CONNECTIONS)) : null;
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
          firstMs,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      latencies.push(Math.round(responseTime * 10) / 10);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/**
 * A warm-up of WARM_UP seconds with the same requests, then the measured run of DURATION: the
 * figures are the server's steady state, not its first requests (the first bookings compile the
 * booking and mail code, ~0.5-0.8 s for the first ten). The warm-up's own figures, with its
 * slowest first response, are reported beside them as `warmUp`. `onMeasureStart` runs between
 * the two (the CPU and wait counters start there).
 */
async function measure(title, options, onMeasureStart = () => {}) {
  const warmUp = WARM_UP > 0 ? await run(title, options, WARM_UP) : null;
  await onMeasureStart();
  const result = await run(title, options, DURATION);
  delete result.firstMs;
  if (warmUp)
    result.warmUp = {
      seconds: WARM_UP,
      requests: warmUp.requests,
      firstMs: warmUp.firstMs,
      p50Ms: warmUp.p50Ms,
      p99Ms: warmUp.p99Ms,
    };
  return result;
}

function memoryMb(pid, field) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}
const peakMemoryMb = (pid) => memoryMb(pid, "VmHWM");

const currentMemoryMb = (pid) => memoryMb(pid, "VmRSS");

/** A deterministic pseudo-random generator (mulberry32), so that runs ask the same mix. */
function randomGenerator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** YYYY-MM-DD in Quebec, `offset` days from today. */
function quebecDay(offset) {
  return new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA", {
    timeZone: "America/Toronto",
  });
}

function summarize(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
  };
}

/**
 * Samples, every 50 ms until stopped (more often, the sampling itself loaded the database), what the busy sessions of `database` wait for: each sample
 * counts the sessions running a statement ('active') by wait event (none = on the CPU), those idle
 * in a transaction (waiting for the app), and the locks not granted by type.
 */
function sampleWaits(connectionString, database) {
  const client = new pg.Client({ connectionString });
  const counts = { samples: 0, active: {}, idleInTransaction: 0, lockWaits: {} };
  let running = true;
  const backends = async () =>
    (
      await client.query(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [
        database,
      ])
    ).rows.map((row) => row.pid);
  const cpuAtStart = new Map();
  const done = (async () => {
    await client.connect();
    for (const pid of await backends()) cpuAtStart.set(pid, cpuMs(pid));
    while (running) {
      const { rows } = await client.query(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait, state
           from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()
             and state in ('active', 'idle in transaction')`,
        [database],
      );
      const locks = await client.query(
        `select l.locktype, count(*)::int as n from pg_locks l
           join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = $1 group by l.locktype`,
        [database],
      );
      counts.samples++;
      for (const row of rows) {
        if (row.state === "active") counts.active[row.wait] = (counts.active[row.wait] ?? 0) + 1;
        else counts.idleInTransaction++;
      }
      for (const row of locks.rows)
        counts.lockWaits[row.locktype] = (counts.lockWaits[row.locktype] ?? 0) + row.n;
      await new Promise((r) => setTimeout(r, 50));
    }
    // The CPU time the database's sessions used during the run (those opened meanwhile, whole).
    let used = 0;
    for (const pid of await backends()) used += (cpuMs(pid) ?? 0) - (cpuAtStart.get(pid) ?? 0);
    counts.databaseCpuMs = Math.round(used);
    await client.end();
  })();
  return async () => {
    running = false;
    await done;
    return counts;
  };
}

async function runTarget(name, dbEnv) {
  const dataset = seedBenchDatabase({ ...dbEnv, BENCH_SCALE: "1" });

  const startedAt = performance.now();
  const countFile = path.join(os.tmpdir(), `lavage-bench-queries-${process.pid}-${name}.json`);
  const server = spawnBenchServer({
    buildDir: BUILD_DIR,
    port: PORT,
    dbEnv,
    countQueries: COUNT_QUERIES,
    countFile,
    // Every booking call comes from its own address (X-Forwarded-For), like real customers,
    // so that the per-address limit does not turn the booking run into a rate-limit run.
    env: { TRUST_PROXY: "1" },
    // The server's request log (JSON lines): the page-view run reads its render times from it.
    stdout: "pipe",
  });

  // The server's request log (JSON lines): the page-view run reads its render times from it.
  const serverTimes = { collect: false, byPath: new Map() };
  let pending = "";
  server.stdout.setEncoding("utf8");
  server.stdout.on("data", (chunk) => {
    // The server's own start log: its cold start and resident memory when ready (server.js).
    if (serverTimes.startMs === undefined && chunk.includes('"startMs"')) {
      const line = chunk.split("\n").find((text) => text.includes('"startMs"'));
      try {
        const entry = JSON.parse(line);
        serverTimes.startMs = entry.startMs;
        serverTimes.rssMbAtReady = entry.rssMb;
      } catch {
        // not a whole log line
      }
    }
    if (!serverTimes.collect) return;
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.includes('"durationMs"')) continue;
      try {
        const entry = JSON.parse(line);
        if (typeof entry.path !== "string" || typeof entry.durationMs !== "number") continue;
        const list = serverTimes.byPath.get(entry.path) ?? [];
        list.push(entry.durationMs);
        serverTimes.byPath.set(entry.path, list);
      } catch {
        // not a log line
      }
    }
  });
  try {
    await waitReady(origin);
    const coldStartMs = Math.round(performance.now() - startedAt);
    await new Promise((r) => setTimeout(r, 1000));
    const idleMemoryMb = currentMemoryMb(server.pid);
    // The page-view run's client signs in here, before the runs: a password check is scrypt's
    // 32 MiB (128 x N 16384 x r 16, better-auth's default) for some 50 ms, freed at once. Signed
    // in during the runs, it landed on the heap's high point and was a tenth of the PostgreSQL
    // server's peak. Its own cost is reported (signInPeakMb); then the peak is reset (clear_refs
    // 5), so that serverPeakMemoryMb is the peak under the runs' load.
    const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: "client@example.com", password: "Demo12345!" }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const signInPeakMb = peakMemoryMb(server.pid);
    fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
    // Open slots to book, over the three active zones and the whole booking horizon (25 weeks,
    // BOOKING_HORIZON_DAYS), in random order: real customers spread over zones and days; they do
    // not all want the next free time. Each zone's day keeps starts an hour apart at least: from
    // eight weeks of every-half-hour starts, a random pick mostly overlapped a booking already
    // made, and 60 % of the answers were 409s (a refusal, which lists the day's other times): the
    // run measured refusals more than bookings.
    // A fast run that uses them all goes on with the starts in between (more of them refused).
    const random = randomGenerator(19);
    const starts = [];
    const later = [];
    for (const zone of ["granby", "sherbrooke", "gatineau"]) {
      for (let week = 0; week < BOOKING_WEEKS; week++) {
        const url = `${origin}/api/slots?zone=${zone}&cars=1&from=${quebecDay(week * 7)}&days=7`;
        const body = await (await fetch(url)).json();
        for (const day of body.days ?? []) {
          let last = -Infinity;
          for (const slot of day.slots) {
            const at = Date.parse(slot.start);
            if (at - last < BOOKING_SPACING_MS) {
              later.push({ zone, start: slot.start });
              continue;
            }
            starts.push({ zone, start: slot.start });
            last = at;
          }
        }
      }
    }
    const shuffle = (list) => {
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [list[i], list[j]] = [list[j], list[i]];
      }
      return list;
    };
    const spaced = starts.length;
    starts.splice(0, starts.length, ...shuffle(starts), ...shuffle(later));
    const addresses = {
      granby: "120 rue Principale, Granby J2G 2T5",
      sherbrooke: "200 rue King Ouest, Sherbrooke J1H 1P5",
      gatineau: "25 rue Laurier, Gatineau J8X 3V9",
    };
    let next = 0;

    const baseline = await measure("static asset (baseline)", {
      requests: [{ method: "GET", path: "/favicon.svg" }],
      ...(ONLY_BOOKINGS ? { duration: 1 } : {}),
    });
    const skipped = (title) => ({ title, skipped: true, requestsPerSecond: 0 });
    const slots = ONLY_BOOKINGS
      ? skipped("GET /api/slots (same query: cache hit)")
      : await measure("GET /api/slots (same query: cache hit)", {
          requests: [{ method: "GET", path: "/api/slots?zone=granby&cars=2" }],
        });
    // 3 zones x 3 car counts x 120 start days x 14 ranges x the zone's 8 to 13 postal-code
    // areas: most requests miss the cache. Each asks for an address, so the drive to and from it
    // (ADR 048) is in every list computed.
    const asked = new Set();
    const areasAsked = new Set();
    const postalCode = (fsa) =>
      `${fsa} ${Math.floor(random() * 10)}${"ABCEGHJKLMNPRSTVWXYZ"[Math.floor(random() * 20)]}${Math.floor(random() * 10)}`;
    const slotsMixed = ONLY_BOOKINGS
      ? skipped("GET /api/slots (mixed)")
      : await measure("GET /api/slots (mixed: mostly cache misses)", {
          requests: [
            {
              method: "GET",
              setupRequest: (request) => {
                const zone = ["granby", "sherbrooke", "gatineau"][Math.floor(random() * 3)];
                const cars = 1 + Math.floor(random() * 3);
                const from = quebecDay(Math.floor(random() * 120));
                const days = 1 + Math.floor(random() * 14);
                const areas = dataset.postalAreas[zone];
                const fsa = areas[Math.floor(random() * areas.length)];
                areasAsked.add(fsa);
                const address = encodeURIComponent(postalCode(fsa));
                const query = `zone=${zone}&cars=${cars}&from=${from}&days=${days}&address=${address}`;
                // The cache keeps one list per postal-code area: that is what makes a query distinct.
                asked.add(`zone=${zone}&cars=${cars}&from=${from}&days=${days}&area=${fsa}`);
                return { ...request, path: `/api/slots?${query}` };
              },
            },
          ],
        });
    slotsMixed.distinctQueries = asked.size;
    slotsMixed.postalAreas = areasAsked.size;
    console.error(`[${name}] ${JSON.stringify(slotsMixed)}`);
    let serverCpuAtStart = 0;
    let stopSampling = null;
    const startCounting = () => {
      if (COUNT_QUERIES) server.kill("SIGWINCH");
      serverCpuAtStart = cpuMs(server.pid);
      if (dbEnv.DATABASE_URL)
        stopSampling = sampleWaits(dbEnv.DATABASE_URL, new URL(dbEnv.DATABASE_URL).pathname.slice(1));
    };
    const bookings = await measure(
      "POST /api/bookings",
      {
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
      },
      startCounting,
    );

    // CPU time per request: what the machine's load does not change much, unlike the latencies.
    const answered = Object.values(bookings.statuses).reduce((a, b) => a + b, 0);
    bookings.serverCpuMsPerRequest = Number(((cpuMs(server.pid) - serverCpuAtStart) / answered).toFixed(1));
    // The share of bookings made (201): a run of mostly 409s would measure refusals.
    bookings.bookedShare = answered ? Number(((bookings.statuses["201"] ?? 0) / answered).toFixed(2)) : null;
    bookings.openStarts = { spaced, all: starts.length };
    if (stopSampling) {
      bookings.waits = await stopSampling();
      bookings.databaseCpuMsPerRequest = Number((bookings.waits.databaseCpuMs / answered).toFixed(1));
    }
    if (COUNT_QUERIES) {
      // The first signal's file (the counts before the run) is dropped; wait for the second's.
      fs.rmSync(countFile, { force: true });
      server.kill("SIGWINCH");
      for (let i = 0; i < 500 && !fs.existsSync(countFile); i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 100));
      const counted = JSON.parse(fs.readFileSync(countFile, "utf8"));
      fs.rmSync(countFile, { force: true });
      counted.perRequest = Number((counted.statements / answered).toFixed(2));
      counted.inTransactionPerRequest = Number((counted.inTransaction / answered).toFixed(2));
      bookings.queries = counted;
    }
    // Page views as visitors and a signed-in client make them; the server's render time per page.
    const pages = ["/", "/gallery", "/booking", "/client"];
    serverTimes.collect = true;
    const pageViews = ONLY_BOOKINGS
      ? skipped("GET pages")
      : await measure("GET pages (/, /gallery, /booking, signed-in /client)", {
          requests: [
            {
              method: "GET",
              setupRequest: (request) => {
                const page = pages[Math.floor(random() * pages.length)];
                return {
                  ...request,
                  path: page,
                  headers: {
                    accept: "text/html",
                    "x-forwarded-for": `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
                    ...(page === "/client" ? { cookie } : {}),
                  },
                };
              },
            },
          ],
        });
    serverTimes.collect = false;
    pageViews.signedIn = signIn.ok && cookie.length > 0;
    if (!ONLY_BOOKINGS)
      pageViews.serverRenderMs = Object.fromEntries(
        pages.map((page) => [page, summarize(serverTimes.byPath.get(page) ?? [])]),
      );

    // The peak under the ordinary runs, then the hostile run's from a reset (scripts/bench-hostile.mjs).
    const serverPeakMemoryMb = peakMemoryMb(server.pid);
    let hostile = skipped("hostile requests (scripts/bench-hostile.mjs)");
    if (WITH_HOSTILE) {
      fs.writeFileSync(`/proc/${server.pid}/clear_refs`, "5");
      hostile = await measure("hostile requests (scripts/bench-hostile.mjs)", {
        requests: [{ setupRequest: hostileRequests(origin, randomGenerator(29)) }],
      });
      hostile.peakMemoryMb = peakMemoryMb(server.pid);
      // The server still answers at once after it.
      const started = performance.now();
      hostile.healthAfterMs = (await fetch(`${origin}/healthz`)).ok
        ? Math.round(performance.now() - started)
        : null;
      hostile.memoryAfterMb = currentMemoryMb(server.pid);
    }
    const memoryBound = dbEnv.DATABASE_URL ? 200 : 300;

    const ratio = (r) => Number((r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2));
    return {
      database: name,
      dataset,
      coldStartMs,
      serverReportedStartMs: serverTimes.startMs ?? null,
      memoryAtReadyMb: serverTimes.rssMbAtReady ?? null,
      idleMemoryMb,
      signInPeakMb,
      results: [baseline, slots, slotsMixed, bookings, pageViews, hostile].map((r) => ({
        ...r,
        ratioToBaseline: ratio(r),
      })),
      serverPeakMemoryMb,
      hostilePeakMemoryMb: hostile.peakMemoryMb ?? null,
      memoryTargetMet: serverPeakMemoryMb <= memoryBound && (hostile.peakMemoryMb ?? 0) <= memoryBound,
      slotListTargetMet: slots.p95Ms !== null && slots.p95Ms < 50 && ratio(slots) >= 1 / 3,
      bookingTargetMet: bookings.p95Ms !== null && bookings.p95Ms <= 100 && bookings.p99Ms <= 250,
    };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.on("exit", r));
  }
}

const report = { connections: CONNECTIONS, durationSeconds: DURATION, cpus: os.cpus().length, targets: [] };
if (process.env.BENCH_ONLY !== "scale")
  report.targets.push(...(await onEachDatabase(DATABASES, "lavage_bench", runTarget)));
// BENCH_SCALE=100: the same figures at 1x and at 100x, side by side (scripts/bench-scale.mjs,
// ADR 098); BENCH_ONLY=scale runs only those.
if (SCALE > 1)
  report.scale = await runScale({
    factors: [1, SCALE],
    databases: DATABASES,
    buildDir: BUILD_DIR,
    port: PORT,
  });
console.log(JSON.stringify(report, null, 2));
