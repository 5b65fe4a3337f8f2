/**
 * The crew's app at 390 px (issue 32, ADR 077): a signed-out visit to /crew goes to sign-in and
 * back; the demo crew member sees their seeded day in route order, with the drive before each
 * stop, directions, call and text links. CREW_SHOTS=<dir> also writes screenshots in both themes.
 */
import { expect, test } from "./fixtures";

const SHOTS = process.env.CREW_SHOTS;

for (const scheme of ["light", "dark"] as const) {
  test(`a crew member signs in and sees their day at 390 px (${scheme})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      colorScheme: scheme,
      locale: "fr-CA",
      timezoneId: "America/Toronto",
    });
    const page = await context.newPage();
    await page.goto("/crew");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcrew$/);
    const form = page.getByRole("tabpanel", { name: "Connexion" });
    await form.getByLabel("Adresse courriel").fill("crew@example.com");
    await form.getByLabel("Mot de passe").fill("Demo12345!");
    await form.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(/\/crew$/);
    await expect(page.getByRole("heading", { level: 1, name: "Ma journée" })).toBeVisible();

    const stops = page.getByTestId("crew-stop");
    await expect(stops).toHaveCount(3);
    await expect(stops.nth(0)).toContainText("Martine Lussier");
    await expect(stops.nth(0)).toContainText("Traitement Aquapel");
    await expect(stops.nth(0)).toContainText("barrière");
    await expect(stops.nth(1)).toContainText("2 véhicules");
    await expect(stops.nth(1).getByTestId("drive")).toContainText("depuis l'arrêt précédent");
    await expect(stops.nth(0).getByRole("link", { name: /^Itinéraire vers/ })).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
    );
    await expect(stops.nth(0).getByRole("link", { name: "Appeler Martine Lussier" })).toHaveAttribute(
      "href",
      "tel:+14505550161",
    );
    await expect(stops.nth(0).getByRole("link", { name: /texto à Martine/ })).toHaveAttribute(
      "href",
      "sms:+14505550161",
    );
    // Phone first: nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/crew-390-${scheme}.png`, fullPage: true });
    await context.close();
  });
}
