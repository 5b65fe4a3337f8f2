import type { Locator, Page } from "@playwright/test";

import { expect, SECTIONS, test, waitForHydration } from "./fixtures";

const TITLE = "Le lavage d'auto haut de gamme qui vient à vous";

const HIGHLIGHTS = [
  "Garantie qualité 100\u00a0%",
  "Plus de 10\u00a0000 clients satisfaits",
  "90\u00a0min en moyenne",
  "Équipes assurées et ponctuelles",
  "Engagés contre les émissions de CO₂",
];

const BOOKING_URL = /\/booking\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The sticky header is 64 px tall; sections keep 96 px above them (scroll-margin-top). */
const SECTION_TOP = 96;

/** The theme toggle gets its real name once React has hydrated: a sign that clicks now work. */
function headerNav(page: Page) {
  return page.getByRole("banner").getByRole("navigation", { name: "Navigation principale" });
}

function activeHighlight(page: Page) {
  return page.getByRole("list", { name: "Nos points forts" }).locator('li[data-state="active"]');
}

/**
 * Stops the page's clock (installed before loading) a moment from now, so that time only passes
 * when the test says. The moment leaves room for the clock's own real-time progress meanwhile.
 */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** Distance between a section's top and where a hash link should bring it. */
function offsetFromHeader(section: Locator) {
  return section.evaluate((element, top) => Math.abs(element.getBoundingClientRect().top - top), SECTION_TOP);
}

