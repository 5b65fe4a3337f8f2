import type { Browser, Page } from "@playwright/test";

import { BUSINESS } from "../../app/lib/business";
import { expect, loginAs as signInAs, SECTIONS, test, waitForHydration } from "./fixtures";

const BOOKING_URL = /\/booking\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The theme toggle gets its real name once React has hydrated: a sign that clicks now work. */
function htmlIsDark(page: Page) {
  return page.evaluate(() => document.documentElement.classList.contains("dark"));
}

test.describe("en-tête", () => {
  test("les liens mènent aux sections de l'accueil, en français", async ({ page }) => {
    await page.goto("/gallery");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Navigation principale" });
    for (const [name, id] of SECTIONS) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/#${id}`);
    }
    await expect(page.getByRole("banner").getByRole("link", { name: "Connexion" })).toHaveAttribute(
      "href",
      "/auth",
    );
    await expect(page.getByRole("banner").getByRole("link", { name: BUSINESS.name })).toHaveAttribute(
      "href",
      "/",
    );

    await waitForHydration(page);
    await nav.getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL(/\/#services$/);
  });

  test("le lien d'évitement est le premier élément atteint au clavier", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Aller au contenu" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#contenu")).toBeFocused();
  });

  test("Réserver ouvre une nouvelle réservation à chaque clic", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("button", { name: "Réserver", exact: true }).click();
    await expect(page).toHaveURL(BOOKING_URL);
    expect(await page.evaluate(() => window.history.state?.usr)).toEqual({
      fromCitySelection: true,
      city: "",
    });
    const first = page.url();

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("banner").getByRole("button", { name: "Réserver", exact: true }).click();
    await expect(page).toHaveURL(BOOKING_URL);
    expect(page.url()).not.toBe(first);
  });

  test("l'en-tête prend une ombre après 20 px de défilement", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto("/");
    await waitForHydration(page);
    const header = page.getByRole("banner");
    await expect(header).not.toHaveAttribute("data-scrolled");
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).not.toHaveAttribute("data-scrolled");
  });
});

test.describe("thème", () => {
  test.use({ colorScheme: "light" });

  test("le bouton bascule le thème sombre, qui persiste sans flash au rechargement", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    expect(await htmlIsDark(page)).toBe(false);

    await page.getByRole("button", { name: "Activer le thème sombre" }).click();
    expect(await htmlIsDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
    await expect(page.getByRole("button", { name: "Activer le thème clair" })).toBeVisible();

    // Without any application script, only the pre-paint script can set the class: no flash.
    await page.route("**/assets/**/*.js", (route) => route.abort());
    await page.reload();
    expect(await htmlIsDark(page)).toBe(true);
    await page.unroute("**/assets/**/*.js");

    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Activer le thème clair" }).click();
    expect(await htmlIsDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  });

  test("le thème clair est imposé sur /application, même avec 'theme' à 'dark'", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await waitForHydration(page);
    expect(await htmlIsDark(page)).toBe(true);

    // Client-side navigation into the page, then back out.
    await page.getByRole("contentinfo").getByRole("link", { name: "Devenir partenaire" }).click();
    await expect(page).toHaveURL(/\/application$/);
    await expect.poll(() => htmlIsDark(page)).toBe(false);
    await expect(page.getByRole("button", { name: /Activer le thème/ })).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => htmlIsDark(page)).toBe(true);

    // Direct load.
    await page.goto("/application");
    expect(await htmlIsDark(page)).toBe(false);
    await expect(page.getByRole("button", { name: /thème/ })).toHaveCount(0);
  });
});

