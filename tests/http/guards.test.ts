import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInDemoAccounts, startDemoServer } from "./demo-server";
import type { RunningServer } from "./server";

/**
 * What the authorization matrix (authorization-matrix.test.ts: every route, every role, both
 * databases) does not say: where a redirect after an action and a signed-in visit to /auth lead,
 * the 404 page, and an unknown zone.
 */
type Who = "anonymous" | "client" | "franchisee" | "admin";

const targets = [
  { name: "pglite", env: {} as Record<string, string> },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres", env: { DATABASE_URL: "" } }] : []),
];

for (const target of targets) {
  describe(`routing and redirects [${target.name}]`, () => {
    let server: RunningServer;
    const cookies = new Map<Who, string>();
    let cleanup: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ server, cleanup } = await startDemoServer(target.name));
      await signInDemoAccounts(server.url, cookies);
    });

    afterAll(async () => {
      await server?.stop();
      await cleanup?.();
    });

    it("sends an action posted by the client-side router back to the page, not to its .data address", async () => {
      // React Router 8 hands the raw request to actions: a form sent after hydration posts to
      // /admin/promo-codes.data, and the redirect after it must name the page (ADR 069).
      const res = await fetch(`${server.url}/admin/promo-codes.data`, {
        method: "POST",
        headers: {
          cookie: cookies.get("admin")!,
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "winback", days: "60" }),
        redirect: "manual",
      });
      expect(res.status).toBe(202);
      const body = await res.text();
      expect(body).toContain('"redirect","/admin/promo-codes"');
      expect(body).not.toContain(".data");
    });

    it("sends a signed-in user away from /auth to their space", async () => {
      const res = await fetch(`${server.url}/auth`, {
        headers: { cookie: cookies.get("client")! },
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/client");
      const anonymous = await fetch(`${server.url}/auth`, { redirect: "manual" });
      expect(anonymous.status).toBe(200);
    });

    it("answers 404 with the French page on an unknown path", async () => {
      const res = await fetch(`${server.url}/nimporte-quoi`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("Oups ! Page introuvable");
    });

    it("redirects an unknown zone slug to /", async () => {
      const res = await fetch(`${server.url}/franchise/atlantide`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      const known = await fetch(`${server.url}/franchise/granby`);
      expect(known.status).toBe(200);
    });
  });
}
