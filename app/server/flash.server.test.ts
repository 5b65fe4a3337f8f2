import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { configureFlash, flashHeaders, isSecureSite, signedCookie } from "./flash.server";

describe("the flash cookie", () => {
  it("is Secure when the site is served over HTTPS, and only then", async () => {
    expect(isSecureSite("https://lavageprestige.ca")).toBe(true);
    expect(isSecureSite("http://localhost:3000")).toBe(false);
    configureFlash("s".repeat(32), { secure: true });
    const secure = (await flashHeaders({ title: "Bonjour" })).get("Set-Cookie")!;
    expect(secure).toMatch(/; Secure/);
    expect(secure).toMatch(/HttpOnly/);
    configureFlash("s".repeat(32), { secure: false });
    expect((await flashHeaders({ title: "Bonjour" })).get("Set-Cookie")).not.toMatch(/Secure/);
  });

  it("signs with the signed-cookie key, and still reads a cookie signed with the server secret (ADR 101)", async () => {
    const secret = "c".repeat(32);
    configureFlash(secret, { secure: false });
    const cart = signedCookie("panier", { maxAge: 60 });
    const before = createCookie("panier", { secrets: [secret] });
    const old = (await before.serialize({ lines: 2 })).split(";")[0]!;
    expect(await cart.parse(old)).toEqual({ lines: 2 });
    const fresh = (await cart.serialize({ lines: 3 })).split(";")[0]!;
    expect(await cart.parse(fresh)).toEqual({ lines: 3 });
    // Signed with the new key, not the secret; a cookie of another secret reads as nothing.
    expect(await before.parse(fresh)).toBeNull();
    const other = createCookie("panier", { secrets: ["d".repeat(32)] });
    expect(await cart.parse((await other.serialize({ lines: 4 })).split(";")[0]!)).toBeNull();
  });
});