test.describe("thème sans JavaScript", () => {
  /** The page's background and the data-theme of <html>, as a visitor would load `path`. */
  async function shown(
    browser: Browser,
    path: string,
    options: { colorScheme: "light" | "dark"; javaScriptEnabled: boolean; width?: number },
  ) {
    const context = await browser.newContext({
      colorScheme: options.colorScheme,
      javaScriptEnabled: options.javaScriptEnabled,
      viewport: { width: options.width ?? 1440, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(path);
    const background = await page.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor);
    const theme = await page.locator("html").getAttribute("data-theme");
    return { page, context, background, theme };
  }

  test("la page suit le thème sombre du système, sans choix enregistré", async ({ browser }) => {
    test.slow(); // seven pages opened in their own contexts (four of them photographed with SHOTS_DIR)
    const backgrounds: Record<string, string> = {};
    for (const colorScheme of ["light", "dark"] as const) {
      // With JavaScript, the pre-paint script's theme: the reference.
      const scripted = await shown(browser, "/", { colorScheme, javaScriptEnabled: true });
      expect(scripted.theme).toBe(colorScheme);
      await scripted.context.close();
      for (const width of [390, 1440]) {
        const plain = await shown(browser, "/", { colorScheme, javaScriptEnabled: false, width });
        expect(plain.theme).toBeNull();
        expect(plain.background).toBe(scripted.background);
        if (process.env.SHOTS_DIR) {
          await plain.page.screenshot({
            path: `${process.env.SHOTS_DIR}/theme-no-js-home-${colorScheme}-${width}.png`,
          });
        }
        await plain.context.close();
      }
      backgrounds[colorScheme] = scripted.background;
    }
    expect(backgrounds.dark).not.toBe(backgrounds.light);

    // The light-only pages stay light on a dark system, without JavaScript too.
    const application = await shown(browser, "/application", {
      colorScheme: "dark",
      javaScriptEnabled: false,
    });
    expect(application.theme).toBe("light");
    expect(application.background).toBe(backgrounds.light);
    await application.context.close();
  });

  test("un thème choisi l'emporte sur celui du système", async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    // Without the application's scripts: only the pre-paint script runs, before the first paint.
    await page.route("**/assets/**/*.js", (route) => route.abort());
    await page.reload();
    expect(await page.locator("html").getAttribute("data-theme")).toBe("light");
    expect(await htmlIsDark(page)).toBe(false);
    const light = await shown(browser, "/", { colorScheme: "light", javaScriptEnabled: true });
    expect(await page.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor)).toBe(
      light.background,
    );
    await light.context.close();
    await context.close();
  });
});

