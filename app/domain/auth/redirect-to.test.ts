import { describe, expect, it } from "vitest";
import { checkAuthApiInput } from "./api-rules";
import { safeRedirectPath } from "./redirect-to";

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
});
