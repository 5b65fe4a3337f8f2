import { createRequestHandler } from "@react-router/express";
import express, { type RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { SlotsQuerySchema } from "~/domain/booking/schemas";
import { sessionUserOf } from "./auth.server";
import { bootstrap as openDatabase, shutdown as closeDatabase } from "./bootstrap.server";
import { getDb, ping } from "./db.server";
import { env } from "./env.server";
import { log, pinoLogger, redact, withRequestContext, type RequestContext } from "./log.server";
import { closeRateLimitStore, connectRateLimitStore } from "./rate-limit.server";
import { csrfProtection } from "./security/csrf.server";
import { inputBounds } from "./security/input-bounds.server";
import { securityHeaders } from "./security/headers.server";
import { tileSource } from "./map-tiles.server";
import { redactPath } from "./security/redact-path.server";
import { routerContextWith } from "./request-info.server";
import { slotsAnswerJson } from "./services/booking/slot-cache.server";
import { securityMessages } from "~/lib/messages/security.fr";

export { captureConsole, log } from "./log.server";

/** Opens the database (migrations, seed, worker), then Redis for the rate limits when set. */
export async function bootstrap(): Promise<void> {
  if (env().demoOnPublicUrl)
    log.warn(securityMessages.demoOnPublicUrlWarning, { publicUrl: env().PUBLIC_URL });
  if (env().publicUrlUnset)
    log.warn(securityMessages.publicUrlUnsetWarning(env().PUBLIC_URL, env().demoAccounts), {
      publicUrl: env().PUBLIC_URL,
      demoAccounts: env().demoAccounts,
    });
  await openDatabase();
  await connectRateLimitStore();
}

/**
 * The stop after the requests are answered (server.js drains them first), in order (ADR 064): the
 * rate limits (their sweep of expired counters, Redis), then the job worker, the last slot-change
 * NOTIFY and the database itself, so that nothing uses the database once it is closed.
 */
export async function shutdown(): Promise<void> {
  try {
    await closeRateLimitStore();
  } finally {
    await closeDatabase();
  }
}

const HEALTH_CHECKS = new Set(["/healthz", "/readyz"]);

/** An X-Request-Id from a proxy is kept when it is a plain token; anything else gets a new id. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : crypto.randomUUID();
}

/** The request's line: method, path without the query string, status, duration in ms (ADR 099). */
function requestLine(req: express.Request, res: express.Response): Record<string, unknown> {
  const started = (res.locals as { startedAt?: bigint }).startedAt ?? process.hrtime.bigint();
  return redact({
    requestId: String(res.locals.requestId),
    method: req.method,
    path: redactPath(req.originalUrl.split("?")[0]!),
    status: res.statusCode,
    durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
    // The SQL statements it sent (ADR 105): a count that grows with a page's rows is an N+1.
    statements: (res.locals as { requestContext?: RequestContext }).requestContext?.statements ?? 0,
    ...(res.writableFinished ? {} : { aborted: true }),
  }) as Record<string, unknown>;
}

/** pino-http on the current logger: one line per request, no request or response object. */
function createHttpLogger(logger: ReturnType<typeof pinoLogger>) {
  return pinoHttp<express.Request, express.Response>({
    logger,
    genReqId: (req) => requestIdOf(req.headers["x-request-id"]),
    // Only the fields of `requestLine`: no headers (cookies, tokens), no query string.
    wrapSerializers: false,
    serializers: { req: () => undefined, res: () => undefined, err: () => undefined },
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return "error";
      // A load balancer's health checks every few seconds: only with LOG_LEVEL=debug when fine.
      if (res.statusCode < 400 && HEALTH_CHECKS.has(req.path)) return "debug";
      return "info";
    },
    customSuccessMessage: () => "requête",
    customErrorMessage: () => "requête",
    customSuccessObject: requestLine,
    customErrorObject: requestLine,
  });
}

let httpLogger:
  { logger: ReturnType<typeof pinoLogger>; handler: ReturnType<typeof createHttpLogger> } | undefined;

/**
 * Gives every request an id (the proxy's X-Request-Id, or a new one), echoes it in the response's
 * X-Request-Id, runs the request with it (every log line written meanwhile carries it) and, once
 * answered, logs one line through pino-http (ADR 099): method, path without the query string,
 * status and duration in ms, redacted like every line. server.js mounts it first, so static
 * files are logged too; `app` mounts it for other hosts.
 */
