// Preloaded into the bench's server (`node --import ./scripts/bench-query-count.mjs server.js`)
// when BENCH_COUNT_QUERIES=1 (scripts/bench.mjs): counts the statements the server sends, in and
// out of transactions, how long transactions stay open, and on PGlite how long a transaction
// waited for the single session. Counts and times, not a profiler: what it adds is a few
// microseconds a statement. On SIGWINCH, the counts since the last one are written as JSON to
// BENCH_QUERY_COUNT_FILE and start again (the bench signals before and after the booking run).
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

let stats;
function reset() {
  stats = {
    statements: 0,
    inTransaction: 0,
    transactions: 0,
    rollbacks: 0,
    savepoints: 0,
    /** Per transaction: ms from BEGIN (or PGlite's session granted) to the end of COMMIT. */
    transactionMs: [],
    /** PGlite: ms a transaction waited for the session before its BEGIN. */
    sessionWaitMs: [],
    byKind: {},
  };
}
reset();

function kindOf(text) {
  const words = String(text).trim().toLowerCase().replace(/\s+/g, " ");
  const table = /(?:into|from|update) "?([a-z_]+)"?/.exec(words)?.[1];
  const verb = words.split(" ")[0];
  if (verb === "select" && words.includes("pg_advisory_xact_lock")) return "select pg_advisory_xact_lock";
  return table ? `${verb} ${table}` : words.slice(0, 40);
}

function count(text, inTx) {
  stats.statements++;
  if (inTx) stats.inTransaction++;
  const kind = kindOf(text);
  stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
  if (/^\s*savepoint/i.test(text)) stats.savepoints++;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : Math.round(sorted[Math.ceil((p / 100) * sorted.length) - 1] * 10) / 10;
};

// PostgreSQL (node-postgres): every statement goes through Client#query, the pool's too.
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === "string" ? config : config?.text;
  if (typeof text === "string") {
    const verb = text.trim().split(/\s+/)[0].toLowerCase();
    if (verb === "begin") this.__benchBegin = performance.now();
    count(text, this.__benchBegin !== undefined);
    if ((verb === "commit" || verb === "rollback") && this.__benchBegin !== undefined) {
      const began = this.__benchBegin;
      this.__benchBegin = undefined;
      stats.transactions++;
      if (verb === "rollback") stats.rollbacks++;
      const result = query.call(this, config, values, callback);
      const done = () => stats.transactionMs.push(performance.now() - began);
      if (result && typeof result.then === "function") result.then(done, done);
      else done();
      return result;
    }
  }
  return query.call(this, config, values, callback);
};

// PGlite: counted at the wire, as the app's statements run through PGlite's own `query` and
// `exec`: each Bind (extended protocol) or Query (simple protocol) message is one statement; a
// Bind's text is its Parse's.
const statementTexts = new Map();
function cString(bytes, at) {
  let end = at;
  while (bytes[end] !== 0) end++;
  return [Buffer.from(bytes.subarray(at, end)).toString("utf8"), end + 1];
}
const rawSync = PGlite.prototype.execProtocolRawSync;
PGlite.prototype.execProtocolRawSync = function (bytes) {
  for (let at = 0; at + 5 <= bytes.length;) {
    const type = bytes[at];
    const length =
      ((bytes[at + 1] << 24) | (bytes[at + 2] << 16) | (bytes[at + 3] << 8) | bytes[at + 4]) >>> 0;
    if (type === 0x50) {
      const [name, next] = cString(bytes, at + 5);
      statementTexts.set(name, cString(bytes, next)[0]);
    } else if (type === 0x42) {
      const [, next] = cString(bytes, at + 5);
      const text = statementTexts.get(cString(bytes, next)[0]) ?? "?";
      count(text, this.__benchInTransaction === true);
    } else if (type === 0x51) {
      const text = cString(bytes, at + 5)[0];
      const verb = text.trim().split(/\s+/)[0].toLowerCase();
      if (verb !== "begin" && verb !== "commit" && verb !== "rollback")
        count(text, this.__benchInTransaction === true);
    }
    at += 1 + length;
  }
  return rawSync.call(this, bytes);
};

// A transaction holds the one session from its BEGIN to its COMMIT.
const pgliteTransaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function (callback) {
  const asked = performance.now();
  return pgliteTransaction.call(this, async (tx) => {
    const granted = performance.now();
    stats.sessionWaitMs.push(granted - asked);
    count("begin", true);
    this.__benchInTransaction = true;
    try {
      return await callback(tx);
    } catch (error) {
      stats.rollbacks++;
      throw error;
    } finally {
      this.__benchInTransaction = false;
      count("commit", true);
      stats.transactions++;
      stats.transactionMs.push(performance.now() - granted);
    }
  });
};

// SIGWINCH, not SIGUSR2: close-with-grace stops the server on SIGUSR2 like on the other stop
// signals (server.js); a window-size signal is ignored by default, so a server without this
// counter carries on.
process.on("SIGWINCH", () => {
  const file = process.env.BENCH_QUERY_COUNT_FILE;
  if (!file) return;
  const { transactionMs, sessionWaitMs, ...rest } = stats;
  const summary = (values) => ({
    count: values.length,
    p50Ms: percentile(values, 50),
    p95Ms: percentile(values, 95),
    p99Ms: percentile(values, 99),
    totalMs: Math.round(values.reduce((a, b) => a + b, 0)),
  });
  fs.writeFileSync(
    file,
    JSON.stringify({ ...rest, transactionMs: summary(transactionMs), sessionWaitMs: summary(sessionWaitMs) }),
  );
  reset();
});
