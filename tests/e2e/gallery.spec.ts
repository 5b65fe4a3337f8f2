import type { Page } from "@playwright/test";
import exifReader from "exif-reader";
import sharp from "sharp";

import { photoJpegWithGps } from "../factories/photo-jpeg";
import { expect, test } from "./fixtures";

const COUNT = 17;

/** Opens /gallery and waits for the simulated loading state to end. */
async function openGallery(page: Page) {
  await page.goto("/gallery");
  // The phone project may run while the last test below has a photo of its own on show.
  await expect(page.getByRole("status").filter({ hasText: /\d+ réalisations affichées/ })).toBeVisible();
}

function tile(page: Page, id: number) {
  return page.getByRole("button", { name: `Agrandir la réalisation ${id}`, exact: true });
}

test.describe("/gallery", () => {
  test("shows the loading text, then the 17 images with their sizes", async ({ page, request }) => {
    // The first paint (server HTML) carries the loading state; the browser then ends it after 500 ms.
    // (Checked on the HTML: on a busy machine the 500 ms may be over before a browser check runs.)
    const html = await (await request.get("/gallery")).text();
    expect(html).toContain("Chargement des images...");
    await page.goto("/gallery");
    await expect(page).toHaveTitle("Galerie de nos réalisations | Lavage Mobile Prestige");
    await expect(page.getByRole("status").filter({ hasText: "17 réalisations affichées" })).toBeVisible();
    await expect(tile(page, 1)).toBeEnabled();
    await expect(page.getByRole("heading", { level: 1, name: "Galerie de nos réalisations" })).toBeVisible();

    const images = page.locator("main ul img");
    await expect(images).toHaveCount(COUNT);
    for (let id = 1; id <= COUNT; id++) {
      const image = images.nth(id - 1);
      await expect(image).toHaveAttribute("alt", `Réalisation ${id}`);
      await expect(image).toHaveAttribute("width", "1200");
      await expect(image).toHaveAttribute("height", "900");
      await expect(image).toHaveAttribute("srcset", /-thumb\.webp 400w/);
      await expect(image).toHaveAttribute("decoding", "async");
      await expect(image).toHaveAttribute("loading", id <= 4 ? "eager" : "lazy");
    }
    await expect(images.first()).toHaveJSProperty("complete", true);
    expect(await images.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("the viewer counts, wraps around, zooms and closes", async ({ page }) => {
    await openGallery(page);
    await tile(page, 1).click();

    const viewer = page.getByRole("dialog");
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText("1 / 17", { exact: true })).toBeVisible();
    await expect(viewer.getByRole("img", { name: "Réalisation 1" })).toBeVisible();
    await expect(viewer.getByRole("img", { name: "Réalisation 1" })).toHaveJSProperty("complete", true);

    await page.keyboard.press("ArrowLeft");
    await expect(viewer.getByText("17 / 17", { exact: true })).toBeVisible();
    await expect(viewer.getByRole("img", { name: "Réalisation 17" })).toBeVisible();

    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByText("1 / 17", { exact: true })).toBeVisible();

    await viewer.getByRole("button", { name: "Image précédente" }).click();
    await expect(viewer.getByText("17 / 17", { exact: true })).toBeVisible();
    await viewer.getByRole("button", { name: "Image suivante" }).click();
    await expect(viewer.getByText("1 / 17", { exact: true })).toBeVisible();

    const zoomIn = viewer.getByRole("button", { name: "Agrandir", exact: true });
    await expect(zoomIn).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.press("z");
    const zoomOut = viewer.getByRole("button", { name: "Réduire", exact: true });
    await expect(zoomOut).toHaveAttribute("aria-pressed", "true");
    const imageWidth = await viewer.getByRole("img").evaluate((img) => img.getBoundingClientRect().width);
    expect(imageWidth).toBeGreaterThan(page.viewportSize()!.width);
    await page.keyboard.press("Z");
    await expect(zoomIn).toHaveAttribute("aria-pressed", "false");
    await zoomIn.click();
    await expect(zoomOut).toHaveAttribute("aria-pressed", "true");
    await zoomOut.click();
    await expect(zoomIn).toHaveAttribute("aria-pressed", "false");

    await viewer.getByRole("button", { name: "Fermer" }).click();
    await expect(viewer).toBeHidden();
    await expect(tile(page, 1)).toBeFocused();
  });

  test("Escape closes the viewer and gives the focus back to the tile; Tab stays inside", async ({
    page,
  }) => {
    await openGallery(page);
    await tile(page, 5).click();
    const viewer = page.getByRole("dialog");
    await expect(viewer.getByText("5 / 17", { exact: true })).toBeVisible();

    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByText("6 / 17", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(tile(page, 5)).toBeFocused();
  });

  test("the keyboard alone opens the viewer", async ({ page }) => {
    await openGallery(page);
    await tile(page, 17).focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog");
    await expect(viewer.getByText("17 / 17", { exact: true })).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Fermer" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByText("1 / 17", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(tile(page, 17)).toBeFocused();
  });

  test("'Réserver maintenant' leads to the services of the home page", async ({ page }) => {
    await openGallery(page);
    const book = page.getByRole("main").getByRole("link", { name: "Réserver maintenant" });
    await expect(book).toHaveAttribute("href", "/#services");
    await book.click();
    await expect(page).toHaveURL(/\/#services$/);
  });

  test("has no serious accessibility violation, viewer closed or open", async ({ page, axe }) => {
    await openGallery(page);
    expect(await axe()).toEqual([]);

    await tile(page, 2).click();
    await expect(page.getByRole("dialog").getByRole("img", { name: "Réalisation 2" })).toBeVisible();
    expect(await axe()).toEqual([]);
  });

  test("shows a single column on a phone @mobile", async ({ page, isMobile }) => {
    test.skip(!isMobile, "phone layout");
    await openGallery(page);
    const columns = await page
      .locator("main ul")
      .first()
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(1);
    const [first, second] = await Promise.all([tile(page, 1).boundingBox(), tile(page, 2).boundingBox()]);
    expect(first?.x).toBe(second?.x);
    expect(second!.y).toBeGreaterThan(first!.y);
  });

  test("an admin uploads a before/after pair: /gallery shows it in AVIF and WebP, without its GPS position", async ({
    page,
    loginAs,
  }) => {
    test.slow(); // sharp encodes twelve copies on a shared machine
    const caption = `Berline grise, lavage complet ${Date.now()}`;
    await loginAs("admin");
    await page.goto("/admin/photos");
    await expect(page.getByRole("heading", { level: 1, name: "Photos des réalisations" })).toBeVisible();

    const form = page.locator("form#photo-upload");
    // Nothing is said before the first submit; then each missing answer is said at its field.
    await expect(form.getByText("Veuillez écrire une légende.")).toHaveCount(0);
    await form.getByRole("button", { name: "Téléverser" }).click();
    await expect(form.getByText("Veuillez écrire une légende.")).toBeVisible();
    await expect(form.getByText("Veuillez choisir une photo.")).toBeVisible();

    await form.getByLabel("Légende").fill(caption);
    await expect(form.getByText("Veuillez écrire une légende.")).toHaveCount(0);
    await form.getByLabel("Photo (après)").setInputFiles({
      name: "apres.jpg",
      mimeType: "image/jpeg",
      buffer: await photoJpegWithGps({ width: 1600, height: 1200 }),
    });
    await form.getByLabel("Photo avant (facultative)").setInputFiles({
      name: "avant.jpg",
      mimeType: "image/jpeg",
      buffer: await photoJpegWithGps({ width: 1600, height: 1200, colour: { r: 110, g: 80, b: 40 } }),
    });
    await form.getByLabel("Zone").selectOption({ label: "Granby" });
    await form.getByLabel("Publier tout de suite").check();
    await form.getByRole("button", { name: "Téléverser" }).click();
    const card = page.getByRole("article", { name: caption });
    await expect(card).toBeVisible({ timeout: 60_000 });
    await expect(card.getByText("Publiée")).toBeVisible();
    await expect(card.getByText("Avant / après")).toBeVisible();

    await page.goto("/gallery");
    const tileButton = page.getByRole("button", { name: `Agrandir la photo « ${caption} »` });
    await expect(tileButton).toBeEnabled();
    const item = page.getByRole("listitem").filter({ has: tileButton });
    await expect(item.getByText(caption, { exact: true })).toBeVisible();
    const avif = item.locator('source[type="image/avif"]');
    await expect(avif).toHaveAttribute("srcset", /\/photos\/[0-9a-f-]+\/after-1600\.avif 1600w/);
    await expect(item.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /after-400\.webp 400w/);
    // The browser painted it (Chromium takes the AVIF source).
    const img = item.getByRole("img", { name: `${caption} (après)` });
    await expect(img).toHaveJSProperty("complete", true);
    expect(await img.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\.avif$/);

    // Each served file is what it says, and keeps no EXIF (so no GPS position).
    const srcset = (await avif.getAttribute("srcset"))!;
    const avifUrl = srcset.split(", ")[0]!.split(" ")[0]!;
    for (const url of [
      avifUrl,
      avifUrl.replace(".avif", ".webp"),
      avifUrl.replace("after-1600.avif", "before-800.webp"),
    ]) {
      const response = await page.request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()["content-type"]).toBe(url.endsWith(".avif") ? "image/avif" : "image/webp");
      const metadata = await sharp(await response.body()).metadata();
      expect(
        metadata.exif === undefined ? undefined : exifReader(metadata.exif).GPSInfo,
        url,
      ).toBeUndefined();
      expect(metadata.exif).toBeUndefined();
    }

    // The viewer shows 'after', then 'before' on request, with the caption.
    await tileButton.click();
    const viewer = page.getByRole("dialog");
    await expect(viewer.getByRole("img", { name: `${caption} (après)` })).toBeVisible();
    await viewer.getByRole("button", { name: "Avant", exact: true }).click();
    await expect(viewer.getByRole("img", { name: `${caption} (avant)` })).toBeVisible();
    await expect(viewer.getByText(`${caption} (avant)`)).toBeVisible();
    await page.keyboard.press("Escape");

    // Withdrawn, the photo leaves the gallery; deleted, its files are gone.
    await page.goto("/admin/photos");
    await card.getByRole("button", { name: `Retirer de la galerie : ${caption}` }).click();
    await expect(card.getByText("Brouillon")).toBeVisible();
    expect((await page.request.get(avifUrl)).status()).toBe(200); // the admin still sees a draft
    await card.getByRole("button", { name: `Supprimer : ${caption}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    // The action's own answer, not the card's absence (the list is redrawn while it runs).
    await expect(page.getByText("Photo supprimée.")).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect.poll(async () => (await page.request.get(avifUrl)).status()).toBe(404);
    await page.goto("/gallery");
    await expect(page.getByRole("button", { name: `Agrandir la photo « ${caption} »` })).toHaveCount(0);
  });
});
