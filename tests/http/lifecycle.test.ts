import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server";

describe("embedded database lifecycle", () => {
  let server: RunningServer;

  beforeAll(async () => {
    // The first start on an empty folder: it migrates and seeds (the other tests copy a seeded one).
    server = await startServer({}, { fresh: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers liveness and readiness", async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: "ready" });
  });

  it("serves the French home page, server-rendered", async () => {
    const res = await fetch(server.url);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="fr-CA"');
    expect(html).toContain("Lavage Signature");
    expect(html).toMatch(/149,99\s\$/);
  });

  it("keeps the data under DATA_DIR with a lock file", () => {
    expect(fs.existsSync(path.join(server.dataDir, "db"))).toBe(true);
    expect(fs.readFileSync(path.join(server.dataDir, "db.lock"), "utf8")).toBe(String(server.process.pid));
  });

  it("refuses a second process on the same DATA_DIR with a clear message", async () => {
    const second = await startServer({ DATA_DIR: server.dataDir }, { waitReady: false });
    const code = await new Promise<number | null>((resolve) => second.process.on("exit", resolve));
    expect(code).toBe(1);
    expect(second.output()).toContain("already in use by another process");
    // The first one is unharmed.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it("closes the database on SIGTERM and reopens it on restart", async () => {
    const code = await server.stop("SIGTERM");
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(server.dataDir, "db.lock"))).toBe(false);
    server = await startServer({ DATA_DIR: server.dataDir });
    const html = await (await fetch(server.url)).text();
    expect(html).toContain("Lavage Signature");
  });

  it("has no test login in production without DEMO_ACCOUNTS", async () => {
    const res = await fetch(`${server.url}/api/setup-test-users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ role: "admin" }),
    });
    expect(res.status).toBe(404);
    const auth = await (await fetch(`${server.url}/auth`)).text();
    expect(auth).not.toContain("Connexion test");
    const demo = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: "admin@example.com", password: "Demo12345!" }),
    });
    expect(demo.status).toBe(401);
  });
});
