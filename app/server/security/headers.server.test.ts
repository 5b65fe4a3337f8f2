import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, securityHeaderValues } from "./headers.server";

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
    expect(d.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://*.tile.openstreetmap.org"]);
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
