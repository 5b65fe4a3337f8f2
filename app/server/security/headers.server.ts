import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * Security headers of every response (ADR 033): pages, resource routes, static files and errors.
 * The Content-Security-Policy carries a fresh nonce per request; React Router's scripts, React's
 * streaming scripts, the theme script and the inlined stylesheet of app/root.tsx carry it
 * (app/entry.server.tsx reads it from the load context as `cspNonce`).
 */

export interface PolicyOptions {
  /** Vite's dev server: inline styles injected by HMR and its web socket (ADR 033). */
  development?: boolean;
  /** Served over HTTPS: ask the browser to upgrade any http: sub-resource. */
  secure?: boolean;
  /** The configured map tile server's source (MAP_TILE_URL, ADR 053); none = no tiles allowed. */
  mapTileSource?: string | null;
}

const NONCE_BYTES = 16;
/** Random bytes drawn at once for this many nonces: one call into the system's CSPRNG, not one per response. */
const NONCES_PER_DRAW = 256;
let nonceBytes = Buffer.alloc(0);
let nonceOffset = 0;

/**
 * A random, unguessable nonce (128 bits, base64). The bytes come from a batch drawn from the
 * CSPRNG (as Node's crypto.randomUUID does), each used once.
 */
export function createNonce(): string {
  if (nonceOffset >= nonceBytes.length) {
    nonceBytes = crypto.randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    nonceOffset = 0;
  }
  const nonce = nonceBytes.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** The Content-Security-Policy header value for one response. */
export function contentSecurityPolicy(nonce: string, options: PolicyOptions = {}): string {
  const n = `'nonce-${nonce}'`;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", n],
    // <style> elements: the inlined stylesheet and react-remove-scroll's (Radix dialogs) carry
    // the nonce. In development Vite injects unnonced <style> elements: 'unsafe-inline' there.
    "style-src": options.development ? ["'self'", "'unsafe-inline'"] : ["'self'", n],
    // style="" attributes that React renders on the server (Radix's visually hidden inputs,
    // progress bars): they cannot run script; the one allowance of the policy (ADR 033).
    "style-src-attr": ["'unsafe-inline'"],
    // data: and blob: for the signature pad's PNG and previews; the map tiles.
    "img-src": ["'self'", "data:", "blob:", ...(options.mapTileSource ? [options.mapTileSource] : [])],
    "font-src": ["'self'", "data:"],
    "connect-src": options.development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  const parts = Object.entries(directives).map(([name, values]) => `${name} ${values.join(" ")}`);
  if (options.secure) parts.push("upgrade-insecure-requests");
  return parts.join("; ");
}

/** Browser features the site never uses are switched off, for it and any frame. */
export const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  // The address check uses postal codes and municipalities, never the device's position.
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
].join(", ");

/** HSTS: one year with subdomains, only on a response that travelled over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** The headers of one response, besides the CSP. */
export function securityHeaderValues(secure: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (secure) headers["Strict-Transport-Security"] = STRICT_TRANSPORT_SECURITY;
  return headers;
}

/**
 * Paths whose answers hold personal data (ADR 043): the client, franchisee and admin spaces, the
 * manage and success pages of a booking, the auth pages and API, the booking and appointment
 * APIs, the unsubscribe and application pages, the development mail box and stored files.
 * `/x` covers `/x`, `/x/…` and `/x.data` (React Router's data requests), not `/xy`.
 */
export const PERSONAL_PATH_PREFIXES = [
  "/client",
  "/franchisee",
  "/admin",
  "/booking/manage",
  "/booking-success",
  "/auth",
  "/api/auth",
  "/api/bookings",
  "/api/appointments",
  "/api/update-appointment",
  "/api/rewards",
  "/application",
  "/unsubscribe",
  "/dev/mail",
  "/files",
] as const;

/** The session cookie of better-auth (plain, or __Secure- behind HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** The value of Cache-Control on every answer that holds personal data. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * Whether an answer may hold personal data, so that no shared cache (nor the browser's back
 * button cache, nor a proxy) keeps it: a personal path, or any page or data request made with a
 * session (the header shows the signed-in name). Static files (a dot in the last segment, other
 * than React Router's `.data`) keep their own caching.
 */
export function isPersonalRequest(pathname: string, cookieHeader: string | undefined): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const prefix of PERSONAL_PATH_PREFIXES) {
    if (path === prefix) return true;
    if (path.startsWith(prefix) && (path[prefix.length] === "/" || path.startsWith(".data", prefix.length))) {
      return true;
    }
  }
  if (!cookieHeader || !SESSION_COOKIE.test(cookieHeader)) return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !last.includes(".") || last.endsWith(".data");
}

declare module "express-serve-static-core" {
  interface Locals {
    /** The CSP nonce of this response (set by `securityHeaders`). */
    cspNonce?: string;
  }
}

/**
 * Express middleware: a nonce in `res.locals.cspNonce` and every security header. It runs once
 * per response even when mounted twice (server.js before the static files, app.ts for the rest).
 * `req.secure` follows TRUST_PROXY (X-Forwarded-Proto from a trusted proxy).
 *
 * A route that answers its own Content-Security-Policy (e.g. the development mail box's HTML
 * view, sandboxed with its mail's inline styles) replaces the site's rather than adding a second
 * policy that the browser would enforce too: React Router's adapter appends response headers.
 */
export function securityHeaders(options: { development?: boolean; mapTileSource?: string | null } = {}) {
  // The policy and the other headers are the same for every response but the nonce: built once
  // for each scheme, the policy split where the nonce goes.
  const NONCE_MARK = "\u0000";
  const policyParts = (secure: boolean) =>
    contentSecurityPolicy(NONCE_MARK, {
      development: options.development,
      secure,
      mapTileSource: options.mapTileSource,
    }).split(NONCE_MARK);
  const policy = { plain: policyParts(false), secure: policyParts(true) };
  const others = {
    plain: Object.entries(securityHeaderValues(false)),
    secure: Object.entries(securityHeaderValues(true)),
  };
  return function setSecurityHeaders(req: Request, res: Response, next: NextFunction): void {
    if (res.locals.cspNonce) return next();
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    const scheme = req.secure ? "secure" : "plain";
    res.setHeader("Content-Security-Policy", policy[scheme].join(nonce));
    for (const [name, value] of others[scheme]) res.setHeader(name, value);
    // Personal answers are never stored by any cache; a route's own Cache-Control cannot relax it.
    const personal = isPersonalRequest(req.path, req.headers.cookie);
    if (personal) res.setHeader("Cache-Control", PRIVATE_NO_STORE);
    const append = res.append.bind(res);
    res.append = (field: string, value?: string | string[]) => {
      const name = field.toLowerCase();
      if (name === "content-security-policy" && value !== undefined) return res.setHeader(field, value);
      if (name === "cache-control" && personal) return res;
      return append(field, value);
    };
    const setHeader = res.setHeader.bind(res);
    if (personal) {
      res.setHeader = (field: string, value: number | string | readonly string[]) =>
        field.toLowerCase() === "cache-control"
          ? setHeader(field, PRIVATE_NO_STORE)
          : setHeader(field, value);
    }
    next();
  };
}
