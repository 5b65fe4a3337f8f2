// The bench at two sizes (issue 35, ADR 098), run by scripts/bench.mjs when BENCH_SCALE is set:
// the 1x network and the one BENCH_SCALE times bigger (scripts/bench-seed.ts, app/server/seed/seed-scale.ts),
// each on a new database, with the same short runs (BENCH_SCALE_SECONDS, 3 s each after a 1 s
// warm-up, 10 connections): the slot list (cache hit, mixed), the booking call, the demo
// franchisee's week schedule and dashboard, the admin's network reports and booking search by
// phone, by part of a name or of a phone number, the signed-in client's space and the home page, each with the SQL
// statements a request sent (median and most, from the server's request log, ADR 105); then,
// server stopped, the jobs claimed per second and each daily job's run time
// (scripts/bench-jobs.ts). Returns [{ factor, database, seed, results: [{ title, p50Ms, p95Ms,
// requestsPerSecond, statementsPerRequest, statementsMax }] }].
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import autocannon from "autocannon";
import { onEachDatabase, seedBenchDatabase, spawnBenchServer, waitReady } from "./bench-common.mjs";

const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 3);
const CONNECTIONS = 10;

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function run(origin, title, options, seconds) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const statuses = {};
    const instance = autocannon(
      { url: origin, connections: CONNECTIONS, duration: seconds, ...options },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          title,
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          requestsPerSecond: Math.round(result.requests.average),
          requests: latencies.length,
          statuses,
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
 * The SQL statements of each request the server answered, from its request log's `statements`
 * (drizzle's logger, app/server/log.server.ts countStatement, ADR 105), kept while `collecting`.
 */
function statementLog(server) {
  const counts = { collecting: false, values: [] };
  let pending = "";
  server.stdout.setEncoding("utf8");
  server.stdout.on("data", (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    if (!counts.collecting) return;
    for (const line of lines) {
      if (!line.includes('"statements"')) continue;
      try {
        const entry = JSON.parse(line);
        if (typeof entry.statements === "number" && entry.path !== "/readyz")
          counts.values.push(entry.statements);
      } catch {
        // not a log line
      }
    }
  });
  return counts;
}

/**
 * A 1 s warm-up with the same requests, then the measured run, with the statements each of its
 * requests sent (median and most): a count that grows with the network's size is an N+1.
 */
async function measure(origin, title, options, statements) {
  await run(origin, title, options, 1);
  await new Promise((r) => setTimeout(r, 100));
  statements.values = [];
  statements.collecting = true;
  const result = await run(origin, title, options, SECONDS);
  await new Promise((r) => setTimeout(r, 100));
  statements.collecting = false;
  const sorted = [...statements.values].sort((a, b) => a - b);
  result.statementsPerRequest = percentile(sorted, 50);
  result.statementsMax = sorted.length > 0 ? sorted[sorted.length - 1] : null;
  console.error(
    `[scale] ${title}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, ${result.requestsPerSecond}/s, ` +
      `${result.statementsPerRequest} statements a request (at most ${result.statementsMax})`,
  );
  return result;
}

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

function quebecDay(offset) {
  return new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA", {
    timeZone: "America/Toronto",
  });
}

