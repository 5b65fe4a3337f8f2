import type { Page } from "@playwright/test";
import { expect, loginAs, test, waitForHydration } from "./fixtures";

// The franchisee's own shop (ADR 094, amended), at 390 px on the phone project and 1440 px on the
// desktop one: the admin sells a catalogue item at retail; the Granby franchisee opens « Boutique »
// from its menu, sets its stock of it, sees it kept, chooses its deliveries (at least one), and
// finds its shop sales in its monthly statement. SHOP_SHOTS=<dir> also takes both pages in both
// themes.

const SHOTS = process.env.SHOP_SHOTS;

async function noSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await waitForHydration(page);
    const width = page.viewportSize()!.width;
    await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("@mobile a franchisee sets its shop stock and its deliveries, and reads its shop sales", async ({
  page,
  browser,
  isMobile,
}) => {
  test.setTimeout(SHOTS ? 300_000 : 120_000);
  await page.setViewportSize(isMobile ? { width: 390, height: 844 } : { width: 1440, height: 1000 });
  const slug = `boutique-partenaire-${Math.random().toString(36).slice(2, 7)}`;

  // The admin sells a catalogue item (not the shop journey's first one) at 14,99 $.
  const office = await browser.newContext({
    ...test.info().project.use,
    viewport: { width: 1440, height: 1000 },
  });
  const admin = await office.newPage();
  await loginAs(admin, "admin");
  await admin.goto("/admin/boutique");
  const item = admin
    .getByRole("listitem")
    .filter({ has: admin.locator('input[name="slug"]') })
    .nth(isMobile ? 2 : 1);
  const name = (await item.getByRole("heading", { level: 3 }).textContent())!.trim();
  await item.getByLabel("Vendu en boutique").check();
  await item.getByLabel("Prix de détail ($)").fill("14,99");
  await item.getByLabel("Adresse de la page").fill(slug);
  await item.getByRole("button", { name: "Enregistrer" }).first().click();
  await expect(admin.getByText("Produit enregistré.")).toBeVisible();
  await office.close();

  await loginAs(page, "franchisee");
  await page.goto("/franchisee");
  await waitForHydration(page);
  if (isMobile) await page.getByRole("button", { name: "Ouvrir le menu de l'espace" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Boutique", exact: true }).last().click();
  await expect(page.getByRole("heading", { level: 1, name: "Ma boutique" })).toBeVisible();

  // Its stock of the product, kept.
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name }) });
  await expect(card.getByText("14,99 $ avant taxes")).toBeVisible();
  await card.getByLabel(`Stock · ${name}`).fill("7");
  await card.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Stock enregistré.")).toBeVisible();
  await page.reload();
  await expect(card.getByLabel(`Stock · ${name}`)).toHaveValue("7");

  // Its deliveries (the phone's run only: both runs share the Granby franchisee): none is
  // refused, then next wash only (what the shop journey uses), then both again.
  const deliveries = page.getByRole("region", { name: "Modes de livraison offerts" });
  const nextWash = deliveries.getByLabel("Au prochain lavage du client");
  const pickup = deliveries.getByLabel("Cueillette chez moi");
  if (isMobile) {
    await expect(nextWash).toBeChecked();
    await nextWash.uncheck();
    await pickup.uncheck();
    await deliveries.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Offrez au moins un mode de livraison.")).toBeVisible();
    await nextWash.check();
    await deliveries.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Modes de livraison enregistrés.")).toBeVisible();
    await page.reload();
    await expect(nextWash).toBeChecked();
    await expect(pickup).not.toBeChecked();
    await pickup.check();
    await deliveries.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Modes de livraison enregistrés.")).toBeVisible();
  }
  await noSidewaysScroll(page);
  await shoot(page, "franchisee-shop");

  // The monthly statement has its shop sales.
  await page.goto("/franchisee/payments");
  await expect(page.getByRole("heading", { name: "Ventes de la boutique" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "$" }).first()).toBeVisible();
  await noSidewaysScroll(page);
  await shoot(page, "franchisee-payments");
});
