import type { Page } from "@playwright/test";
import { bookThroughApi, openSlots } from "./bookings";
import { openMail } from "./dev-mail";
import { DEMO, expect, loginAs, test, waitForHydration } from "./fixtures";

// The shop (issue 34, item 4; ADR 094), on a phone at 390 px: the admin marks a catalogue item
// as retail with a price and gives the Granby franchisee its stock; the demo client, who has a
// wash booked, finds it from the header's « Boutique », adds two to the cart, chooses « Ajouter à
// mon prochain lavage », pays on the stand-in's hosted page, and reads the paid order, its
// delivery at that wash and its e-mail; then returns one of the two, which the franchisee
// accepts from its shop page. SHOP_SHOTS=<dir> also takes the pages at 390 and 1440 px
// in both themes.

const SHOTS = process.env.SHOP_SHOTS;

async function noSidewaysScroll(page: Page, width: number) {
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

test.describe("the shop", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@mobile a customer buys a product delivered at their next wash", async ({
    page,
    browser,
    baseURL,
    isMobile,
  }) => {
    test.skip(!isMobile, "phone journey");
    test.setTimeout(SHOTS ? 420_000 : 180_000);
    const suffix = Math.random().toString(36).slice(2, 7);
    const slug = `produit-test-${suffix}`;

    // The admin: the first catalogue item sold at retail (24,99 $), 5 in stock at each franchisee.
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
      .first();
    const name = (await item.getByRole("heading", { level: 3 }).textContent())!.trim();
    await item.getByLabel("Vendu en boutique").check();
    await item.getByLabel("Prix de détail ($)").fill("24,99");
    await item.getByLabel("Adresse de la page").fill(slug);
    await item.getByRole("button", { name: "Enregistrer" }).first().click();
    await expect(admin.getByText("Produit enregistré.")).toBeVisible();
    const saved = admin
      .getByRole("listitem")
      .filter({ has: admin.locator(`input[name="slug"][value="${slug}"]`) });
    const stocks = saved.locator('input[name="quantity"]');
    const count = await stocks.count();
    for (let i = 0; i < count; i += 1) {
      const form = saved
        .locator("form")
        .filter({ has: admin.locator('input[name="quantity"]') })
        .nth(i);
      await form.locator('input[name="quantity"]').fill("5");
      await form.getByRole("button", { name: "Enregistrer" }).click();
      await expect(admin.getByText("Stock enregistré.").first()).toBeVisible();
    }
    if (SHOTS) {
      await admin.screenshot({ path: `${SHOTS}/admin-shop-1440-light.png`, fullPage: true });
    }
    await office.close();

    // The demo client has a wash booked in Granby.
    const [slot] = await openSlots(page.request);
    await bookThroughApi(page.request, baseURL!, {
      start: slot!.start,
      name: "Client Démo",
      email: DEMO.client,
    });
    await loginAs(page, "client");

    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Boutique" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Boutique" })).toBeVisible();
    await noSidewaysScroll(page, 390);
    await shoot(page, "shop");

    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("product-price")).toHaveText("24,99 $");
    await noSidewaysScroll(page, 390);
    await shoot(page, "shop-product");
    await page.getByLabel("Quantité").fill("2");
    await page.getByRole("button", { name: "Ajouter au panier" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Votre panier" })).toBeVisible();
    // 2 × 24,99 $ = 49,98 $ + TPS 2,50 $ + TVQ 4,99 $ = 57,47 $.
    await expect(page.getByTestId("cart-total")).toHaveText("57,47 $");
    await expect(page.getByRole("radio", { name: /Ajouter à mon prochain lavage/ })).toBeChecked();
    await noSidewaysScroll(page, 390);
    await shoot(page, "shop-cart");
    await page.getByRole("button", { name: /^Payer 57,47/ }).click();

    // Placing the order and making its hosted page take a moment on a busy machine.
    await expect(page.getByRole("heading", { level: 1, name: /^Commande B-/ })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole("link", { name: /^Payer maintenant/ }).click();
    await expect(page.getByRole("heading", { name: "Paiement sécurisé" })).toBeVisible();
    await page.getByLabel("Carte de test").selectOption({ label: "4242 4242 4242 4242 (acceptée)" });
    await page.getByRole("button", { name: "Payer" }).click();

    await expect(page.getByTestId("order-paid")).toContainText("Merci ! Votre commande est payée.", {
      timeout: 30_000,
    });
    await expect(page.getByTestId("order-paid")).toContainText("Livraison à votre lavage du");
    const number = (await page.getByRole("heading", { level: 1 }).textContent())!
      .replace("Commande ", "")
      .trim();
    await noSidewaysScroll(page, 390);
    await shoot(page, "shop-order");
    const orderPath = new URL(page.url()).pathname;

    // A partial return (ADR 094, amended): one of the two, decided by the franchisee on its page.
    await page.getByLabel(`Quantité de « ${name} » à retourner (au plus 2)`).fill("1");
    await page.getByRole("button", { name: "Demander un retour" }).click();
    await expect(page.getByTestId("return-status")).toHaveText(
      "Demande de retour reçue : nous vous répondons sous peu.",
    );
    const partner = await browser.newContext({
      ...test.info().project.use,
      viewport: { width: 390, height: 844 },
    });
    const franchisee = await partner.newPage();
    await loginAs(franchisee, "franchisee");
    await franchisee.goto("/franchisee/shop");
    const asked = franchisee
      .getByRole("region", { name: "Retours" })
      .getByRole("listitem")
      .filter({ hasText: number });
    await expect(asked).toContainText("28,73 $");
    await asked.getByRole("button", { name: "Accepter et rembourser" }).click();
    await expect(franchisee.getByText("Retour accepté, remboursement demandé.")).toBeVisible();
    await noSidewaysScroll(franchisee, 390);
    await shoot(franchisee, "franchisee-shop-orders");
    await partner.close();
    // 1 × 24,99 $ + TPS 1,25 $ + TVQ 2,49 $; the other one can still come back.
    await page.goto(orderPath);
    await expect(page.getByTestId("return-status")).toHaveText(
      "Retour accepté : 28,73 $ remboursés sur votre carte.",
    );
    await expect(page.getByLabel(`Quantité de « ${name} » à retourner (au plus 1)`)).toBeVisible();

    await openMail(page, DEMO.client, new RegExp(`Votre commande ${number}`));
    await expect(
      page
        .getByText("Ajouter à mon prochain lavage")
        .or(page.getByText(/Livraison à votre lavage/))
        .first(),
    ).toBeVisible();

    // The admin's network statement credits the Granby franchisee with the sale (ADR 094, amended).
    const head = await browser.newContext({
      ...test.info().project.use,
      viewport: { width: 390, height: 844 },
    });
    const owner = await head.newPage();
    await loginAs(owner, "admin");
    await owner.goto("/admin/payments/statement");
    const shopCredit = owner.getByRole("region", { name: "Ventes de la boutique" });
    await expect(shopCredit.getByRole("listitem").filter({ hasText: `Vente ${number}` })).toBeVisible();
    await expect(
      shopCredit.getByRole("region", { name: "Crédit de la boutique par franchisé" }).getByRole("rowheader"),
    ).not.toHaveCount(0);
    await noSidewaysScroll(owner, 390);
    await shoot(owner, "admin-statement-shop");
    await head.close();

    if (SHOTS) {
      // The same pages at 1440 px.
      const wide = await browser.newContext({
        ...test.info().project.use,
        viewport: { width: 1440, height: 1000 },
      });
      const desk = await wide.newPage();
      await loginAs(desk, "client");
      for (const [path, shot] of [
        ["/boutique", "shop"],
        [`/boutique/${slug}`, "shop-product"],
      ] as const) {
        await desk.goto(path);
        await shoot(desk, shot);
      }
      await desk.goto(`/boutique/${slug}`);
      await desk.getByRole("button", { name: "Ajouter au panier" }).click();
      await expect(desk.getByRole("heading", { level: 1, name: "Votre panier" })).toBeVisible();
      await shoot(desk, "shop-cart");
      await wide.close();
      const wideOffice = await browser.newContext({
        ...test.info().project.use,
        viewport: { width: 1440, height: 1000 },
      });
      const ownerDesk = await wideOffice.newPage();
      await loginAs(ownerDesk, "admin");
      await ownerDesk.goto("/admin/payments/statement");
      await shoot(ownerDesk, "admin-statement-shop");
      await wideOffice.close();
    }
  });
});
