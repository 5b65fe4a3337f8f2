/**
 * "Ma journée" installable and offline at 390 px (issue 32 item 2, ADR 089): the crew member signs
 * in, the manifest is linked, the service worker is registered, the day loads; offline, a reload
 * still shows the day and says it is old data; the sign-out empties the worker's caches.
 * CREW_SHOTS=<dir> also writes screenshots in both themes.
 */
import { expect, test } from "./fixtures";

const SHOTS = process.env.CREW_SHOTS;

for (const scheme of ["light", "dark"] as const) {
  test(`the crew's day opens offline with the last loaded day (${scheme})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      colorScheme: scheme,
      locale: "fr-CA",
      timezoneId: "America/Toronto",
    });
    const page = await context.newPage();
    await page.goto("/crew");
    const form = page.getByRole("tabpanel", { name: "Connexion" });
    await form.getByLabel("Adresse courriel").fill("crew@example.com");
    await form.getByLabel("Mot de passe").fill("Demo12345!");
    await form.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/crew$/);
    await expect(page.getByTestId("crew-stop")).toHaveCount(3);
    await expect(page.getByLabel("Carte de la journée").first()).toBeAttached();

    // The manifest: linked from the page, public, with the icons a phone needs.
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/crew/manifest.webmanifest");
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({
      name: expect.stringContaining("Ma journée"),
      short_name: "Ma journée",
      start_url: "/crew",
      scope: "/crew",
      display: "standalone",
      theme_color: "#1d4f91",
    });
    const purposes = manifest.icons.map(
      (icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`,
    );
    expect(purposes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()["content-type"]).toBe("image/png");
    }

    // The service worker: registered by the crew's page (the sign-in came in by a client-side
    // navigation, so the phone's next opening of the app is the first one the worker controls).
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/crew"))?.active?.state),
      )
      .toBe("activated");
    await page.goto("/crew");
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/crew`);
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open("crew-days-1");
          return (await cache.keys()).length > 0;
        }),
      )
      .toBe(true);
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);

    // Offline: the reload shows the kept day, hydrated, and says when it was loaded.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Ma journée" })).toBeVisible();
    await expect(page.getByTestId("crew-stop")).toHaveCount(3);
    const notice = page.getByTestId("offline-notice");
    await expect(notice).toContainText(/Hors ligne — données du \d{1,2}(?:er)? \S+ \d{4} à \d{1,2} h \d{2}/);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/crew-offline-390-${scheme}.png`, fullPage: true });

    // Back online: the page is loaded again, without the notice.
    await context.setOffline(false);
    await expect(notice).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId("crew-stop")).toHaveCount(3);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/crew-online-390-${scheme}.png`, fullPage: true });

    // Signing out empties the worker's caches: nobody else's day stays on the phone.
    await page.getByRole("button", { name: "Déconnexion" }).click();
    await expect(page).not.toHaveURL(/\/crew/);
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).filter((key) => key.startsWith("crew-"))))
      .toEqual([]);
    await context.close();
  });
}
