import { PassThrough } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { APPLICATION_BODY_MAX_BYTES } from "~/domain/applications/png";
import { applicationMessages } from "~/lib/messages/application.fr";
import { securityMessages } from "~/lib/messages/security.fr";
import { PHOTO_BODY_MAX_BYTES } from "~/domain/gallery/photos";
import { JOB_PHOTO_BODY_MAX_BYTES } from "~/domain/crew/job-report";
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
 * - Signed-in uploads (ADR 067): on the paths of `GUARDED_UPLOADS` the session is checked before
 *   any byte of the body is read; without the role, the answer (401/403, or the sign-in page for
 *   a browser's navigation) comes at once and the connection is closed, the body unread.
 * - Anonymous bodies (ADR 067): every other body must arrive whole within `BODY_READ_TIMEOUT_MS`
 *   (else 408 and the connection is closed), and one client address may have at most
 *   `OPEN_UPLOADS_PER_CLIENT` bodies open at once on the upload paths (else 503), so that held
 *   connections cannot pile up memory.
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
  // The crew's before/after photo, one per request (ADR 088).
  "/crew/photos": JOB_PHOTO_BODY_MAX_BYTES,
  // The application page's own form (ADR 055): a plain POST, or React Router's data request.
  "/application": APPLICATION_BODY_MAX_BYTES,
  "/application.data": APPLICATION_BODY_MAX_BYTES,
};
/**
 * Upload paths only a signed-in role may post to, with those roles: the session is checked
 * before the body is read (ADR 067).
 */
export const GUARDED_UPLOADS: Readonly<Record<string, readonly string[]>> = {
  "/admin/photos": ["admin"],
  "/admin/photos.data": ["admin"],
  "/crew/photos": ["crew"],
};
/** How long any other body may take to arrive whole (a form of the site takes milliseconds). */
export const BODY_READ_TIMEOUT_MS = 30_000;
/** Bodies one client address may have open at once on the anonymous upload paths. */
export const OPEN_UPLOADS_PER_CLIENT = 3;

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
  "/crew/photos": photosMessages.bodyTooLarge,
  "/application": applicationMessages.errors.tooLarge,
  "/application.data": applicationMessages.errors.tooLarge,
};

type Refusal = 401 | 403 | 408 | 413 | 414 | 503;

const CODES: Record<Refusal, string> = {
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  408: "REQUEST_TIMEOUT",
  413: "PAYLOAD_TOO_LARGE",
  414: "URI_TOO_LONG",
  503: "TOO_MANY_UPLOADS",
};

function textOf(req: Request, status: Refusal): string {
  switch (status) {
    case 401:
      return t.signInRequired;
    case 403:
      return t.forbidden;
    case 408:
      return t.tooSlow;
    case 414:
      return t.urlTooLong;
    case 503:
      return t.tooManyUploads;
    default:
      return BODY_TOO_LARGE_TEXT[req.path.replace(/\/+$/, "")] ?? t.bodyTooLarge;
  }
}

function refuse(req: Request, res: Response, status: Refusal): void {
  const text = textOf(req, status);
  const code = CODES[status];
  res.status(status);
  const accept = String(req.headers.accept ?? "");
  if (accept.includes("text/html") && !accept.includes("application/json")) {
    res.type("text/plain; charset=utf-8").send(`${t.title}\n\n${text}\n`);
  } else {
    res.json({ success: false, code, error: text });
  }
}

/**
 * How much of a refused body is read and dropped so the client gets the answer: `DISCARD_MAX_BYTES`,
 * or a megabyte past a larger limit (the application's photo, ADR 076: its limit is above 8 MB).
 */
function discardBound(limit: number): number {
  return Math.max(DISCARD_MAX_BYTES, limit + 1024 * 1024);
}