test.describe("compte", () => {
  test("un client connecté a un bouton Accueil et un menu de compte", async ({ page, loginAs }) => {
    await loginAs("client");
    await page.goto("/client");
    await expect(page).toHaveURL(/\/client$/);
    await waitForHydration(page);

    const banner = page.getByRole("banner");
    const homeButton = banner
      .getByRole("link", { name: "Accueil", exact: true })
      .and(page.locator('[href="/"]'));
    await expect(homeButton).toBeVisible();
    await expect(banner.getByRole("link", { name: "Connexion" })).toHaveCount(0);

    // The menu's code loads after the page hydrates (ADR 040): a press before it is ignored, and
    // pressed again, as a person would.
    const menu = page.getByRole("menu");
    await expect(async () => {
      if (!(await menu.isVisible()))
        await banner.getByRole("button", { name: /^Menu du compte de / }).click();
      await expect(menu.getByText("client", { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(menu.getByRole("menuitem", { name: "Mon espace" })).toHaveAttribute("href", "/client");
    await menu.getByRole("menuitem", { name: "Déconnexion" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(banner.getByRole("link", { name: "Connexion" })).toBeVisible();
    await expect(homeButton).toHaveCount(0);
  });

  test("sans JavaScript, le compte mène à l'espace du client et chaque Réserver ouvre la réservation", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await signInAs(page, "client");
    await page.goto("/");
    const banner = page.getByRole("banner");
    // What the server sends in the account menu's place, and what a press before hydration reaches.
    await banner.getByRole("link", { name: /^Mon espace : / }).click();
    await expect(page).toHaveURL(/\/client$/);
    await page.goto("/");
    await banner.getByRole("button", { name: "Réserver", exact: true }).click();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The home page's own « Réserver » buttons: the hero's, and each service card's.
    for (const book of [
      page.getByRole("main").getByRole("button", { name: "Réserver maintenant" }),
      page.locator("#services").getByRole("button", { name: "Réserver", exact: true }).first(),
    ]) {
      await page.goto("/");
      await book.click();
      await expect(page).toHaveURL(/\/booking$/);
    }
    await context.close();
  });

  test("l'administration a son propre cadre : qui est connecté, ses sections, le retour au site, sans Réserver ni pied de page", async ({
    page,
    loginAs,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs("admin");
    await page.goto("/admin");
    await waitForHydration(page);
    await expect(page.getByTestId("shell-place").first()).toContainText("Propriétaire / CEO");
    const nav = page.getByRole("navigation", { name: "Navigation de l'administration" });
    await expect(nav.getByRole("link", { name: "Tableau de bord" })).toHaveAttribute("href", "/admin");
    await expect(nav.getByRole("link", { name: "Réservations" })).toHaveAttribute("href", "/admin/bookings");
    await expect(page.getByRole("link", { name: "Retour au site public" }).first()).toHaveAttribute(
      "href",
      "/",
    );
    await expect(page.getByRole("button", { name: "Réserver", exact: true })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  });
});

test("le pied de page donne le contact, les réseaux et les liens légaux", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");

  const links: [string, string][] = [
    ["Politique de confidentialité", "/privacy-policy"],
    ["Conditions d'utilisation", "/terms"],
    ["Devenir partenaire", "/application"],
    ["Galerie", "/gallery"],
    ["Cartes-cadeaux", "/cartes-cadeaux"],
  ];
  for (const [name, href] of links) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(footer.getByRole("link", { name: new RegExp(BUSINESS.phone) })).toHaveAttribute(
    "href",
    `tel:${BUSINESS.phoneHref}`,
  );
  await expect(footer.getByRole("link", { name: new RegExp(BUSINESS.email) })).toHaveAttribute(
    "href",
    `mailto:${BUSINESS.email}`,
  );
  for (const [network, href] of Object.entries({
    Facebook: BUSINESS.social.facebook,
    Instagram: BUSINESS.social.instagram,
    TikTok: BUSINESS.social.tiktok,
  })) {
    const link = footer.getByRole("link", { name: new RegExp(`^${network}`) });
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  // The current year where the business is (the page and this test read the same clock).
  const year = () =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto", year: "numeric" }).format(new Date());
  const signed = /© (\d{4}) /.exec((await footer.textContent()) ?? "")?.[1];
  expect([year(), String(Number(year()) - 1)]).toContain(signed);
  await expect(footer).toContainText(`${BUSINESS.name}. Tous droits réservés.`);
});

test("le menu mobile s'ouvre, se ferme avec Échap et propose Réserver maintenant @mobile", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await waitForHydration(page);

  const button = page.getByRole("button", { name: "Ouvrir le menu" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toHaveAttribute("aria-controls", /.+/);
  await button.click();

  const dialog = page.getByRole("dialog", { name: "Menu" });
  await expect(dialog).toBeVisible();
  for (const [name] of SECTIONS) {
    await expect(dialog.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole("link", { name: "Connexion" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Réserver maintenant" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Fermer le menu" })).toBeVisible();
  expect(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

  await button.click();
  await dialog.getByRole("link", { name: "Services", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/#services$/);

  await button.click();
  await dialog.getByRole("button", { name: "Réserver maintenant" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(BOOKING_URL);
});

test("chaque nouvelle page commence en haut, le retour arrière rend la position", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/privacy-policy");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

  // A link of the sticky header: clicking it does not scroll the page first (a footer link would).
  await page.getByRole("banner").getByRole("link", { name: "Connexion" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
});

test("une adresse inconnue affiche la page 404 en français", async ({ page }) => {
  const response = await page.goto("/une-page-qui-nexiste-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oups ! Page introuvable" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
});
