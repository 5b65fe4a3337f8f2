import { describe, expect, it } from "vitest";
import { configureFlash, flashHeaders, isSecureSite } from "./flash.server";

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
});
