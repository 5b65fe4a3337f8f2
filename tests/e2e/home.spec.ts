import type { Locator, Page } from "@playwright/test";

import { photoJpegWithGps } from "../factories/photo-jpeg";
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

/** Closes the toasts: at 390 px one may cover the button the test clicks next. */
async function closeToasts(page: Page) {
  for (const close of await page.getByRole("button", { name: "Fermer la notification" }).all()) {
    await close.click().catch(() => {}); // it may have closed on its own meanwhile
  }
}

/*
 * The images the business owns (ADR 106): the admin places a photo of the library in the home
 * page's hero with its alternative text; without it, the drawn image comes back. The hero is
 * shared by every test: one test, both widths in turn, the photo removed at the end; and in this
 * file, whose tests run one after another, so the hero's own checks above never see the photo.
 */
test.describe("photos placed on the site", () => {
  test("an admin places a photo in the hero; the home page shows it; removed, the drawn image returns", async ({
    page,
    request,
    loginAs,
  }) => {
    test.slow(); // sharp encodes six copies on a shared machine
    await loginAs("admin");
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const caption = `Entrée de maison, berline ${width} ${Date.now()}`;
      const alt = `Une berline grise lavée dans une entrée de maison (${width})`;
      await page.goto("/admin/photos");
      const upload = page.locator("form#photo-upload");
      await upload.getByLabel("Légende").fill(caption);
      await upload.getByLabel("Photo (après)").setInputFiles({
        name: "entree.jpg",
        mimeType: "image/jpeg",
        buffer: await photoJpegWithGps({ width: 1600, height: 1000 }),
      });
      await upload.getByRole("button", { name: "Téléverser" }).click();
      const card = page.getByRole("article", { name: caption });
      await expect(card).toBeVisible({ timeout: 60_000 });
      // A draft: placing it makes it public without publishing it in the gallery.
      await expect(card.getByText("Brouillon")).toBeVisible();

      const place = card.getByRole("region", { name: "Où cette photo paraît" });
      await closeToasts(page);
      // The alternative text is required, said at its field; the chosen place is kept.
      await place
        .getByRole("combobox", { name: /^Endroit/ })
        .selectOption({ label: "Grande image de l'accueil" });
      await place.getByRole("button", { name: "Placer la photo" }).click();
      await expect(place.getByText("Veuillez écrire le texte de remplacement.")).toBeVisible();
      await place.getByRole("textbox", { name: /^Texte de remplacement/ }).fill(alt);
      await place.getByRole("button", { name: "Placer la photo" }).click();
      await expect(page.getByText("Photo placée.")).toBeVisible();
      await expect(place.getByText(`Texte de remplacement : ${alt}`)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The home page: the photo, eager with a high priority, its box reserved, preloaded.
      await page.goto("/");
      const hero = page.locator("#home").getByRole("img", { name: alt });
      await expect(hero).toBeVisible();
      await expect(hero).toHaveAttribute("fetchpriority", "high");
      await expect(hero).not.toHaveAttribute("loading", "lazy");
      await expect(hero).toHaveAttribute("width", "1600");
      await expect(hero).toHaveAttribute("height", "1000");
      await expect(hero).toHaveAttribute("srcset", /\/photos\/[0-9a-f-]+\/after-1600\.webp 1600w/);
      await expect(hero).toHaveJSProperty("complete", true);
      expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/photos\/.+\.avif$/);
      await expect(page.locator("#home img")).toHaveCount(1); // the drawn inset goes with the drawn image
      const html = await (await page.request.get("/")).text();
      expect(html).toMatch(
        /<link[^>]*rel="preload"[^>]*imageSrcSet="\/photos\/[0-9a-f-]+\/after-1600\.avif 1600w/,
      );
      // Public to everyone, although a draft in the gallery.
      const src = await hero.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect((await request.get(src)).status()).toBe(200);

      // At 1440 px, the same photo also serves on a zone's page, lazily, with its own text.
      await page.goto("/admin/photos");
      if (width === 1440) {
        await place
          .getByRole("combobox", { name: /^Endroit/ })
          .selectOption({ label: "Page de la zone « Granby »" });
        await place
          .getByRole("textbox", { name: /^Texte de remplacement/ })
          .fill("Une entrée de maison à Granby");
        await place.getByRole("button", { name: "Placer la photo" }).click();
        await expect(page.getByText("Photo placée.")).toBeVisible();
        await closeToasts(page);
        await page.goto("/franchise/granby");
        const zonePhoto = page.getByRole("img", { name: "Une entrée de maison à Granby" });
        await expect(zonePhoto).toHaveAttribute("loading", "lazy");
        await expect(zonePhoto).toHaveAttribute("width", "1600");
        await page.goto("/admin/photos");
      }

      // Taken back from the hero (at 390 px), or deleted (at 1440 px): the drawn image returns.
      if (width === 390) {
        await place
          .getByRole("button", { name: "Retirer la photo de cet endroit : Grande image de l'accueil" })
          .click();
        await expect(page.getByText("Photo retirée de cet endroit; l'image dessinée revient.")).toBeVisible();
        await expect(place.getByText(`Texte de remplacement : ${alt}`)).toHaveCount(0);
        // A draft again: its files are the admin's only.
        await expect.poll(async () => (await request.get(src)).status()).toBe(404);
      }
      await closeToasts(page);
      await card.getByRole("button", { name: `Supprimer : ${caption}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
      await expect(page.getByText("Photo supprimée.")).toBeVisible();
      await page.goto("/");
      const drawn = page.locator("#home img").first();
      await expect(drawn).toHaveAttribute("src", "/hero/hero-1-800.webp");
      await expect(drawn).toHaveAttribute("alt", /^Un laveur en polo bleu/);
      await expect(page.locator("#home img")).toHaveCount(2);
      if (width === 1440) {
        await page.goto("/franchise/granby");
        await expect(page.getByRole("img", { name: "Une entrée de maison à Granby" })).toHaveCount(0);
      }
      const fallback = (await (await page.request.get("/")).text()).match(
        /<link (?:nonce="[^"]*" )?rel="preload" as="image"[^>]*>/g,
      );
      expect(fallback).toHaveLength(1);
      expect(fallback![0]).toMatch(/imageSrcSet="\/hero\/hero-1\.avif 1600w, \/hero\/hero-1-800\.avif 800w/);
    }
  });
});
