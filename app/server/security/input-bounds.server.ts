import { PassThrough } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { APPLICATION_BODY_MAX_BYTES } from "~/domain/applications/png";
import { applicationMessages } from "~/lib/messages/application.fr";
import { securityMessages } from "~/lib/messages/security.fr";
import { PHOTO_BODY_MAX_BYTES } from "~/domain/gallery/photos";
import { photosMessages } from "~/lib/messages/photos.fr";

/**
 * Bounds on every request's input, checked before the static files, React Router and any body
 * parser (ADR 041): one anonymous request must never hold the process.
 *
 * - URL: at most `URL_MAX_LENGTH` characters and `PATH_MAX_SEGMENTS` path segments, else 414
 *   (React Router's route matching costs the square of the segment count; no route has more
 *   than 6 segments).
 * - Body: at most `BODY_MAX_BYTES`, or the larger limit of the few paths that take an upload
 *   (`BODY_LIMITS`), else 413. A declared Content-Length is refused before any byte is read; a
 *   streamed (chunked) body is counted while it arrives, kept in memory up to the limit and
 *   handed on unchanged when it fits.
 */

export const URL_MAX_LENGTH = 8 * 1024;
export const PATH_MAX_SEGMENTS = 64;
/** Every form, JSON body and callback of the app fits in a few kilobytes. */
export const BODY_MAX_BYTES = 64 * 1024;
/** Paths that take an upload, with their own limit (exact paths). */
export const BODY_LIMITS: Readonly<Record<string, number>> = {
  "/api/franchise-applications": APPLICATION_BODY_MAX_BYTES,
  // The admin's photo upload (ADR 053): the page, and its form's fetch once hydrated.
  "/admin/photos": PHOTO_BODY_MAX_BYTES,
  "/admin/photos.data": PHOTO_BODY_MAX_BYTES,
  // The application page's own form (ADR 055): a plain POST, or React Router's data request.
  "/application": APPLICATION_BODY_MAX_BYTES,
  "/application.data": APPLICATION_BODY_MAX_BYTES,
};
/**
 * Past the limit, the rest of a body is still read and dropped up to this size, so the client
 * gets the 413 answer rather than a cut connection; beyond it the connection is closed.
 */
const DISCARD_MAX_BYTES = 8 * 1024 * 1024;

export type UrlProblem = "too-long" | "too-deep";

/** Why a request target (path and query) is refused, or null when it is within bounds. */
export function urlProblem(url: string): UrlProblem | null {
  if (url.length > URL_MAX_LENGTH) return "too-long";
  let segments = 0;
  for (let i = 0; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x3f /* ? */ || c === 0x23 /* # */) break;
    if (c === 0x2f /* / */ && ++segments > PATH_MAX_SEGMENTS) return "too-deep";
  }
  return null;
}

/** The largest body accepted on `pathname`. */
export function bodyLimitFor(pathname: string): number {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return BODY_LIMITS[path] ?? BODY_MAX_BYTES;
}

const t = securityMessages.inputBounds;

/** The upload paths' own French answer for a body over their limit. */
const BODY_TOO_LARGE_TEXT: Readonly<Record<string, string>> = {
  "/api/franchise-applications": applicationMessages.errors.tooLarge,
  "/admin/photos": photosMessages.bodyTooLarge,
  "/admin/photos.data": photosMessages.bodyTooLarge,
  "/application": applicationMessages.errors.tooLarge,
  "/application.data": applicationMessages.errors.tooLarge,
};

function refuse(req: Request, res: Response, status: 413 | 414): void {
  const text =
    status === 414 ? t.urlTooLong : (BODY_TOO_LARGE_TEXT[req.path.replace(/\/+$/, "")] ?? t.bodyTooLarge);
  const code = status === 414 ? "URI_TOO_LONG" : "PAYLOAD_TOO_LARGE";
  res.status(status);
  const accept = String(req.headers.accept ?? "");
  if (accept.includes("text/html") && !accept.includes("application/json")) {
    res.type("text/plain; charset=utf-8").send(`${t.title}\n\n${text}\n`);
  } else {
    res.json({ success: false, code, error: text });
  }
}

/** Drops what is left of a refused body, up to `DISCARD_MAX_BYTES`, then cuts the connection. */
function discardRest(req: Request, alreadyRead: number): void {
  let total = alreadyRead;
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    total += chunk.byteLength;
    if (total > DISCARD_MAX_BYTES) req.socket.destroy();
  });
  req.resume();
}

const BODY_EVENTS = new Set<string | symbol>([
  "data",
  "end",
  "error",
  "close",
  "readable",
  "pause",
  "resume",
]);

/**
 * Makes `req` read as `body` for the handlers after this one (React Router reads the request
 * with its 'data' and 'end' events): the stream methods and body events go to a replay of the
 * bytes already read, the other events (e.g. the socket's) stay on `req`.
 */
function replayBody(req: Request, body: Buffer): void {
  const replay = new PassThrough({ highWaterMark: Math.max(body.byteLength, 16 * 1024) });
  replay.end(body);
  const target = req as unknown as Record<string | symbol, unknown>;
  for (const name of [
    "on",
    "addListener",
    "once",
    "off",
    "removeListener",
    "prependListener",
    "prependOnceListener",
  ] as const) {
    const own = req[name].bind(req) as (event: string | symbol, fn: (...args: unknown[]) => void) => unknown;
    const replayed = replay[name].bind(replay) as typeof own;
    target[name] = (event: string | symbol, fn: (...args: unknown[]) => void) => {
      (BODY_EVENTS.has(event) ? replayed : own)(event, fn);
      return req;
    };
  }
  for (const name of [
    "pause",
    "resume",
    "read",
    "pipe",
    "unpipe",
    "isPaused",
    "setEncoding",
    "destroy",
  ] as const) {
    const method = replay[name] as (...args: unknown[]) => unknown;
    target[name] = (...args: unknown[]) => {
      const result = method.apply(replay, args);
      return result === replay ? req : result;
    };
  }
  target[Symbol.asyncIterator] = () => replay[Symbol.asyncIterator]();
}

/**
 * The middleware (mounted by server.js before the static files, and by `app` for other hosts;
 * it runs once per request).
 */
export function inputBounds() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (res.locals.inputBounded) return next();
    res.locals.inputBounded = true;
    if (urlProblem(req.originalUrl ?? req.url) !== null) {
      // The body of a refused request is not read; the connection is not kept for another one.
      res.setHeader("Connection", "close");
      return refuse(req, res, 414);
    }

    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (declared === undefined && !chunked) return next();
    const limit = bodyLimitFor(req.path);
    if (declared !== undefined) {
      const length = Number(declared);
      if (length <= limit) return next();
      if (length > DISCARD_MAX_BYTES) res.setHeader("Connection", "close");
      // Node drops the unread body (up to the declared length) once the answer is sent.
      return refuse(req, res, 413);
    }

    // A streamed body: counted as it arrives, kept up to the limit.
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total <= limit) {
        chunks.push(chunk);
        return;
      }
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      chunks.length = 0;
      refuse(req, res, 413);
      discardRest(req, total);
    };
    const onEnd = () => {
      if (settled) return;
      settled = true;
      req.off("data", onData);
      req.off("error", onError);
      replayBody(req, Buffer.concat(chunks, total));
      next();
    };
    const onError = (error: Error) => {
      if (settled) return;
      settled = true;
      next(error);
    };
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", onError);
  };
}
