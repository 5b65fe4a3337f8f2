import { expect, test, waitForHydration } from "./fixtures";

// A booking with a deposit (issue 31, ADR 074), on a phone at 390 px: the summary says what is
// paid today and later, our page leads to the stand-in's hosted Checkout page (tests/stripe),
// the test Visa card pays, and the confirmation shows the deposit paid. Only Sherbrooke, which
// no other spec books, is switched to a deposit: the other tests keep payment on site.

const TIME = /^\d{1,2} h \d{2}$/;

test.describe("a booking with a deposit", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@mobile pays its deposit on the hosted page and lands on the confirmation with the deposit paid", async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, "phone journey");
    test.setTimeout(90_000);
    const zone = await page.request.post("/api/dev/payment-zone", {
      data: { zone: "sherbrooke", percent: 25 },
    });
    expect(zone.status(), await zone.text()).toBe(200);

    await page.goto(`/booking?${new URLSearchParams({ where: "J1H 2A1", cars: "1", step: "2" }).toString()}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
    await page
      .getByRole("group", { name: "Choisissez un jour" })
      .getByRole("radio", { disabled: false })
      .nth(2)
      .check();
    await page.getByRole("radio", { name: TIME }).first().check();
    await page.getByLabel("Nom complet").fill("Rosalie Gagnon");
    await page
      .getByRole("region", { name: "Vos coordonnées" })
      .getByLabel("Adresse courriel")
      .fill(`depot.${Date.now()}@example.com`);
    await page.getByLabel("Téléphone").fill("819 555 0142");
    await page.getByLabel("Adresse du service").fill("100 rue King Ouest, Sherbrooke");

    // Before « Confirmer »: 25 % of 172,45 $ today, the rest after the wash, the terms of that money.
    const terms = page.getByTestId("summary-payment").last();
    await expect(terms).toContainText("Aujourd'hui : dépôt de 43,11 $ taxes incluses");
    await expect(terms).toContainText("Après le lavage : 129,34 $");
    await expect(terms).toContainText("le dépôt est remboursé en entier");
    await expect(terms).toContainText("Le créneau est retenu 30 minutes");
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();

    // Our page: what is about to be paid, the hold, and the way to Stripe's page.
    await expect(
      page.getByRole("heading", { level: 1, name: "Dernière étape : le paiement sécurisé" }),
    ).toBeVisible();
    await expect(page.getByTestId("hold-until")).toContainText(/retenu jusqu'à \d{1,2} h \d{2}/);
    await expect(page.getByText("43,11 $").first()).toBeVisible();
    await page.getByRole("link", { name: "Continuer vers le paiement sécurisé" }).click();

    // The stand-in's hosted page, with the test Visa card.
    await expect(page.getByRole("heading", { name: "Paiement sécurisé" })).toBeVisible();
    await expect(page.getByText("Montant : 43,11 $ CA")).toBeVisible();
    await page.getByLabel("Carte de test").selectOption({ label: "4242 4242 4242 4242 (acceptée)" });
    await page.getByRole("button", { name: "Payer" }).click();

    // Back on our confirmation, the deposit paid.
    await expect(page).toHaveURL(/\/booking-success\/[0-9a-z]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Vous êtes réservé" })).toBeVisible();
    await expect(page.getByTestId("success-payment")).toContainText("Dépôt payé : 43,11 $");
    await expect(page.getByTestId("success-payment")).toContainText("Après le lavage : 129,34 $");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
