import type { Page } from "@playwright/test";

import { expect, test, waitForHydration, type DemoRole } from "./fixtures";

// ADR 033 and 034: the site works under its Content-Security-Policy (no violation on any main
// page, hydration included), and a real cross-site form post is refused.

/** Collects every CSP violation a page reports: console messages and securitypolicyviolation. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content[- ]Security[- ]Policy|Permissions[- ]Policy/i.test(text)) console.push(text);
  });
  await page.addInitScript(() => {
    const w = window as typeof window & { __cspViolations?: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return async () => {
    const events = await page.evaluate(
      () => (window as typeof window & { __cspViolations?: string[] }).__cspViolations ?? [],
    );
    return [...console, ...events];
  };
}

/** Loads a page, waits until it is hydrated and idle, and returns the violations so far. */
async function visit(page: Page, path: string, hydrated: "toggle" | "idle" = "toggle") {
  const response = await page.goto(path);
  expect(response?.headers()["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-/);
  if (hydrated === "toggle") await waitForHydration(page);
  await page.waitForLoadState("networkidle");
}

const PUBLIC_PAGES = [
  "/",
  "/gallery",
  "/booking",
  `/booking/${crypto.randomUUID()}`,
  `/booking/${crypto.randomUUID()}?zone=granby&cars=2&step=2`,
  "/auth",
  "/privacy-policy",
  "/terms",
  "/address-validation",
  "/page-qui-n-existe-pas",
];

const SIGNED_IN_PAGES: Record<DemoRole, string[]> = {
  admin: ["/admin", "/admin/franchisees", "/admin/services", "/admin/coverage", "/design-system"],
  client: ["/client", "/client/history"],
  franchisee: [
    "/franchisee",
    "/franchisee/schedule",
    "/franchisee/clients",
    "/franchisee/restock",
    "/franchisee/reports",
    "/franchisee/territory",
  ],
};

test.describe("Content-Security-Policy", () => {
  test("les pages publiques se chargent et s'hydratent sans violation", async ({ page }) => {
    const violations = await watchViolations(page);
    for (const path of PUBLIC_PAGES) await visit(page, path);
    // Client-side navigation: the route modules and their data come from this site.
    await page.getByRole("banner").getByRole("link", { name: "Galerie" }).first().click();
    await expect(page).toHaveURL(/\/(#gallery|gallery)$/);
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);
  });

  test("les pages claires (zone, candidature) s'hydratent sans violation", async ({ page }) => {
    const violations = await watchViolations(page);
    await visit(page, "/franchise/granby", "idle");
    await visit(page, "/application", "idle");
    await expect(page.getByRole("button", { name: "Suivant" })).toBeEnabled();
    expect(await violations()).toEqual([]);
  });

  for (const [role, paths] of Object.entries(SIGNED_IN_PAGES) as [DemoRole, string[]][]) {
    test(`les pages de l'espace ${role} se chargent sans violation`, async ({ page, loginAs }) => {
      await loginAs(role);
      const violations = await watchViolations(page);
      for (const path of paths) await visit(page, path);
      expect(await violations()).toEqual([]);
    });
  }

  test("une fenêtre modale (styles injectés par le verrou de défilement) reste permise", async ({ page }) => {
    const violations = await watchViolations(page);
    await visit(page, "/privacy-policy");
    await page.getByRole("button", { name: "Contactez-nous", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Contactez-nous" });
    await expect(dialog).toBeVisible();
    // react-remove-scroll's <style> got the nonce: the page behind cannot scroll.
    await expect(page.locator("body")).toHaveCSS("overflow", "hidden");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await violations()).toEqual([]);
  });

  test("l'écran d'erreur rendu à nouveau par React garde sa feuille de style", async ({ page, loginAs }) => {
    await loginAs("admin");
    const violations = await watchViolations(page);
    await visit(page, "/design-system");
    await page.getByRole("tab", { name: "Feedback" }).click();
    await page.getByRole("button", { name: "Afficher l'écran d'erreur" }).click();
    const heading = page.getByRole("heading", { name: "Oups ! Quelque chose s'est mal passé" });
    await expect(heading).toBeVisible();
    // The re-created <style> carries the nonce: the page is still styled (Tailwind's flex body).
    await expect(page.locator("body")).toHaveCSS("display", "flex");
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("tab", { name: "Core" })).toBeVisible();
    await expect(page.locator("body")).toHaveCSS("display", "flex");
    expect(await violations()).toEqual([]);
  });

  test("le menu mobile s'ouvre sans violation @mobile", async ({ page, isMobile }) => {
    test.skip(!isMobile, "mobile layout only");
    const violations = await watchViolations(page);
    await visit(page, "/");
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test.describe(() => {
    test.use({ allowCspViolations: true });
    test("un script injecté sans nonce est bloqué", async ({ page }) => {
      const violations = await watchViolations(page);
      await visit(page, "/privacy-policy");
      const ran = await page.evaluate(async () => {
        const w = window as typeof window & { __injected?: boolean };
        const script = document.createElement("script");
        script.textContent = "window.__injected = true;";
        document.body.append(script);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return w.__injected === true;
      });
      expect(ran).toBe(false);
      expect((await violations()).join("\n")).toMatch(/script-src/);
    });
  });
});

test.describe("Requêtes intersites", () => {
  test("un formulaire d'un autre site qui poste au site est refusé en français", async ({ page }) => {
    const target = new URL("/api/contact", test.info().project.use.baseURL!).href;
    // A page of another origin, served by the browser's router: its form posts to our API.
    await page.route("https://attaquant.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html lang="fr"><body><form method="post" action="${target}">
          <input name="name" value="Piège"><input name="email" value="piege@example.com">
          <input name="message" value="Message forgé"><button>Envoyer</button></form></body></html>`,
      }),
    );
    await page.goto("https://attaquant.example/piege");
    const [response] = await Promise.all([
      page.waitForResponse(target),
      page.getByRole("button", { name: "Envoyer" }).click(),
    ]);
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({
      success: false,
      error:
        "Requête refusée : elle ne provient pas du site Lavage Mobile Prestige. Rechargez la page et réessayez.",
    });
  });

  // The session and flash cookies' SameSite=Lax and HttpOnly: tests/http/security.test.ts reads
  // them off both sign-ins' Set-Cookie, without a browser (ADR 111).
});
