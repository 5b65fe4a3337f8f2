import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  createNonce,
  isPersonalRequest,
  securityHeaders,
  securityHeaderValues,
  STRICT_TRANSPORT_SECURITY,
} from "./headers.server";

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows scripts and style elements of this site and of the nonce only", () => {
    const d = directives(contentSecurityPolicy("abc123"));
    expect(d.get("script-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(d.get("style-src")).toEqual(["'self'", "'nonce-abc123'"]);
    expect(d.get("style-src-attr")).toEqual(["'unsafe-inline'"]);
    expect(d.get("object-src")).toEqual(["'none'"]);
    expect(d.get("base-uri")).toEqual(["'self'"]);
    expect(d.get("form-action")).toEqual(["'self'"]);
    expect(d.get("frame-ancestors")).toEqual(["'none'"]);
    expect(d.get("connect-src")).toEqual(["'self'"]);
    // No tile server configured: no outside image at all (ADR 053).
    expect(d.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    const withTiles = directives(
      contentSecurityPolicy("abc123", { mapTileSource: "https://*.tiles.example.com" }),
    );
    expect(withTiles.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://*.tiles.example.com"]);
    expect(d.has("upgrade-insecure-requests")).toBe(false);
    expect(contentSecurityPolicy("abc123")).not.toContain("unsafe-eval");
  });

  it("upgrades insecure requests over HTTPS", () => {
    expect(directives(contentSecurityPolicy("n", { secure: true })).has("upgrade-insecure-requests")).toBe(
      true,
    );
  });

  it("relaxes style elements and opens the HMR socket in development only", () => {
    const d = directives(contentSecurityPolicy("n", { development: true }));
    expect(d.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(d.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(d.get("script-src")).toEqual(["'self'", "'nonce-n'"]);
  });
});

describe("createNonce", () => {
  it("is fresh and long enough each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const n of nonces) expect(Buffer.from(n, "base64")).toHaveLength(16);
  });
});

describe("securityHeaderValues", () => {
  it("sends HSTS only over HTTPS", () => {
    expect(securityHeaderValues(false)).not.toHaveProperty("Strict-Transport-Security");
    expect(securityHeaderValues(true)["Strict-Transport-Security"]).toMatch(/^max-age=31536000/);
    expect(securityHeaderValues(false)).toMatchObject({
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
    expect(securityHeaderValues(false)["Permissions-Policy"]).toContain("camera=()");
  });
});

describe("securityHeaders middleware", () => {
  async function serve(app: express.Express, run: (url: string) => Promise<void>) {
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("sets one nonce per response, even when mounted twice, and shares it with the app", async () => {
    const app = express();
    app.use(securityHeaders());
    app.use(securityHeaders());
    app.get("/", (_req, res) => {
      res.send(res.locals.cspNonce);
    });
    await serve(app, async (url) => {
      const res = await fetch(url);
      const nonce = await res.text();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    });
  });

  it("sends the policy of contentSecurityPolicy with the response's nonce, over HTTP and HTTPS", async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    const options = { mapTileSource: "https://*.tiles.example.com" };
    app.use(securityHeaders(options));
    app.get("/", (_req, res) => {
      res.send(res.locals.cspNonce);
    });
    await serve(app, async (url) => {
      for (const secure of [false, true]) {
        const res = await fetch(url, { headers: secure ? { "x-forwarded-proto": "https" } : {} });
        const nonce = await res.text();
        expect(res.headers.get("content-security-policy")).toBe(
          contentSecurityPolicy(nonce, { ...options, secure }),
        );
      }
    });
  });

  it("lets a route's own policy replace the site's instead of adding a second one", async () => {
    const app = express();
    app.use(securityHeaders());
    app.get("/mail", (_req, res) => {
      res.append("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'");
      res.append("Set-Cookie", "a=1");
      res.append("Set-Cookie", "b=2");
      res.send("<p>mail</p>");
    });
    await serve(app, async (url) => {
      const res = await fetch(`${url}/mail`);
      expect(res.headers.get("content-security-policy")).toBe(
        "sandbox; default-src 'none'; style-src 'unsafe-inline'",
      );
      expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    });
  });

  it("sends HSTS when a trusted proxy says the request came over HTTPS", async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    app.use(securityHeaders());
    app.get("/", (_req, res) => {
      res.end();
    });
    await serve(app, async (url) => {
      const secure = await fetch(url, { headers: { "x-forwarded-proto": "https" } });
      expect(secure.headers.get("strict-transport-security")).toBe(STRICT_TRANSPORT_SECURITY);
      expect((await fetch(url)).headers.get("strict-transport-security")).toBeNull();
    });
  });

  it("marks every answer with personal data private, no-store, whatever the route sets", async () => {
    const app = express();
    app.use(securityHeaders());
    app.use(securityHeaders());
    app.get(/.*/, (_req, res) => {
      res.append("Cache-Control", "public, max-age=3600");
      res.send("ok");
    });
    await serve(app, async (url) => {
      for (const path of [
        "/client",
        "/client.data",
        "/admin/franchisees",
        "/booking/manage/ABC",
        "/dev/mail/x",
      ]) {
        expect((await fetch(`${url}${path}`)).headers.get("cache-control"), path).toBe("private, no-store");
      }
      const session = { headers: { cookie: "theme=dark; better-auth.session_token=abc" } };
      expect((await fetch(`${url}/gallery`, session)).headers.get("cache-control")).toBe("private, no-store");
      expect((await fetch(`${url}/gallery`)).headers.get("cache-control")).toBe("public, max-age=3600");
      expect((await fetch(`${url}/robots.txt`, session)).headers.get("cache-control")).toBe(
        "public, max-age=3600",
      );
    });
  });
});

describe("isPersonalRequest", () => {
  it("covers the personal paths and their data requests, not look-alike paths nor static files", () => {
    for (const path of [
      "/client",
      "/client/",
      "/client/data.json",
      "/auth/reset-password",
      "/api/auth/get-session",
    ]) {
      expect(isPersonalRequest(path, undefined), path).toBe(true);
    }
    for (const path of ["/", "/clientele", "/gallery", "/assets/app-123.js", "/booking"]) {
      expect(isPersonalRequest(path, undefined), path).toBe(false);
    }
    const cookie = "__Secure-better-auth.session_token=x";
    expect(isPersonalRequest("/", cookie)).toBe(true);
    expect(isPersonalRequest("/booking.data", cookie)).toBe(true);
    expect(isPersonalRequest("/assets/app-123.js", cookie)).toBe(false);
    expect(isPersonalRequest("/", "better-auth.session_tokens=x; other=1")).toBe(false);
  });
});
