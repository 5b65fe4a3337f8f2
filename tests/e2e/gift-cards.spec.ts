import type { Browser, Page } from "@playwright/test";
import { openMail } from "./dev-mail";
import { expect, loginAs, test, waitForHydration } from "./fixtures";

// Gift cards (issue 34, item 5; ADR 087), on a phone at 390 px: a visitor buys a 250 $ card on
// /cartes-cadeaux, pays it on the stand-in's hosted page and reads its code; the demo client then
// books one car in Granby with that code, and the confirmation says what the card paid and what
// is left on it; the balance check on /cartes-cadeaux says the same.

const TIME = /^\d{1,2} h \d{2}$/;
const SHOTS = process.env.GIFT_CARD_SHOTS;

/** Buys a card of `amount` dollars through the page and the stand-in; its purchase page's URL and code. */
async function buyCard(page: Page, amount: string, { pay = true } = {}) {
  await page.goto("/cartes-cadeaux");
  await waitForHydration(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Offrez un lavage avec une carte-cadeau" }),
  ).toBeVisible();
  await expect(page.getByTestId("gift-card-no-expiry")).toContainText("pas de date d'expiration");
  await page.getByLabel("Montant").fill(amount);
  await page.getByLabel("Votre nom").fill("Marc Roy");
  await page.getByLabel("Votre courriel").fill(`marc.${Date.now()}@example.com`);
  await page.getByLabel("Nom de la personne").fill("Julie Roy");
  const recipient = `julie.${Date.now()}@example.com`;
  await page.getByLabel("Courriel de la personne").fill(recipient);
  await page.getByLabel("Votre mot (facultatif)").fill("Bonne fête, Julie !");
  await page.getByRole("button", { name: "Continuer vers le paiement" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Dernière étape : le paiement" })).toBeVisible();
  const purchaseUrl = page.url();
  if (!pay) return { purchaseUrl, recipient, code: null };
  await page.getByRole("link", { name: /^Payer / }).click();
  await expect(page.getByRole("heading", { name: "Paiement sécurisé" })).toBeVisible();
  await page.getByLabel("Carte de test").selectOption({ label: "4242 4242 4242 4242 (acceptée)" });
  await page.getByRole("button", { name: "Payer" }).click();

  await expect(
    page.getByRole("heading", { level: 1, name: "Merci, votre carte-cadeau est payée" }),
  ).toBeVisible();
  const code = (await page.getByTestId("gift-card-code-shown").textContent())!.trim();
  expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  return { purchaseUrl, recipient, code };
}

/** Books one car in Granby through the wizard with the card's code; lands on the confirmation. */
async function bookWithCard(page: Page, code: string, { tryWrongFirst = false } = {}) {
  await page.goto(`/booking/${crypto.randomUUID()}?zone=granby&cars=1&step=2`);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
  await page
    .getByRole("group", { name: "Choisissez un jour" })
    .getByRole("radio", { disabled: false })
    .nth(4)
    .check();
  const times = page.getByRole("radio", { name: TIME });
  await times.nth(Math.floor(Math.random() * Math.min(3, await times.count()))).check();
  await page.getByLabel("Nom complet").fill("Client Démo");
  await page
    .getByRole("region", { name: "Vos coordonnées" })
    .getByLabel("Adresse courriel")
    .fill("client@example.com");
  await page.getByLabel("Téléphone").fill("450 555 0199");
  await page.getByLabel("Adresse du service").fill("120 rue Principale, Granby J2G 2T5");
  if (tryWrongFirst) {
    // A code of the right shape that no card has: the booking is refused on that field.
    await page.getByLabel("Carte-cadeau (facultatif)").fill("ZZZZ-ZZZZ-ZZZZ-ZZZZ");
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    await expect(page.getByText("Ce code ne correspond à aucune carte-cadeau payée.")).toBeVisible();
  }
  await page.getByLabel("Carte-cadeau (facultatif)").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();
  await expect(page).toHaveURL(/\/booking-success\/[0-9a-z]{10}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Vous êtes réservé" })).toBeVisible();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe("gift cards", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@mobile a card bought on a phone pays part of another account's booking, and the rest stays on it", async ({
    page,
    browser,
    isMobile,
    axe,
  }) => {
    test.skip(!isMobile, "phone journey");
    test.setTimeout(120_000);
    await page.goto("/cartes-cadeaux");
    expect(await axe()).toEqual([]);
    await noSidewaysScroll(page);
    const { code, recipient, purchaseUrl } = await buyCard(page, "250");
    await noSidewaysScroll(page);
    // Sent today: the recipient's e-mail carries the code.
    await openMail(page, recipient, /Marc Roy vous offre une carte-cadeau/);
    await expect(page.getByText(`Votre code : ${code}`).first()).toBeVisible();

    // Another account, in its own browser context: the demo client.
    const context = await browser.newContext({
      ...test.info().project.use,
      viewport: { width: 390, height: 844 },
    });
    const client = await context.newPage();
    await loginAs(client, "client");
    await bookWithCard(client, code!, { tryWrongFirst: true });
    // One car: 172,45 $ with taxes, paid by the card; 77,55 $ left on it.
    await expect(client.getByTestId("success-gift-card")).toContainText("172,45 $ payés");
    await expect(client.getByTestId("success-gift-card")).toContainText(
      "Solde restant sur la carte : 77,55 $",
    );
    await noSidewaysScroll(client);

    await client.goto("/cartes-cadeaux");
    await client.getByLabel("Code de la carte").fill(code!);
    await client.getByRole("button", { name: "Vérifier le solde" }).click();
    await expect(client.getByTestId("gift-card-balance")).toHaveText("Solde : 77,55 $ (sur 250,00 $).");
    await context.close();

    // The buyer asks for the rest back: the admin refunds the unused 77,55 $ (ADR 087, amended),
    // once, and the code then pays nothing more.
    const office = await browser.newContext({
      ...test.info().project.use,
      viewport: { width: 390, height: 844 },
    });
    const admin = await office.newPage();
    await loginAs(admin, "admin");
    await admin.goto("/admin/payments");
    // The buyer reads the code out on the phone: the admin finds the card by it, whole.
    const search = admin.getByRole("search", { name: "Trouver une carte par son code" });
    await search.getByLabel("Trouver une carte par son code").fill("pas-un-code");
    await search.getByRole("button", { name: "Trouver" }).click();
    await expect(search.getByRole("alert")).toContainText("Ce n'est pas un code de carte-cadeau");
    await search.getByLabel("Trouver une carte par son code").fill(code!.toLowerCase());
    await search.getByRole("button", { name: "Trouver" }).click();
    await expect(admin.getByText("La carte de ce code :")).toBeVisible();
    // The admin's list shows the code's last four characters only.
    const masked = `••••-${code!.slice(-4)}`;
    const card = admin.getByRole("listitem").filter({ hasText: masked });
    await expect(admin.getByRole("list", { name: "Cartes-cadeaux" }).getByRole("listitem")).toHaveCount(1);
    // The disclosure first (its summary), then its button.
    await card.getByText("Rembourser le solde (77,55 $)").first().click();
    await card.getByRole("button", { name: /^Rembourser le solde \(77,55 \$\)/ }).click();
    await expect(admin.getByText("Remboursement de 77,55 $ envoyé à Stripe.")).toBeVisible();
    await expect
      .poll(
        async () => {
          await admin.reload();
          return admin
            .getByRole("listitem")
            .filter({ hasText: masked })
            .getByText("77,55 $ remboursés le")
            .count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await expect(card.getByRole("button", { name: /^Rembourser le solde/ })).toHaveCount(0);
    await noSidewaysScroll(admin);
    await office.close();

    // The buyer's purchase page says so.
    await page.goto(purchaseUrl);
    await expect(page.getByTestId("gift-card-refunded")).toContainText("Remboursée");
    await expect(page.getByTestId("gift-card-refunded")).toContainText("77,55 $ vous ont été remboursés le");
    await expect(page.getByTestId("gift-card-refunded")).toContainText(
      "Le code ne peut plus payer une réservation.",
    );
    await noSidewaysScroll(page);
  });
});

/** Screenshots of the gift cards' screens at 390 and 1440 px in both themes (GIFT_CARD_SHOTS=<folder>). */
test.describe("gift cards' screenshots", () => {
  test.skip(!SHOTS, "GIFT_CARD_SHOTS is not set");

  async function shoot(
    browser: Browser,
    baseURL: string,
    name: string,
    go: (page: Page) => Promise<void>,
    role?: "admin",
  ) {
    for (const width of [390, 1440]) {
      for (const scheme of ["light", "dark"] as const) {
        const context = await browser.newContext({
          baseURL,
          viewport: { width, height: 900 },
          colorScheme: scheme,
          locale: "fr-CA",
          timezoneId: "America/Toronto",
        });
        const page = await context.newPage();
        if (role) await loginAs(page, role);
        await go(page);
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
        await context.close();
      }
    }
  }

  test("every screen", async ({ page, browser, baseURL, isMobile }) => {
    test.skip(isMobile, "the desktop project takes them");
    test.setTimeout(300_000);
    const unpaid = await buyCard(page, "50", { pay: false });
    const paid = await buyCard(page, "250");
    await bookWithCard(page, paid.code!);
    const success = page.url();
    await shoot(browser, baseURL!, "cartes-cadeaux", (p) => p.goto("/cartes-cadeaux").then(() => undefined));
    await shoot(browser, baseURL!, "cartes-cadeaux-erreurs", async (p) => {
      await p.goto("/cartes-cadeaux");
      await p.getByLabel("Montant").fill("5");
      await p.getByRole("button", { name: "Continuer vers le paiement" }).click();
      await expect(p.getByText("Le montant doit être entre")).toBeVisible();
    });
    await shoot(browser, baseURL!, "cartes-cadeaux-solde", async (p) => {
      await p.goto("/cartes-cadeaux");
      await p.getByLabel("Code de la carte").fill(paid.code!);
      await p.getByRole("button", { name: "Vérifier le solde" }).click();
      await expect(p.getByTestId("gift-card-balance")).toBeVisible();
    });
    await shoot(browser, baseURL!, "achat-a-payer", (p) => p.goto(unpaid.purchaseUrl).then(() => undefined));
    await shoot(browser, baseURL!, "achat-payee", (p) => p.goto(paid.purchaseUrl).then(() => undefined));
    await shoot(browser, baseURL!, "reservation-confirmee", async (p) => {
      await p.goto(success);
      await expect(p.getByTestId("success-gift-card")).toBeVisible();
    });
    await shoot(browser, baseURL!, "assistant-champ-carte", async (p) => {
      await p.goto(`/booking/${crypto.randomUUID()}?zone=granby&cars=1&step=2`);
      await waitForHydration(p);
      await p.getByRole("radio", { name: TIME }).first().check();
      await p.getByLabel("Carte-cadeau (facultatif)").scrollIntoViewIfNeeded();
    });
    await shoot(
      browser,
      baseURL!,
      "admin-paiements",
      async (p) => {
        await p.goto("/admin/payments");
        await p.getByRole("heading", { name: "Cartes-cadeaux" }).scrollIntoViewIfNeeded();
      },
      "admin",
    );
    // The paid card's rest refunded by the admin: « Remboursée » with the amount and the day.
    const office = await browser.newContext({ baseURL });
    const admin = await office.newPage();
    await loginAs(admin, "admin");
    await admin.goto("/admin/payments");
    const card = admin.getByRole("listitem").filter({ hasText: `••••-${paid.code!.slice(-4)}` });
    await card
      .getByText(/^Rembourser le solde/)
      .first()
      .click();
    await card.getByRole("button", { name: /^Rembourser le solde/ }).click();
    await expect(admin.getByText(/^Remboursement de .* envoyé à Stripe\.$/)).toBeVisible();
    await office.close();
    await shoot(browser, baseURL!, "achat-remboursee", (p) => p.goto(paid.purchaseUrl).then(() => undefined));
    await shoot(
      browser,
      baseURL!,
      "admin-paiements-remboursee",
      async (p) => {
        await p.goto("/admin/payments");
        await p.getByText("Remboursée").first().scrollIntoViewIfNeeded();
      },
      "admin",
    );
  });
});
