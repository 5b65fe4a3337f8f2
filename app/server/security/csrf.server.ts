import type { NextFunction, Request, Response } from "express";
import { env } from "../env.server";
import { securityMessages } from "~/lib/messages/security.fr";

/**
 * Cross-site request forgery (ADR 034): a state-changing request (POST, PUT, PATCH, DELETE) to
 * any page action or API must come from this site. The rule, in order:
 *
 * 1. GET, HEAD, OPTIONS and TRACE pass (they change nothing).
 * 2. A path of `CSRF_EXEMPT_PATHS` passes: machine-to-machine callbacks that prove themselves
 *    otherwise (a provider's signature, a one-click unsubscribe token).
 * 3. `Origin` present: it must be one of the trusted origins (PUBLIC_URL's origin, or the
 *    request's own scheme and host). `Origin: null` passes only with `Sec-Fetch-Site: same-origin`.
 * 4. No `Origin` but a `Referer`: the referer's origin must be trusted.
 * 5. Neither header: browsers send `Origin` on every POST since 2020, so the caller is not a
 *    browser (an API client, a script, an agent) and cannot ride a visitor's cookies: it passes,
 *    unless a `Sec-Fetch-Site` header other than same-origin or none says a browser sent it.
 *
 * SameSite=Lax session and flash cookies are the second layer: a cross-site POST carries none.
 */

/**
 * Paths that take cross-origin state-changing requests. Exact paths, or a prefix ending in
 * `/*` (`/api/sms/*` matches `/api/sms/inbound`). Each entry must authenticate its caller
 * itself.
 */
export const CSRF_EXEMPT_PATHS: readonly string[] = [
  // The SMS provider's inbound callback: checked by its signature or shared secret (ADR 014).
  "/api/sms/inbound",
  // Stripe's events (ADR 073): checked by the SDK against STRIPE_WEBHOOK_SECRET.
  "/api/stripe/webhook",
  // RFC 8058 one-click unsubscribe from mail clients: checked by its signed token (ADR 015).
  "/api/unsubscribe",
  // The MCP endpoint for AI agents (ADR 051): reads no cookie; each tool carries its own proof.
  "/mcp",
];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);

export function isCsrfExempt(pathname: string, exempt: readonly string[] = CSRF_EXEMPT_PATHS): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return exempt.some((entry) =>
    entry.endsWith("/*") ? path.startsWith(entry.slice(0, -1)) : path === entry.replace(/\/+$/, ""),
  );
}

export interface CsrfInput {
  method: string;
  pathname: string;
  origin: string | null;
  referer: string | null;
  secFetchSite: string | null;
  /** Origins allowed to send state-changing requests (see `trustedOrigins`). */
  trusted: readonly string[];
  exempt?: readonly string[];
}

export type CsrfVerdict =
  | { allowed: true; reason: "safe-method" | "exempt" | "same-origin" | "not-a-browser" }
  | { allowed: false; reason: "cross-origin" | "null-origin" | "bad-referer" | "cross-site-fetch" };

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** The CSRF rule above, as a pure function. */
export function checkCsrf(input: CsrfInput): CsrfVerdict {
  if (SAFE_METHODS.has(input.method.toUpperCase())) return { allowed: true, reason: "safe-method" };
  if (isCsrfExempt(input.pathname, input.exempt)) return { allowed: true, reason: "exempt" };
  const trusted = new Set(input.trusted.map((o) => o.toLowerCase()));
  if (input.origin !== null && input.origin !== "") {
    if (input.origin === "null") {
      return input.secFetchSite === "same-origin"
        ? { allowed: true, reason: "same-origin" }
        : { allowed: false, reason: "null-origin" };
    }
    const origin = originOf(input.origin);
    return origin && trusted.has(origin.toLowerCase())
      ? { allowed: true, reason: "same-origin" }
      : { allowed: false, reason: "cross-origin" };
  }
  if (input.referer !== null && input.referer !== "") {
    const origin = originOf(input.referer);
    if (!origin) return { allowed: false, reason: "bad-referer" };
    return trusted.has(origin.toLowerCase())
      ? { allowed: true, reason: "same-origin" }
      : { allowed: false, reason: "cross-origin" };
  }
  if (input.secFetchSite && input.secFetchSite !== "same-origin" && input.secFetchSite !== "none") {
    return { allowed: false, reason: "cross-site-fetch" };
  }
  return { allowed: true, reason: "not-a-browser" };
}

/** PUBLIC_URL's origin, parsed once per value rather than once per request. */
let lastPublic: { url: string; origin: string } | undefined;
function publicOrigin(publicUrl: string): string {
  if (lastPublic?.url !== publicUrl) lastPublic = { url: publicUrl, origin: new URL(publicUrl).origin };
  return lastPublic.origin;
}

/**
 * The origins that may send state-changing requests: PUBLIC_URL's, and the one the request was
 * addressed to (`requestUrl`, e.g. http://127.0.0.1:3000 when PUBLIC_URL names the public host).
 * A browser cannot forge either: the Host header is the address the visitor's page targets.
 * better-auth's trustedOrigins uses the same list (app/server/auth.server.ts).
 */
export function trustedOrigins(requestUrl?: string | null, publicUrl: string = env().PUBLIC_URL): string[] {
  const list = [publicOrigin(publicUrl)];
  const own = requestUrl ? originOf(requestUrl) : null;
  if (own && !list.includes(own)) list.push(own);
  return list;
}

function wantsJson(req: Request): boolean {
  if (req.path.startsWith("/api/")) return true;
  const accept = req.get("accept") ?? "";
  const type = req.get("content-type") ?? "";
  return !accept.includes("text/html") && (accept.includes("json") || type.includes("json"));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The 403 page of a refused browser form post. */
function refusalPage(): string {
  const s = securityMessages;
  return `<!doctype html><html lang="fr-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(s.refusedTitle)}</title></head><body><main><h1>${escapeHtml(s.refusedTitle)}</h1><p>${escapeHtml(s.crossOrigin)}</p><p><a href="/">${escapeHtml(s.home)}</a></p></main></body></html>`;
}

/**
 * Express middleware refusing cross-origin state-changing requests with 403 and a French
 * message: JSON `{success: false, error}` for APIs and JSON callers, a small page otherwise.
 */
export function csrfProtection(options: { exempt?: readonly string[] } = {}) {
  return function refuseCrossOrigin(req: Request, res: Response, next: NextFunction): void {
    // What checkCsrf answers first, without building its input (the trusted origins).
    if (SAFE_METHODS.has(req.method.toUpperCase())) return next();
    const verdict = checkCsrf({
      method: req.method,
      pathname: req.path,
      origin: req.get("origin") ?? null,
      referer: req.get("referer") ?? null,
      secFetchSite: req.get("sec-fetch-site") ?? null,
      trusted: trustedOrigins(`${req.protocol}://${req.host}`),
      exempt: options.exempt,
    });
    if (verdict.allowed) return next();
    res.status(403).setHeader("Cache-Control", "no-store");
    if (wantsJson(req)) {
      res.json({ success: false, error: securityMessages.crossOrigin });
    } else {
      res.type("html").send(refusalPage());
    }
  };
}
