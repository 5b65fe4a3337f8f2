// The HTTP server of `npm start`, `npm run serve` and `npm run dev`.
// Production serves the build; development runs Vite in middleware mode with hot reload.
import path from "node:path";
import { performance } from "node:perf_hooks";
import { clearInterval, setInterval } from "node:timers";
import { pathToFileURL } from "node:url";
import closeWithGrace from "close-with-grace";
import compression from "compression";
import express from "express";

/**
 * Until the server listens, a timer keeps Node's event loop alive. Without one, while PGlite's
 * WebAssembly compiled (V8's tasks, not libuv handles) the loop had nothing to wait for, so Node
 * ran the start's remaining steps from its platform's DrainTasks, which then waited for every
 * background compile job, the optimizing compiler's included: the first request was answered
 * 0.6-1.2 s after the server said it was ready (ADR 054; scripts/bench-measurements.md, fourteenth pass).
 */
const startingUp = setInterval(() => {}, 60_000);

process.env.NODE_ENV ??= "production";
const DEVELOPMENT = process.env.NODE_ENV === "development";
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
const HOST = process.env.HOST || "0.0.0.0";

const server = express();
server.disable("x-powered-by");

/**
 * The requests being answered: a stop lets them finish before the database closes (ADR 064).
 * Once stopping, each answer closes its connection, so that no new request follows on it.
 */
let stopping = false;
let answering = 0;
let allAnswered = () => {};
server.use((req, res, next) => {
  answering += 1;
  if (stopping) res.setHeader("Connection", "close");
  res.once("close", () => {
    answering -= 1;
    if (answering === 0) allAnswered();
  });
  next();
});
server.use(compression());

let entry;
if (DEVELOPMENT) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  server.use(viteDevServer.middlewares);
  const load = () => viteDevServer.ssrLoadModule("./app/server/app.ts");
  entry = await load();
  server.use((req, res, next) => entry.requestLogger(req, res, next));
  server.use(async (req, res, next) => {
    try {
      const { app } = await load();
      return app(req, res, next);
    } catch (error) {
      if (typeof error === "object" && error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  try {
    entry = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  } catch (error) {
    // A wrong environment (app/server/env.server.ts) stops the start with its clear message.
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  // Production logs are JSON lines, redacted, with the request id (app/server/log.server.ts):
  // console.* calls of the app and its libraries go through the same logger.
  entry.captureConsole();
  // First, so that static files get a request id and a log line too.
  server.use(entry.requestLogger);
  // Security headers on the static files too (ADR 033); HSTS needs req.secure, hence TRUST_PROXY.
  server.set("trust proxy", entry.app.get("trust proxy"));
  server.use(entry.setSecurityHeaders);
  // URL and body bounds (ADR 041) before anything spends time on the request.
  server.use(entry.boundInput);
  server.use(
    "/assets",
    express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }),
  );
  // redirect: false: /gallery is a page, even though public/gallery/ holds its images.
  const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", redirect: false });
  // No file lives under /api: its calls skip the file-system lookup.
  server.use((req, res, next) => (req.path.startsWith("/api/") ? next() : publicFiles(req, res, next)));
  server.use(entry.app);
}

try {
  await entry.bootstrap();
} catch (error) {
  entry.log.error(error instanceof Error ? error.message : String(error), { err: error });
  process.exit(1);
}

const listener = server.listen(PORT, HOST, () => {
  clearInterval(startingUp);
  // Cold start (ADR 054): from the process's start (performance.now() counts from it) to ready,
  // code imported, database opened, migrated and seeded; and the resident memory at that moment.
  const startMs = Math.round(performance.now());
  const rssMb = Math.round(process.memoryUsage.rss() / 1048576);
  entry.log.info(
    `Serveur prêt sur http://localhost:${PORT} (${DEVELOPMENT ? "développement" : "production"}) en ${(startMs / 1000).toFixed(1).replace(".", ",")} s, ${rssMb} Mo en mémoire`,
    {
      port: PORT,
      pid: process.pid,
      startMs,
      rssMb,
    },
  );
});

/** How long a stop waits for the requests being answered; past it, their connections are cut. */
const DRAIN_MS = 6_000;

/**
 * The stop, in order (ADR 064), run by close-with-grace on SIGTERM, SIGINT and the other stop
 * signals, and on an uncaught exception or unhandled rejection (logged, then the same order, exit
 * code 1): no new connection, the requests being answered finish (at most DRAIN_MS), then
 * entry.shutdown() stops what else uses the database (the rate limits' sweep, the job worker, the
 * last slot-change NOTIFY) and closes it last. Past 10 s, or on a second signal, the process
 * exits at once with code 1.
 */
closeWithGrace(
  { delay: 10_000, logger: { error: (message) => entry.log.error(String(message)) } },
  async ({ signal, err }) => {
    if (err) entry.log.error(`Erreur non gérée : arrêt du serveur (${err.message ?? err})`, { err });
    else entry.log.info(`${signal ?? "Fin"} reçu : arrêt propre du serveur...`);
    stopping = true;
    listener.close();
    listener.closeIdleConnections();
    if (answering > 0) {
      await new Promise((resolve) => {
        allAnswered = resolve;
        setTimeout(resolve, DRAIN_MS).unref();
      });
    }
    listener.closeAllConnections();
    await entry.shutdown();
  },
);