export const requestLogger: express.RequestHandler = (req, res, next) => {
  if (typeof res.locals.requestId === "string") return next();
  const logger = pinoLogger();
  if (httpLogger?.logger !== logger) httpLogger = { logger, handler: createHttpLogger(logger) };
  res.locals.startedAt = process.hrtime.bigint();
  httpLogger.handler(req, res, () => {
    const requestId = String(req.id);
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const context: RequestContext = { requestId, statements: 0 };
    res.locals.requestContext = context;
    withRequestContext(context, next);
  });
};

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env().TRUST_PROXY);
app.use(requestLogger);

// Security (ADR 033, 034): headers on every response, then the cross-origin refusal.
/** Also mounted by server.js before the static files; it runs once per response. */
export const setSecurityHeaders = securityHeaders({
  development: env().isDevelopment,
  mapTileSource: tileSource(env().MAP_TILE_URL),
});
app.use(setSecurityHeaders);
/**
 * URL length and depth, body size (ADR 041), the session of a signed-in upload and the time and
 * number of anonymous bodies (ADR 067): before the health checks, React Router and any body
 * parser. Also mounted by server.js before the static files; it runs once per request.
 */
const bounds = inputBounds({
  sessionRole: async (headers) => (await sessionUserOf(headers))?.role ?? null,
});
const refuseCrossOrigin = csrfProtection();
/**
 * The cross-origin refusal first (headers only, nothing read): a cross-site post to a guarded
 * upload is the CSRF 403 it always was, not the sign-in redirect of the upload's session check.
 */
export const boundInput: RequestHandler = (req, res, next) =>
  refuseCrossOrigin(req, res, () => bounds(req, res, next));
app.use(boundInput);

app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});

app.get("/readyz", async (_req, res) => {
  try {
    // A database that does not answer within 3 s is as good as down for a load balancer.
    await Promise.race([
      ping(getDb()),
      new Promise((_, reject) => setTimeout(() => reject(new Error("ping timed out")), 3_000).unref()),
    ]);
    res.json({ status: "ready" });
  } catch (error) {
    log.warn("/readyz : base de données injoignable", { err: error });
    res.status(503).json({ status: "unavailable" });
  }
});

/**
 * The hot path of the booking engine (ADR 010): a valid slot query is answered straight from the
 * slot cache, without React Router's request conversion and route matching. Anything else (a bad
 * parameter, an unknown zone, an error) falls through to the route module app/routes/api/slots.ts,
 * which gives the same answers and every error's French message.
 */
app.get("/api/slots", async (req, res, next) => {
  const query = SlotsQuerySchema.safeParse(req.query);
  if (!query.success) return next();
  try {
    const body = await slotsAnswerJson(getDb(), query.data, new Date());
    res.type("application/json; charset=utf-8").send(body);
  } catch {
    next();
  }
});

const loadRouteBuild = () => import("virtual:react-router/server-build");
type RouteBuild = Awaited<ReturnType<typeof loadRouteBuild>>;

/** What every loader and action gets as `context`: the request's information (request-info.server.ts). */
function loadContextOf(req: express.Request, res: express.Response) {
  return routerContextWith({
    requestId: String(res.locals.requestId ?? requestIdOf(req.headers["x-request-id"])),
    ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
    socketIp: req.socket.remoteAddress ?? "unknown",
    cspNonce: res.locals.cspNonce,
  });
}

function routeHandler(build: RouteBuild | typeof loadRouteBuild) {
  return createRequestHandler({ build, getLoadContext: loadContextOf });
}

/**
 * In production the route build is imported once, on the first request, and handed to React
 * Router as an object: given a function, React Router derives and ranks every route again on each
 * request (about 1 ms of CPU per request, ADR 054). The development server keeps the function, so
 * that an edited route is picked up at once.
 */
let productionRoutes: ReturnType<typeof routeHandler> | undefined;
app.use(
  import.meta.env.DEV
    ? routeHandler(loadRouteBuild)
    : async (req, res, next) => {
        productionRoutes ??= routeHandler(await loadRouteBuild());
        return productionRoutes(req, res, next);
      },
);
