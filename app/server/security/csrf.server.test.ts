import { describe, expect, it } from "vitest";
import { checkCsrf, isCsrfExempt, trustedOrigins, type CsrfInput } from "./csrf.server";

const SITE = "https://lavageprestige.ca";
const base: CsrfInput = {
  method: "POST",
  pathname: "/api/bookings",
  origin: null,
  referer: null,
  secFetchSite: null,
  trusted: [SITE, "http://127.0.0.1:3000"],
  exempt: [],
};
const check = (patch: Partial<CsrfInput>) => checkCsrf({ ...base, ...patch });

describe("checkCsrf", () => {
  it("lets safe methods through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(check({ method, origin: "https://evil.example" }).allowed).toBe(true);
    }
  });

  it("checks every state-changing method", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "delete"]) {
      expect(check({ method, origin: "https://evil.example" })).toEqual({
        allowed: false,
        reason: "cross-origin",
      });
      expect(check({ method, origin: SITE })).toEqual({ allowed: true, reason: "same-origin" });
    }
  });

  it("accepts the public origin and the request's own origin, nothing else", () => {
    expect(check({ origin: "http://127.0.0.1:3000" }).allowed).toBe(true);
    expect(check({ origin: "HTTPS://LavagePrestige.ca" }).allowed).toBe(true);
    for (const origin of [
      "http://lavageprestige.ca", // other scheme
      "https://lavageprestige.ca:8443", // other port
      "https://evil.lavageprestige.ca", // sub-domain
      "https://lavageprestige.ca.evil.example",
      "not a url",
    ]) {
      expect(check({ origin }).allowed, origin).toBe(false);
    }
  });

  it("refuses Origin: null unless the browser says the request is same-origin", () => {
    expect(check({ origin: "null" })).toEqual({ allowed: false, reason: "null-origin" });
    expect(check({ origin: "null", secFetchSite: "cross-site" }).allowed).toBe(false);
    expect(check({ origin: "null", secFetchSite: "same-origin" }).allowed).toBe(true);
  });

  it("falls back on the Referer when Origin is absent", () => {
    expect(check({ referer: `${SITE}/booking/1?x=1` }).allowed).toBe(true);
    expect(check({ referer: "https://evil.example/page" })).toEqual({
      allowed: false,
      reason: "cross-origin",
    });
    expect(check({ referer: "garbage" })).toEqual({ allowed: false, reason: "bad-referer" });
    // Origin wins over Referer.
    expect(check({ origin: "https://evil.example", referer: `${SITE}/` }).allowed).toBe(false);
  });

  it("lets a caller without Origin and Referer through (not a browser) unless fetch metadata says cross-site", () => {
    expect(check({})).toEqual({ allowed: true, reason: "not-a-browser" });
    expect(check({ secFetchSite: "same-origin" }).allowed).toBe(true);
    expect(check({ secFetchSite: "cross-site" })).toEqual({ allowed: false, reason: "cross-site-fetch" });
    expect(check({ secFetchSite: "same-site" }).allowed).toBe(false);
  });

  it("lets allow-listed paths through, exactly or by prefix", () => {
    const exempt = ["/api/sms/inbound", "/unsubscribe/*"];
    expect(check({ exempt, pathname: "/api/sms/inbound", origin: "https://evil.example" }).reason).toBe(
      "exempt",
    );
    expect(check({ exempt, pathname: "/unsubscribe/abc", origin: "null" }).allowed).toBe(true);
    expect(check({ exempt, pathname: "/api/sms/inbound2", origin: "https://evil.example" }).allowed).toBe(
      false,
    );
    expect(check({ exempt, pathname: "/unsubscribe", origin: "https://evil.example" }).allowed).toBe(false);
  });
});

describe("isCsrfExempt", () => {
  it("is empty until the machine endpoints are merged", () => {
    expect(isCsrfExempt("/api/bookings")).toBe(false);
    expect(isCsrfExempt("/")).toBe(false);
  });

  it("ignores a trailing slash", () => {
    expect(isCsrfExempt("/api/sms/inbound/", ["/api/sms/inbound"])).toBe(true);
  });
});

describe("trustedOrigins", () => {
  it("holds PUBLIC_URL's origin and the request's own origin", () => {
    expect(trustedOrigins("http://127.0.0.1:3000/auth?x", `${SITE}/`)).toEqual([
      SITE,
      "http://127.0.0.1:3000",
    ]);
    expect(trustedOrigins(`${SITE}/api/auth/sign-in/email`, SITE)).toEqual([SITE]);
    expect(trustedOrigins(undefined, SITE)).toEqual([SITE]);
  });
});
