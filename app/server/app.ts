import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { SlotsQuerySchema } from "~/domain/booking/schemas";
import { getDb, ping } from "./db.server";
import { env } from "./env.server";
import { openSlotsJson } from "./services/booking/slot-cache.server";
import { csrfProtection } from "./security/csrf.server";
import { securityHeaders } from "./security/headers.server";

export { bootstrap, shutdown } from "./bootstrap.server";

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    /** The client's address (behind a proxy only when TRUST_PROXY says so). */
    ip: string;
    /** The Content-Security-Policy nonce of this response (ADR 033). */
    cspNonce?: string;
  }
}

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env().TRUST_PROXY);

// Security (ADR 033, 034): headers on every response, then the cross-origin refusal.
/** Also mounted by server.js before the static files; it runs once per response. */
export const setSecurityHeaders = securityHeaders({ development: env().isDevelopment });
app.use(setSecurityHeaders);
app.use(csrfProtection());

app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});

app.get("/readyz", async (_req, res) => {
  try {
    await ping(getDb());
    res.json({ status: "ready" });
  } catch {
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
    const { zone, cars, from, days, serviceId } = query.data;
    const body = await openSlotsJson(getDb(), {
      zoneSlug: zone,
      cars,
      from,
      days,
      serviceId,
      now: new Date(),
    });
    res.type("application/json; charset=utf-8").send(body);
  } catch {
    next();
  }
});

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req, res) => ({
      requestId: String(req.headers["x-request-id"] ?? crypto.randomUUID()),
      ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
      cspNonce: res.locals.cspNonce,
    }),
  }),
);
