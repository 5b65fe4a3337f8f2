import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkAuthApiInput } from "./api-rules";
import { landingOnAuth, safeRedirectPath, sameSitePath } from "./redirect-to";

const SITE = "https://lavage.example";

/** Every way of writing "another site" the third probe (issue 29 item 1) and its variants tried. */
const OFF_SITE = [
  "/..//evil.example",
  "/../..//evil.example/client",
  "/client/../..//evil.example",
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E/%2E%2E//evil.example",
  "/./%2e//evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "/..\\evil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%252F%252Fevil.example",
  "/%25252F%25252Fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%255Cevil.example",
  "/\tevil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  "//evil.example",
  "///evil.example",
  "https://evil.example/client",
  "http:evil.example",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  " /client",
  "JaVaScRiPt:alert(1)",
  "/%0a/evil.example",
  "/%09/evil.example",
  "evil.example",
];

describe("safeRedirectPath", () => {
  it("keeps a relative path of the site, with its query and fragment", () => {
    expect(safeRedirectPath("/client")).toBe("/client");
    expect(safeRedirectPath("/client/bookings/abc?x=1#top")).toBe("/client/bookings/abc?x=1#top");
  });

  it("refuses other sites, schemes, tricks and the sign-in pages", () => {
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "https://evil.example/client",
      "javascript:alert(1)",
      "client",
      "/auth",
      "/auth/reset-password?token=x",
      "/api/auth/sign-out",
      "",
      `/${"a".repeat(600)}`,
      null,
      42,
    ]) {
      expect(safeRedirectPath(value), String(value)).toBeNull();
    }
  });

  it("judges the resolved path: no spelling of another site gets through (issue 29 item 1)", () => {
    for (const value of OFF_SITE) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBeNull();
      expect(sameSitePath(value), JSON.stringify(value)).toBeNull();
    }
  });

  it("gives the resolved path of a page reached through dot segments, never the sign-in pages", () => {
    expect(safeRedirectPath("/a/../client")).toBe("/client");
    expect(safeRedirectPath("/client/./history")).toBe("/client/history");
    expect(safeRedirectPath("/client/../auth")).toBeNull();
    expect(safeRedirectPath("/%61uth/reset-password")).toBeNull();
    expect(safeRedirectPath("/API/auth/sign-out")).toBeNull();
    // An encoded slash in the query is the query's business, not a path.
    expect(safeRedirectPath("/client?back=%2F%2Fx")).toBe("/client?back=%2F%2Fx");
  });

  it("whatever it is given, what it returns stays on this site when a browser follows it", () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2e",
      "%2E%2e",
      "%2f",
      "%2F",
      "%5c",
      "%5C",
      "%25",
      "%252f",
      "\t",
      "\n",
      "\r",
      "\u0000",
      " ",
      "@",
      ":",
      "?",
      "#",
      "evil.example",
      "client",
      "auth",
      "api",
      "javascript:",
      "https:",
      "http://evil.example",
      "%40",
      "%00",
    );
    const candidate = fc.oneof(
      fc.array(piece, { maxLength: 12 }).map((parts) => parts.join("")),
      fc.string({ maxLength: 40 }),
      fc.webUrl(),
    );
    fc.assert(
      fc.property(candidate, (value) => {
        const path = safeRedirectPath(value);
        if (path === null) return;
        const followed = new URL(path, SITE);
        expect(followed.origin).toBe(SITE);
        expect(path.startsWith("/") && !path.startsWith("//")).toBe(true);
        expect([...path].filter((c) => c === "\\" || c.charCodeAt(0) < 0x20)).toEqual([]);
        // Followed a second time (another hop, a proxy decoding it), it stays where it is.
        expect(safeRedirectPath(path)).toBe(path);
        expect(new URL(decodeURIComponent(followed.pathname), SITE).origin).toBe(SITE);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("checkAuthApiInput", () => {
  const signUp = {
    name: "Léa Côté",
    firstName: "Léa",
    lastName: "Côté",
    email: "lea@example.com",
    password: "Un-mot-1234",
  };

  it("accepts what the sign-up form accepts", () => {
    expect(checkAuthApiInput("/sign-up/email", signUp, undefined)).toBeNull();
  });

  it("refuses long texts, NUL and HTML in French, on any path", () => {
    expect(checkAuthApiInput("/sign-up/email", { ...signUp, firstName: "a".repeat(81) }, undefined)).toBe(
      "Ce champ ne peut pas dépasser 80 caractères.",
    );
    expect(checkAuthApiInput("/sign-up/email", { ...signUp, lastName: "<b>x</b>" }, undefined)).toBe(
      "Valeur invalide.",
    );
    expect(checkAuthApiInput("/anything", { nested: { deep: "x\u0000" } }, undefined)).toBe(
      "Valeur invalide.",
    );
    expect(checkAuthApiInput("/verify-email", undefined, { token: "t".repeat(5000) })).toMatch(/dépasser/);
  });

  it("refuses a callback or redirect of the account API that leaves the site once resolved", () => {
    const signIn = { email: "lea@example.com", password: "Un-mot-1234" };
    for (const url of OFF_SITE.filter((u) => u.startsWith("/")).concat("/auth/../..//evil.example")) {
      expect(checkAuthApiInput("/sign-in/email", { ...signIn, callbackURL: url }, undefined), url).toBe(
        "Valeur invalide.",
      );
      expect(checkAuthApiInput("/verify-email", undefined, { token: "t", callbackURL: url }), url).toBe(
        "Valeur invalide.",
      );
      expect(checkAuthApiInput("/reset-password/:token", undefined, { callbackURL: url }), url).toBe(
        "Valeur invalide.",
      );
    }
    expect(
      checkAuthApiInput("/verify-email", undefined, {
        token: "t",
        callbackURL: "/auth?verified=1&redirectTo=%2Fclient%2Fhistory",
      }),
    ).toBeNull();
  });
});

describe("landingOnAuth", () => {
  const link = (landing?: string) => {
    const url = new URL("https://lavage.example/api/auth/verify-email?token=abc");
    if (landing !== undefined) url.searchParams.set("callbackURL", landing);
    return url.toString();
  };
  const landingOf = (url: string) => new URL(url).searchParams.get("callbackURL");

  it("sends a link that would land on the root, or nowhere, to /auth?verified=1", () => {
    expect(landingOf(landingOnAuth(link()))).toBe("/auth?verified=1");
    expect(landingOf(landingOnAuth(link("/")))).toBe("/auth?verified=1");
    expect(landingOf(landingOnAuth(link("")))).toBe("/auth?verified=1");
  });

  it("keeps any other landing and the token", () => {
    const kept = landingOnAuth(link("/auth?verified=1&redirectTo=%2Fclient"));
    expect(landingOf(kept)).toBe("/auth?verified=1&redirectTo=%2Fclient");
    expect(new URL(kept).searchParams.get("token")).toBe("abc");
  });
});