async function signIn(origin, email) {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: "Demo12345!" }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const forwarded = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** One size on one database: seed, serve, measure, stop, then the jobs. */
async function runSize({ factor, name, dbEnv, buildDir, port }) {
  const origin = `http://127.0.0.1:${port}`;
  const env = { ...dbEnv, BENCH_SCALE: String(factor) };
  const dataset = seedBenchDatabase(env);
  const server = spawnBenchServer({
    buildDir,
    port,
    dbEnv: env,
    env: { TRUST_PROXY: "1", LOG_LEVEL: "info" },
    stdout: "pipe",
  });
  const statements = statementLog(server);
  const measured = (title, options) => measure(origin, title, options, statements);
  const results = [];
  try {
    await waitReady(origin);
    const [admin, franchisee, client] = [
      await signIn(origin, "admin@example.com"),
      await signIn(origin, "franchisee@example.com"),
      await signIn(origin, "client@example.com"),
    ];
    const random = randomGenerator(19);
    const page = (path, cookie) => ({
      requests: [
        { method: "GET", path, headers: { accept: "text/html", cookie, "x-forwarded-for": "10.0.0.1" } },
      ],
    });
    results.push(
      await measured("GET /api/slots (same query: cache hit)", {
        requests: [{ method: "GET", path: "/api/slots?zone=granby&cars=2" }],
      }),
    );
    results.push(
      await measured("GET /api/slots (mixed: mostly cache misses)", {
        requests: [
          {
            method: "GET",
            setupRequest: (request) => {
              const zone = ["granby", "sherbrooke", "gatineau"][Math.floor(random() * 3)];
              const areas = dataset.postalAreas[zone];
              const fsa = areas[Math.floor(random() * areas.length)];
              const query = `zone=${zone}&cars=${1 + Math.floor(random() * 3)}&from=${quebecDay(Math.floor(random() * 120))}&days=${1 + Math.floor(random() * 14)}&address=${encodeURIComponent(`${fsa} 1A1`)}`;
              return { ...request, path: `/api/slots?${query}` };
            },
          },
        ],
      }),
    );
    // Bookings: open starts of the three demo zones over 8 weeks, an hour apart, in random order.
    const starts = [];
    for (const zone of ["granby", "sherbrooke", "gatineau"])
      for (let week = 1; week < 9; week++) {
        const body = await (
          await fetch(`${origin}/api/slots?zone=${zone}&cars=1&from=${quebecDay(week * 7)}&days=7`)
        ).json();
        for (const day of body.days ?? []) {
          let last = -Infinity;
          for (const slot of day.slots) {
            const at = Date.parse(slot.start);
            if (at - last < 60 * 60_000) continue;
            starts.push({ zone, start: slot.start });
            last = at;
          }
        }
      }
    for (let i = starts.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [starts[i], starts[j]] = [starts[j], starts[i]];
    }
    const addresses = {
      granby: "120 rue Principale, Granby J2G 2T5",
      sherbrooke: "200 rue King Ouest, Sherbrooke J1H 1P5",
      gatineau: "25 rue Laurier, Gatineau J8X 3V9",
    };
    let next = 0;
    const bookings = await measured("POST /api/bookings", {
      requests: [
        {
          method: "POST",
          path: "/api/bookings",
          setupRequest: (request) => {
            const pick = starts[next++ % starts.length];
            return {
              ...request,
              headers: { "content-type": "application/json", origin, "x-forwarded-for": forwarded() },
              body: JSON.stringify({
                zone: pick.zone,
                cars: 1,
                start: pick.start,
                name: "Client Banc d'essai",
                email: `banc-scale-${next}@example.com`,
                phone: "450 555 0199",
                address: addresses[pick.zone],
              }),
            };
          },
        },
      ],
    });
    bookings.bookedShare = Number(
      ((bookings.statuses["201"] ?? 0) / Math.max(1, bookings.requests)).toFixed(2),
    );
    results.push(bookings);
    results.push(await measured("GET /franchisee/schedule (week)", page("/franchisee/schedule", franchisee)));
    results.push(await measured("GET /franchisee (dashboard)", page("/franchisee", franchisee)));
    results.push(await measured("GET /admin/reports (network, 6 months)", page("/admin/reports", admin)));
    results.push(
      await measured(
        "GET /admin/bookings?q=<phone> (search by phone)",
        page("/admin/bookings?q=450+555+0100", admin),
      ),
    );
    results.push(await measured("GET /client (signed-in space)", page("/client", client)));
    results.push(await measured("GET / (home page, the network's review average)", page("/", "")));
    results.push(
      await measured(
        "GET /admin/bookings?q=<part of a name> (search by name)",
        page("/admin/bookings?q=therine", admin),
      ),
    );
    results.push(
      await measured(
        "GET /admin/bookings?q=<part of a phone> (search by digits)",
        page("/admin/bookings?q=555-01", admin),
      ),
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.on("exit", r));
  }
  const jobs = spawnSync("npx", ["tsx", "scripts/bench-jobs.ts"], {
    env: { ...process.env, ...env, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (jobs.status !== 0) throw new Error(`bench jobs failed:\n${jobs.stdout}\n${jobs.stderr}`);
  for (const row of JSON.parse(jobs.stdout.trim().split("\n").pop())) {
    console.error(`[scale] ${row.title}: p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms`);
    results.push(row);
  }
  const counts = { ...dataset };
  delete counts.postalAreas;
  return { factor, database: name, dataset: counts, results };
}

/** Each factor of `factors` on each database of `databases`, a new database for each. */
export async function runScale({ factors, databases, buildDir, port }) {
  const sizes = [];
  for (const factor of factors)
    sizes.push(
      ...(await onEachDatabase(databases, `lavage_scale_${factor}`, (name, dbEnv) =>
        runSize({ factor, name, dbEnv, buildDir, port }),
      )),
    );
  return sizes;
}
