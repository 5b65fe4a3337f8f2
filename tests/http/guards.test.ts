import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInDemoAccounts, startDemoServer } from "./demo-server";
import type { RunningServer } from "./server";

type Who = "anonymous" | "client" | "franchisee" | "admin";
const WHO: Who[] = ["anonymous", "client", "franchisee", "admin"];

const ADMIN_PATHS = ["/admin", "/admin/franchisees", "/admin/reports", "/admin/services", "/admin/coverage"];
const FRANCHISEE_PATHS = [
  "/franchisee",
  "/franchisee/schedule",
  "/franchisee/clients",
  "/franchisee/restock",
  "/franchisee/weather",
  "/franchisee/reports",
  "/franchisee/territory",
];
const CLIENT_PATHS = ["/client"];

/** Who may see each guarded path; everyone else is redirected to / (docs/product.md, section 6). */
const MATRIX: { path: string; allowed: Who }[] = [
  ...ADMIN_PATHS.map((path) => ({ path, allowed: "admin" as const })),
  ...FRANCHISEE_PATHS.map((path) => ({ path, allowed: "franchisee" as const })),
  ...CLIENT_PATHS.map((path) => ({ path, allowed: "client" as const })),
];

const targets = [
  { name: "pglite", env: {} as Record<string, string> },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres", env: { DATABASE_URL: "" } }] : []),
];

for (const target of targets) {
  describe(`role guards [${target.name}]`, () => {
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

    for (const { path, allowed } of MATRIX) {
      for (const who of WHO) {
        // A signed-out visitor goes to /auth with the page as return address (ADR 042).
        const target = who === "anonymous" ? `/auth?redirectTo=${encodeURIComponent(path)}` : "/";
        const expected = who === allowed ? "200" : `redirect to ${target}`;
        it(`${who} on ${path}: ${expected}`, async () => {
          // Both the document request and the client-side data request are guarded on the server.
          for (const url of [path, `${path}.data`]) {
            const res = await fetch(`${server.url}${url}`, {
              headers: { cookie: cookies.get(who)! },
              redirect: "manual",
            });
            if (who === allowed) {
              expect(res.status, url).toBe(200);
            } else if (url.endsWith(".data")) {
              // Single fetch encodes the redirect in the body: ["SingleFetchRedirect",..,"redirect","/",..]
              expect(res.status, url).toBe(202);
              expect(await res.text(), url).toContain(`"redirect","${target}"`);
            } else {
              expect(res.status, url).toBe(302);
              expect(res.headers.get("location"), url).toBe(target);
            }
          }
        });
      }
    }

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