test.describe("page d'accueil", () => {
  test("le HTML du serveur contient le texte, le prix, le préchargement et les données structurées", async ({
    request,
  }) => {
    const response = await request.get("/");
    expect(response.ok()).toBe(true);
    const html = await response.text();

    expect(html).toMatch(/<h1[^>]*>Le lavage d(&#x27;|')auto haut de gamme qui vient à vous<\/h1>/);
    expect(html).toContain("Lavage Signature");
    expect(html).toContain("149,99");
    expect(html).toContain("Taxes en sus (TPS et TVQ)");
    expect(html).toMatch(
      /<title>Lavage d(&#x27;|')auto à domicile au Québec \| Lavage Mobile Prestige<\/title>/,
    );
    for (const city of ["Granby", "Sherbrooke", "Gatineau"]) {
      expect(html).toMatch(new RegExp(`<meta name="description" content="[^"]*${city}`));
    }

    // The hero image is preloaded at the right width, first among images, with a high priority.
    // React Router puts the CSP nonce (ADR 033) first on the links it renders.
    const preload = html.match(/<link (?:nonce="[^"]*" )?rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preload).toHaveLength(1);
    expect(preload[0]).toContain('type="image/avif"');
    expect(preload[0]).toMatch(/imageSrcSet="\/hero\/hero-1\.avif 1600w, \/hero\/hero-1-800\.avif 800w/);
    expect(preload[0]).toContain("imageSizes=");
    expect(preload[0]).toContain('fetchPriority="high"');
    // Every image reserves its box (no layout shift).
    for (const img of html.match(/<img [^>]*>/g) ?? []) {
      expect(img).toMatch(/ width="\d+"/);
      expect(img).toMatch(/ height="\d+"/);
    }

    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1];
    expect(jsonLd).toBeDefined();
    const business = JSON.parse(jsonLd!);
    expect(business).toMatchObject({
      "@context": "https://schema.org",
      "@type": "AutoWash",
      name: "Lavage Mobile Prestige",
      telephone: "+14505550142",
      email: "bonjour@lavageprestige.ca",
    });
    expect(business.areaServed.map((area: { name: string }) => area.name).sort()).toEqual([
      "Gatineau",
      "Granby",
      "Sherbrooke",
    ]);
    expect(business.hasOfferCatalog.itemListElement).toContainEqual(
      expect.objectContaining({
        price: "149.99",
        priceCurrency: "CAD",
        itemOffered: expect.objectContaining({ name: "Lavage Signature" }),
      }),
    );
  });

  test("les sept sections se suivent dans l'ordre, chacune nommée par son titre", async ({ page }) => {
    await page.goto("/");
    const ids = await page.locator("main > section").evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual(SECTIONS.map(([, id]) => id));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    await expect(page.getByRole("region", { name: TITLE })).toHaveAttribute("id", "home");

    const services = page.getByRole("region", { name: "Un forfait complet, un prix clair" });
    await expect(services.getByRole("heading", { level: 3, name: "Lavage Signature" })).toBeVisible();
    await expect(services.getByText("149,99\u00a0$", { exact: true })).toBeVisible();
    await expect(services.getByText("Environ 90 minutes par véhicule")).toBeVisible();

    // Real reviews only (ADR 049): with demo accounts on, the demo client's own, with the average.
    const reviews = page.locator("#reviews");
    await expect(reviews.getByText("Marie-Ève Tremblay")).toHaveCount(0);
    await expect(reviews.getByRole("listitem").filter({ hasText: "Catherine C." }).first()).toBeVisible();
    await expect(reviews.getByTestId("reviews-summary")).toContainText(/sur 5, d'après \d+ avis/);

    const gallery = page.locator("#gallery");
    await expect(gallery.getByRole("img")).toHaveCount(6);
    await expect(gallery.getByRole("img").first()).toHaveAttribute("loading", "lazy");
    await expect(gallery.getByRole("link", { name: "Voir toute la galerie" })).toHaveAttribute(
      "href",
      "/gallery",
    );
  });

  test("les points forts changent toutes les 3 s et se mettent en pause", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await pauseClock(page);

    const active = activeHighlight(page);
    await expect(active).toHaveCount(1);
    const first = HIGHLIGHTS.indexOf((await active.textContent()) ?? "");
    expect(first).toBeGreaterThanOrEqual(0);
    await page.clock.runFor(3000);
    await expect(active).toHaveText(HIGHLIGHTS[(first + 1) % HIGHLIGHTS.length]!);
    await page.clock.runFor(3000);
    await expect(active).toHaveText(HIGHLIGHTS[(first + 2) % HIGHLIGHTS.length]!);

    await page.getByRole("button", { name: "Mettre en pause le défilement des points forts" }).click();
    await page.clock.runFor(9000);
    await expect(active).toHaveText(HIGHLIGHTS[(first + 2) % HIGHLIGHTS.length]!);
    await page.getByRole("button", { name: "Reprendre le défilement des points forts" }).click();
    await page.clock.runFor(3000);
    await expect(active).toHaveText(HIGHLIGHTS[(first + 3) % HIGHLIGHTS.length]!);
  });

  test.describe("mouvement réduit", () => {
    test.use({ reducedMotion: "reduce" });

    test("les points forts restent immobiles et tous visibles", async ({ page }) => {
      await page.clock.install();
      await page.goto("/");
      await waitForHydration(page);
      await pauseClock(page);

      await page.clock.runFor(9000);
      await expect(activeHighlight(page)).toHaveText(HIGHLIGHTS[0]!);
      const items = page.getByRole("list", { name: "Nos points forts" }).getByRole("listitem");
      await expect(items).toHaveText(HIGHLIGHTS);
      expect(await items.evaluateAll((list) => list.map((item) => getComputedStyle(item).opacity))).toEqual(
        HIGHLIGHTS.map(() => "1"),
      );
      await expect(page.getByRole("button", { name: /défilement des points forts/ })).toBeHidden();
    });
  });

  test("le texte s'affiche sans attendre les images; l'attente s'arrête après 8 s avec un avertissement", async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    // The hero images never arrive.
    await page.route("**/hero/**", () => {});
    await page.clock.install();
    await page.goto("/", { waitUntil: "domcontentloaded" });

    const title = page.getByRole("heading", { level: 1, name: TITLE });
    await expect(title).toBeVisible();
    await expect(page.getByRole("button", { name: "Réserver maintenant" })).toBeVisible();
    await waitForHydration(page);

    const progress = page.getByRole("progressbar", { name: "Chargement des images" });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute("aria-valuenow", "0");
    // The indicator sits on the images, clear of the text.
    const image = page.getByRole("img", { name: /^Un laveur en polo bleu/ });
    const [progressBox, imageBox, titleBox] = await Promise.all([
      progress.boundingBox(),
      image.boundingBox(),
      title.boundingBox(),
    ]);
    expect(progressBox!.x).toBeGreaterThanOrEqual(imageBox!.x);
    expect(progressBox!.x + progressBox!.width).toBeLessThanOrEqual(imageBox!.x + imageBox!.width);
    expect(progressBox!.y).toBeGreaterThanOrEqual(imageBox!.y);
    expect(progressBox!.y + progressBox!.height).toBeLessThanOrEqual(imageBox!.y + imageBox!.height);
    expect(progressBox!.x).toBeGreaterThanOrEqual(titleBox!.x + titleBox!.width);
    expect(warnings).toEqual([]);

    await page.clock.runFor(8000);
    await expect(progress).toBeHidden();
    await expect.poll(() => warnings.join("\n")).toContain("toujours en chargement après 8 s");
    await expect(title).toBeVisible();
  });

  test("un lien de l'en-tête fait défiler en douceur jusqu'à sa section, après 100 ms", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.evaluate(() => {
      const log: [number, number][] = [];
      Object.assign(window, { scrollLog: log, clickedAt: 0 });
      window.addEventListener("scroll", () => log.push([performance.now(), window.scrollY]), {
        passive: true,
      });
      document.addEventListener("click", () => Object.assign(window, { clickedAt: performance.now() }), {
        capture: true,
      });
    });

    const link = headerNav(page).getByRole("link", { name: "Services", exact: true });
    await link.click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect.poll(() => offsetFromHeader(page.locator("#services"))).toBeLessThanOrEqual(2);
    await expect(
      page.getByRole("heading", { level: 2, name: "Un forfait complet, un prix clair" }),
    ).toBeInViewport();
    await expect(link).toHaveAttribute("aria-current", "location");

    const { log, clickedAt } = await page.evaluate(() => {
      const state = window as unknown as { scrollLog: [number, number][]; clickedAt: number };
      return { log: state.scrollLog, clickedAt: state.clickedAt };
    });
    const moves = log.filter(([, y]) => y > 0);
    expect(moves.length).toBeGreaterThan(0);
    // The page stays put for 100 ms, then travels through several positions: a smooth scroll.
    expect(moves[0]![0] - clickedAt).toBeGreaterThanOrEqual(90);
    expect(new Set(moves.map(([, y]) => y)).size).toBeGreaterThan(2);
  });

  test("depuis une autre page, le lien Avis mène à la section des avis", async ({ page }) => {
    await page.goto("/gallery");
    await waitForHydration(page);
    const link = headerNav(page).getByRole("link", { name: "Avis", exact: true });
    await link.click();

    await expect(page).toHaveURL(/\/#reviews$/);
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeAttached();
    await expect.poll(() => offsetFromHeader(page.locator("#reviews"))).toBeLessThanOrEqual(2);
    await expect(
      page.getByRole("heading", { level: 2, name: "Ce que nos clients en disent" }),
    ).toBeInViewport();
    await expect(link).toHaveAttribute("aria-current", "location");
  });

  test("le lien actif de l'en-tête suit le défilement", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const nav = headerNav(page);
    await expect(nav.getByRole("link", { name: "Accueil", exact: true })).toHaveAttribute(
      "aria-current",
      "location",
    );
    for (const [name, id] of SECTIONS) {
      await page.locator(`#${id}`).evaluate((section) => section.scrollIntoView({ behavior: "instant" }));
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "location");
      await expect(nav.locator('[aria-current="location"]')).toHaveCount(1);
    }
  });

  test("« Devenir partenaire » mène au formulaire de candidature", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const franchise = page.getByRole("region", { name: "Lancez votre entreprise de lavage mobile" });
    await expect(franchise.getByText("Nous recherchons des partenaires à Trois-Rivières.")).toBeVisible();
    await franchise.getByRole("link", { name: "Devenir partenaire" }).click();
    await expect(page).toHaveURL(/\/application$/);
  });

  test("les boutons Réserver ouvrent une nouvelle réservation", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page
      .getByRole("region", { name: TITLE })
      .getByRole("button", { name: "Réserver maintenant" })
      .click();
    await expect(page).toHaveURL(BOOKING_URL);
    expect(await page.evaluate(() => window.history.state?.usr)).toEqual({
      fromCitySelection: true,
      city: "",
    });

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    const book = page.locator("#services").getByRole("button", { name: "Réserver", exact: true });
    await expect(book).toHaveAccessibleDescription("Lavage Signature");
    await book.click();
    await expect(page).toHaveURL(BOOKING_URL);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test.describe(`thème ${colorScheme === "light" ? "clair" : "sombre"}`, () => {
      test.use({ colorScheme });

      test("aucune violation d'accessibilité sérieuse", async ({ page, axe }) => {
        await page.goto("/");
        await waitForHydration(page);
        // Paused, with no highlight caught halfway through its fade.
        await page.getByRole("button", { name: "Mettre en pause le défilement des points forts" }).click();
        await expect
          .poll(() =>
            page
              .getByRole("list", { name: "Nos points forts" })
              .getByRole("listitem")
              .evaluateAll((items) => items.map((item) => getComputedStyle(item).opacity).sort()),
          )
          .toEqual(["0", "0", "0", "0", "1"]);
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
          colorScheme === "dark",
        );
        expect(await axe()).toEqual([]);
      });
    });
  }

  test("tient dans la largeur d'un téléphone @mobile", async ({ page, isMobile }) => {
    test.skip(!isMobile, "phone layout");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeInViewport();
    await expect(page.getByRole("button", { name: "Réserver maintenant" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
  });
});