/** Drops what is left of a refused body, up to `discardBound`, then cuts the connection. */
function discardRest(req: Request, alreadyRead: number, limit: number): void {
  let total = alreadyRead;
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    total += chunk.byteLength;
    if (total > discardBound(limit)) req.socket.destroy();
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

/** The path without its trailing slashes (as `BODY_LIMITS` and `GUARDED_UPLOADS` spell it). */
function pathOf(req: Request): string {
  return req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
}

export interface InputBoundsOptions {
  /**
   * The role of the session the request's cookie names, or null (none, expired, unknown). Without
   * it the guarded uploads are refused 401.
   */
  sessionRole?: (headers: Headers) => Promise<string | null>;
  /** `BODY_READ_TIMEOUT_MS` unless told (the unit tests). */
  bodyReadTimeoutMs?: number;
}

/** The client addresses' bodies open on the anonymous upload paths. */
const openUploads = new Map<string, number>();

/**
 * Counts one open body of `client` on an anonymous upload path until its answer is sent or its
 * connection closes; false (nothing counted) past `OPEN_UPLOADS_PER_CLIENT`.
 */
function holdUploadSlot(client: string, res: Response): boolean {
  const open = openUploads.get(client) ?? 0;
  if (open >= OPEN_UPLOADS_PER_CLIENT) return false;
  openUploads.set(client, open + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (openUploads.get(client) ?? 1) - 1;
    if (left <= 0) openUploads.delete(client);
    else openUploads.set(client, left);
  };
  res.once("finish", release);
  res.once("close", release);
  return true;
}

/**
 * Closes a request whose body is not whole within `ms`: 408 when nothing was answered yet, the
 * connection cut either way. Cleared once the answer is sent.
 */
function bodyDeadline(req: Request, res: Response, ms: number): void {
  const timer = setTimeout(() => {
    if (req.complete) return;
    if (!res.headersSent) {
      res.setHeader("Connection", "close");
      refuse(req, res, 408);
      res.once("finish", () => req.socket.destroy());
    } else {
      req.socket.destroy();
    }
  }, ms);
  timer.unref();
  res.once("finish", () => clearTimeout(timer));
  res.once("close", () => clearTimeout(timer));
}

/**
 * A signed-out (401) or wrong-role (403) upload. The page itself answers as its guard does
 * (requireRole: to the sign-in page with a return address, or home); React Router's data
 * request gets the status and the French message.
 */
function refuseUpload(req: Request, res: Response, status: 401 | 403): void {
  // The body is not read: the connection is not kept for another request.
  res.setHeader("Connection", "close");
  const path = pathOf(req);
  if (!path.endsWith(".data")) {
    res.redirect(302, status === 401 ? `/auth?${new URLSearchParams({ redirectTo: path })}` : "/");
    return;
  }
  refuse(req, res, status);
}

function cookieHeaders(req: Request): Headers {
  const headers = new Headers();
  const cookie = req.headers.cookie;
  if (cookie) headers.set("cookie", cookie);
  return headers;
}

/**
 * The middleware (mounted by server.js before the static files, and by `app` for other hosts;
 * it runs once per request).
 */
export function inputBounds(options: InputBoundsOptions = {}) {
  const timeoutMs = options.bodyReadTimeoutMs ?? BODY_READ_TIMEOUT_MS;
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
    if (declared !== undefined && Number(declared) === 0 && !chunked) return next();
    const path = pathOf(req);
    const roles = GUARDED_UPLOADS[path];
    if (roles) {
      // The session first: no byte of the body is read for a client without the role.
      const lookUp = options.sessionRole?.(cookieHeaders(req)) ?? Promise.resolve(null);
      lookUp.then(
        (role) => {
          if (role === null) return refuseUpload(req, res, 401);
          if (!roles.includes(role)) return refuseUpload(req, res, 403);
          readWithin(req, res, next, declared, chunked);
        },
        (error: unknown) => next(error),
      );
      return;
    }
    if (BODY_LIMITS[path] !== undefined && !holdUploadSlot(req.ip ?? req.socket.remoteAddress ?? "", res)) {
      res.setHeader("Connection", "close");
      res.setHeader("Retry-After", "30");
      return refuse(req, res, 503);
    }
    bodyDeadline(req, res, timeoutMs);
    readWithin(req, res, next, declared, chunked);
  };
}

/** The body within its path's limit: a declared length checked, a streamed body counted. */
function readWithin(
  req: Request,
  res: Response,
  next: NextFunction,
  declared: string | undefined,
  chunked: boolean,
): void {
  const limit = bodyLimitFor(req.path);
  if (declared !== undefined && !chunked) {
    const length = Number(declared);
    if (length <= limit) return next();
    if (length > discardBound(limit)) res.setHeader("Connection", "close");
    // Node drops the unread body (up to the declared length) once the answer is sent.
    return refuse(req, res, 413);
  }

  // A streamed body: counted as it arrives, kept up to the limit.
  const chunks: Buffer[] = [];
  let total = 0;
  let settled = false;
  const onData = (chunk: Buffer) => {
    if (res.headersSent) return;
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
    discardRest(req, total, limit);
  };
  const onEnd = () => {
    if (settled || res.headersSent) return;
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
  res.once("close", () => {
    chunks.length = 0;
  });
  req.on("data", onData);
  req.once("end", onEnd);
  req.once("error", onError);
}
