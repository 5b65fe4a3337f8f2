import { createRequestHandler } from "@react-router/express";
import express from "express";
import "react-router";
import { getDb, ping } from "./db.server";
import { env } from "./env.server";

export { bootstrap, shutdown } from "./bootstrap.server";

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    /** The client's address (behind a proxy only when TRUST_PROXY says so). */
    ip: string;
  }
}

export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", env().TRUST_PROXY);

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

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req) => ({
      requestId: String(req.headers["x-request-id"] ?? crypto.randomUUID()),
      ip: req.ip ?? req.socket.remoteAddress ?? "unknown",
    }),
  }),
);
