import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

const COUNT = 17;

/** Opens /gallery and waits for the simulated loading state to end. */
async function openGallery(page: Page) {
  await page.goto("/gallery");
  await expect(page.getByRole("status").filter({ hasText: `${COUNT} réalisations affichées` })).toBeVisible();
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
});
