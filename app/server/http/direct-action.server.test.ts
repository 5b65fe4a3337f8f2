import type { AddressInfo } from "node:net";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { data, type ActionFunction, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { expectConsoleError } from "../../../tests/setup/unit";
import { directAction } from "./direct-action.server";

const loadContext = (req: express.Request) => ({
  requestId: "r1",
  ip: req.ip ?? "",
  socketIp: "",
  cspNonce: undefined,
});

/** The smallest build React Router serves: a root and one resource route at /api/x. */
function buildWith(action: ActionFunction): ServerBuild {
  return {
    entry: { module: { default: () => new Response("document") } },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      x: { id: "x", parentId: "root", path: "api/x", module: { action } },
    },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** Serves POST /api/x through directAction, or through React Router's Express adapter. */
async function serve(
  action: ActionFunction | undefined,
  via: "direct" | "react-router",
  run: (url: string) => Promise<void>,
) {
  const app = express();
  // As server.js: the larger answers are compressed (fetch asks for gzip).
  app.use(compression());
  app.post(
    "/api/x",
    via === "direct" || !action
      ? directAction("/api/x", async () => action, loadContext, "production")
      : createRequestHandler({ build: buildWith(action), getLoadContext: loadContext, mode: "production" }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/x`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** Status, headers (but the date) and body of the answer to one POST. */
async function answer(action: ActionFunction, via: "direct" | "react-router") {
  let seen: unknown;
  await serve(action, via, async (url) => {
    const res = await post(url, { zone: "granby" });
    const headers = [...res.headers].filter(([name]) => name !== "date");
    seen = { status: res.status, statusText: res.statusText, headers, body: await res.text() };
  });
  return seen;
}

describe("directAction", () => {
  it("hands the action the request, its URL, the pattern and the load context", async () => {
    const seen: Record<string, unknown> = {};
    await serve(
      async ({ request, url, pattern, params, context }) => {
        Object.assign(seen, { body: await request.json(), url: url.pathname, pattern, params, context });
        Object.assign(seen, { method: request.method, type: request.headers.get("content-type") });
        return data({ ok: true }, { status: 201 });
      },
      "direct",
      async (url) => {
        expect((await post(url, { zone: "granby" })).status).toBe(201);
      },
    );
    expect(seen).toMatchObject({
      body: { zone: "granby" },
      url: "/api/x",
      pattern: "/api/x",
      params: {},
      context: { requestId: "r1" },
      method: "POST",
      type: "application/json",
    });
  });

  it("answers what React Router answers: data(), a Response, a plain value, a string, thrown answers", async () => {
    const actions: ActionFunction[] = [
      () => data({ booking_id: "b1" }, { status: 201 }),
      () => data({ error: "pris", slots: [] }, { status: 409, headers: { "Retry-After": "3" } }),
      () => data({ big: "x".repeat(5000) }, { status: 422 }),
      () => new Response("texte", { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8" } }),
      () => new Response(null, { status: 204 }),
      () => ({ plain: 1 }),
      () => "une chaîne",
      () => {
        throw new Response("non", { status: 404 });
      },
      () => {
        throw data({ error: "refusé" }, { status: 403 });
      },
    ];
    for (const action of actions) {
      expect(await answer(action, "direct")).toEqual(await answer(action, "react-router"));
    }
  });

  it("answers any other error 500 after logging it, as React Router does", async () => {
    expectConsoleError();
    const action: ActionFunction = () => {
      throw new Error("boom");
    };
    const direct = await answer(action, "direct");
    expect(direct).toEqual(await answer(action, "react-router"));
    expect(direct).toMatchObject({ status: 500, body: "Unexpected Server Error" });
  });

  it("lets the request go on when the build has no such action", async () => {
    await serve(undefined, "direct", async (url) => {
      expect((await post(url, {})).status).toBe(404);
    });
  });
});
