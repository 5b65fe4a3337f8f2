import http from "node:http";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { CSRF_EXEMPT_PATHS } from "../../app/server/security/csrf.server";
import { applicationForm } from "./franchise-application-form";
import { cookieHeader, signIn, startServer, type RunningServer } from "./server";

// ADR 033 (security headers) and ADR 034 (cross-site request forgery), against the production
// server on each database.

const PASSWORD = "Demo12345!";
const EVIL = "https://attaquant.example";
const REFUSED =
  "Requête refusée : elle ne provient pas du site Lavage Mobile Prestige. Rechargez la page et réessayez.";

/** Every path of app/routes.ts, params and splats filled in; index routes with `?index`. */
function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const path = (own || "/").replace(/:[A-Za-z]+\??/g, "x").replace(/\*/g, "x");
    const self = entry.index ? [`${path}?index`] : entry.path !== undefined ? [path] : [];
    return [...self, ...routePaths(entry.children ?? [], own)];
  });
}

const targets = [{ name: "pglite" }, ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres" }] : [])];

for (const target of targets) {
  describe(`security headers and CSRF over HTTP [${target.name}]`, () => {
    let server: RunningServer;
    let cleanup: (() => Promise<void>) | undefined;
    const cookies: Record<"client" | "franchisee", string> = { client: "", franchisee: "" };

    beforeAll(async () => {
      // TRUST_PROXY: X-Forwarded-Proto tells a request that reached the proxy over HTTPS.
      const env: Record<string, string> = { DEMO_ACCOUNTS: "1", TRUST_PROXY: "loopback" };
      if (target.name === "postgres") {
        const { createPostgresDatabase } = await import("./postgres");
        const created = await createPostgresDatabase();
        env.DATABASE_URL = created.url;
        cleanup = created.drop;
      }
      server = await startServer(env);
      cookies.client = await signIn(server.url, "client@example.com", PASSWORD);
      cookies.franchisee = await signIn(server.url, "franchisee@example.com", PASSWORD);
    });

    afterAll(async () => {
      await server?.stop();
      await cleanup?.();
    });

    const request = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, { redirect: "manual", ...init });

    function expectSecurityHeaders(res: Response, what: string) {
      const h = res.headers;
      const csp = h.get("content-security-policy") ?? "";
      expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "connect-src 'self'",
        // No MAP_TILE_URL here: no outside image (ADR 053).
        "img-src 'self' data: blob:;",
      ]) {
        expect(csp, `${what}: ${directive}`).toContain(directive);
      }
      expect(csp, what).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
      expect(h.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
      expect(h.get("x-content-type-options"), what).toBe("nosniff");
      expect(h.get("x-frame-options"), what).toBe("DENY");
      expect(h.get("cross-origin-opener-policy"), what).toBe("same-origin");
      expect(h.get("permissions-policy"), what).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      expect(h.get("permissions-policy"), what).toContain("payment=()");
      expect(h.get("strict-transport-security"), `${what}: no HSTS over plain HTTP`).toBeNull();
    }

    describe("headers", () => {
      it("a page: every inline script and style carries the response's nonce", async () => {
        const res = await request("/");
        expect(res.status).toBe(200);
        expectSecurityHeaders(res, "page");
        const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy")!)![1]!;
        const html = await res.text();
        const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
        const executable = scripts.filter((tag) => !tag.includes('type="application/ld+json"'));
        expect(executable.length).toBeGreaterThanOrEqual(4);
        for (const tag of executable) expect(tag).toContain(`nonce="${nonce}"`);
        const styles = [...html.matchAll(/<style\b[^>]*>/g)].map((m) => m[0]);
        expect(styles.length).toBeGreaterThanOrEqual(1);
        for (const tag of styles) expect(tag).toContain(`nonce="${nonce}"`);

        const again = await request("/");
        expect(again.headers.get("content-security-policy")).not.toContain(nonce);
      });

      it("an API answer, a resource route and the health check", async () => {
        for (const path of [
          "/api/slots?zone=granby&cars=1&days=2",
          "/api/contact",
          "/robots.txt",
          "/healthz",
        ]) {
          const res = await request(path);
          expect(res.status, path).toBeLessThan(500);
          expectSecurityHeaders(res, path);
        }
      });

      it("static files: a public file and a hashed asset", async () => {
        const html = await (await request("/")).text();
        const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
        for (const path of ["/favicon.svg", asset]) {
          const res = await request(path);
          expect(res.status, path).toBe(200);
          expectSecurityHeaders(res, path);
        }
      });

      it("errors: an unknown page, a missing asset", async () => {
        for (const path of ["/page-qui-n-existe-pas", "/assets/introuvable.js"]) {
          const res = await request(path);
          expect(res.status, path).toBe(404);
          expectSecurityHeaders(res, path);
        }
      });

      it("HSTS and upgrade-insecure-requests only when the request came over HTTPS", async () => {
        for (const path of ["/", "/favicon.svg", "/api/contact"]) {
          const res = await request(path, { headers: { "x-forwarded-proto": "https" } });
          expect(res.headers.get("strict-transport-security"), path).toBe(
            "max-age=31536000; includeSubDomains",
          );
          expect(res.headers.get("content-security-policy"), path).toContain("upgrade-insecure-requests");
          const plain = await request(path);
          expect(plain.headers.get("strict-transport-security"), path).toBeNull();
          expect(plain.headers.get("content-security-policy"), path).not.toContain(
            "upgrade-insecure-requests",
          );
        }
      });
    });

    describe("cross-site request forgery", () => {
      async function expectRefused(res: Response, what: string, format: "json" | "html") {
        expect(res.status, what).toBe(403);
        expect(res.headers.getSetCookie(), `${what}: no cookie set`).toEqual([]);
        if (format === "json") {
          expect(await res.json(), what).toEqual({ success: false, error: REFUSED });
        } else {
          const html = await res.text();
          expect(html, what).toContain('lang="fr-CA"');
          expect(html, what).toContain(REFUSED.replace(/'/g, "&#39;"));
        }
      }

      async function expectPassed(res: Response, what: string, status: number | number[]) {
        const text = await res.text();
        expect(text, what).not.toContain("Requête refusée");
        expect([status].flat(), `${what}: ${res.status} ${text.slice(0, 300)}`).toContain(res.status);
      }

      const form = (fields: Record<string, string>) => new URLSearchParams(fields);
      const json = (body: unknown) => JSON.stringify(body);

      it("/auth (sign-in form): refused from another site, signed in from this one", async () => {
        const fields = { intent: "sign-in", email: "client@example.com", password: PASSWORD };
        const headers = { "content-type": "application/x-www-form-urlencoded", accept: "text/html" };
        await expectRefused(
          await request("/auth", {
            method: "POST",
            body: form(fields),
            headers: { ...headers, origin: EVIL },
          }),
          "/auth",
          "html",
        );
        const ok = await request("/auth", {
          method: "POST",
          body: form(fields),
          headers: { ...headers, origin: server.url },
        });
        expect(cookieHeader(ok)).toContain("session_token=");
        await expectPassed(ok, "/auth same-origin", 302);
      });

      it("/client (profile form) and /franchisee/team (team action): refused cross-site, done same-site", async () => {
        const profile = { intent: "profile", firstName: "Camille", lastName: "Client", phone: "" };
        const member = {
          intent: "addMember",
          firstName: "Noé",
          lastName: "Forgé",
          email: `noe.${target.name}@example.com`,
        };
        for (const [path, cookie, fields, status] of [
          ["/client", cookies.client, profile, 200],
          ["/franchisee/team", cookies.franchisee, member, 200],
        ] as const) {
          const headers = { "content-type": "application/x-www-form-urlencoded", cookie };
          await expectRefused(
            await request(path, {
              method: "POST",
              body: form(fields),
              headers: { ...headers, origin: EVIL },
            }),
            path,
            "html",
          );
          await expectPassed(
            await request(path, {
              method: "POST",
              body: form(fields),
              headers: { ...headers, origin: server.url },
            }),
            path,
            status,
          );
        }
        // The refused team member was not added: adding it afterwards was not 'e-mail taken' (409).
      });

      it("JSON APIs: contact, bookings, reward exchange, franchise application", async () => {
        const slots = (await (await request("/api/slots?zone=granby&cars=1&days=14")).json()) as {
          days: { slots: { start: string }[] }[];
        };
        const start = slots.days.flatMap((d) => d.slots).at(-1)!.start;
        const clientPage = await (await request("/client", { headers: { cookie: cookies.client } })).text();
        // Each reward's 'Échanger' opens its confirmation step (ADR 053): its id is the button's value.
        const rewardId = [...clientPage.matchAll(/<button[^>]*name="exchange"[^>]*>/g)]
          .map((m) => /value="([0-9a-f-]{36})"/.exec(m[0])?.[1])
          .find(Boolean)!;
        const application = () => applicationForm(`lea.csrf.${target.name}@example.com`);
        const cases: { path: string; body: () => BodyInit; headers: Record<string, string>; ok: number }[] = [
          {
            path: "/api/contact",
            body: () => json({ name: "Léa", email: "lea@example.com", message: "Bonjour, trois autos." }),
            headers: { "content-type": "application/json" },
            ok: 200,
          },
          {
            path: "/api/bookings",
            body: () =>
              json({
                zone: "granby",
                cars: 1,
                start,
                name: "Léa Tremblay",
                email: "lea.tremblay@example.com",
                phone: "450 555-0199",
                address: "123, rue Principale, Granby J2G 2T5",
              }),
            headers: { "content-type": "application/json" },
            ok: 201,
          },
          {
            path: "/api/rewards/exchange",
            body: () => json({ reward_id: rewardId }),
            headers: { "content-type": "application/json", cookie: cookies.client },
            ok: 200,
          },
          { path: "/api/franchise-applications", body: application, headers: {}, ok: 201 },
        ];
        for (const c of cases) {
          await expectRefused(
            await request(c.path, {
              method: "POST",
              body: c.body(),
              headers: { ...c.headers, origin: EVIL },
            }),
            c.path,
            "json",
          );
          await expectPassed(
            await request(c.path, {
              method: "POST",
              body: c.body(),
              headers: { ...c.headers, origin: server.url },
            }),
            c.path,
            c.ok,
          );
        }
      });

      it("better-auth's own endpoints refuse another site too", async () => {
        await expectRefused(
          await request("/api/auth/sign-in/email", {
            method: "POST",
            headers: { "content-type": "application/json", origin: EVIL },
            body: json({ email: "client@example.com", password: PASSWORD }),
          }),
          "/api/auth/sign-in/email",
          "json",
        );
      });

      it("the rule: Referer when Origin is absent, Origin null, fetch metadata, clients without either", async () => {
        const contact = (headers: Record<string, string>) =>
          request("/api/contact", {
            method: "POST",
            headers: { "content-type": "application/json", ...headers },
            body: json({ name: "Léa", email: "lea@example.com", message: "Bonjour." }),
          });
        await expectRefused(await contact({ referer: `${EVIL}/page` }), "foreign referer", "json");
        await expectRefused(await contact({ origin: "null" }), "Origin: null", "json");
        await expectRefused(await contact({ "sec-fetch-site": "cross-site" }), "cross-site fetch", "json");
        await expectPassed(await contact({ referer: `${server.url}/#contact` }), "own referer", 200);
        await expectPassed(await contact({}), "API client without Origin or Referer", 200);
        // The request's own host is trusted besides PUBLIC_URL (same server, another name); fetch
        // cannot set Host, node:http can.
        const own = new URL(server.url);
        const status = await new Promise<number>((resolve, reject) => {
          const body = json({ name: "Léa", email: "lea@example.com", message: "Bonjour." });
          const req = http.request(
            {
              host: own.hostname,
              port: own.port,
              path: "/api/contact",
              method: "POST",
              headers: {
                host: `localhost:${own.port}`,
                origin: `http://localhost:${own.port}`,
                "content-type": "application/json",
                "content-length": Buffer.byteLength(body),
              },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on("error", reject);
          req.end(body);
        });
        expect(status, "own host").toBe(200);
      });

      it("every route refuses a cross-site POST, PUT, PATCH and DELETE, but the allow-listed machine endpoints", async () => {
        const paths = routePaths(routes);
        expect(paths.length).toBeGreaterThan(40);
        const checked: string[] = [];
        for (const path of paths) {
          const pathname = path.split("?")[0]!;
          const exempt = CSRF_EXEMPT_PATHS.some((e) =>
            e.endsWith("/*") ? pathname.startsWith(e.slice(0, -1)) : pathname === e,
          );
          for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
            const res = await request(path, {
              method,
              headers: {
                origin: EVIL,
                "content-type": "application/x-www-form-urlencoded",
                cookie: cookies.client,
              },
              body: "intent=delete",
            });
            const text = await res.text();
            if (exempt) {
              expect(text, `${method} ${path} is allow-listed`).not.toContain("Requête refusée");
            } else {
              expect(res.status, `${method} ${path}`).toBe(403);
              expect(text, `${method} ${path}`).toContain("Requête refusée");
            }
            checked.push(`${method} ${path}`);
          }
        }
        expect(checked.length).toBe(paths.length * 4);
      });
    });

    it("session and flash cookies are SameSite=Lax and HttpOnly", async () => {
      const res = await request("/auth", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams({ intent: "sign-in", email: "client@example.com", password: PASSWORD }),
      });
      expect(res.status).toBe(302);
      const set = res.headers.getSetCookie();
      const session = set.find((c) => c.includes("session_token="));
      const flash = set.find((c) => c.startsWith("flash="));
      for (const [name, cookie] of [
        ["session", session],
        ["flash", flash],
      ] as const) {
        expect(cookie, name).toBeDefined();
        expect(cookie, name).toMatch(/;\s*SameSite=Lax/i);
        expect(cookie, name).toMatch(/;\s*HttpOnly/i);
        expect(cookie, name).toMatch(/;\s*Path=\//i);
      }
      // The API sign-in sets the same attributes.
      const api = await request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: "client@example.com", password: PASSWORD }),
      });
      for (const cookie of api.headers.getSetCookie()) expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    });

    it("the account API answers its errors in French, with better-auth's code", async () => {
      const wrong = await request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: "client@example.com", password: "pas-le-bon-mot-de-passe" }),
      });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toMatchObject({
        code: "INVALID_EMAIL_OR_PASSWORD",
        message: "Courriel ou mot de passe incorrect.",
      });
      const taken = await request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ email: "client@example.com", password: "Demo12345!", name: "Double" }),
      });
      expect(taken.status).toBeGreaterThanOrEqual(400);
      expect((await taken.json()).message).toMatch(/[àéè]|Requête|compte/);
    });
  });
}
