import { openMail } from "./dev-mail";
import { expect, loginAs, test } from "./fixtures";

const TIME = /^\d{1,2} h \d{2}$/;
const DAY = /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2}(?:er)? \p{L}+ \d{4}$/u;

/**
 * 20 % off 149,99 $ = 30,00 $ (29,998 rounded); the taxes on 119,99 $: TPS 6,00 $ (5,9995),
 * TVQ 11,97 $ (11,969); total 137,96 $ (ADR 050: the discount comes off before the taxes).
 */
const EXPECTED = { discount: "-30,00 $", tps: "6,00 $", tvq: "11,97 $", total: "137,96 $" };

test("the admin makes a code; a visitor books with it and sees the discount and the taxes after it on the summary, the confirmation and the e-mail @mobile", async ({
  page,
  browser,
  axe,
}) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  const code = `PRINTEMPS-${project.toUpperCase()}-${Date.now() % 1_000_000}`;
  const email = `promo-${project}-${Date.now()}@example.com`;

  // The admin creates a 20 % code from the promo codes page of the admin area.
  const admin = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await loginAs(admin, "admin");
  await admin.goto("/admin/promo-codes");
  await expect(admin.getByRole("heading", { level: 1, name: "Codes promo" })).toBeVisible();
  // The new code's form comes first; the thank-you offer's settings below have the same fields.
  await admin.getByRole("textbox", { name: /^Code/ }).first().fill(code.toLowerCase());
  await admin
    .getByRole("combobox", { name: /^Type de rabais/ })
    .first()
    .selectOption("percent");
  await admin
    .getByRole("textbox", { name: /^Valeur/ })
    .first()
    .fill("20");
  await admin.getByRole("button", { name: "Créer le code" }).click();
  await expect(admin.getByRole("rowheader").filter({ hasText: code })).toBeVisible();
  await admin.close();

  // A visitor books in Granby and applies the code on the summary.
  await page.goto("/booking");
  await page.getByLabel("Adresse ou code postal").fill("J2G 1A1");
  await page.getByRole("button", { name: "Voir les disponibilités" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
  await page
    .getByRole("group", { name: "Choisissez un jour" })
    .getByRole("radio", { disabled: false })
    .nth(project === "mobile" ? 4 : 3)
    .check();
  await page.getByRole("group", { name: DAY }).getByRole("radio", { name: TIME }).last().check();
  await page.getByLabel("Nom complet").fill("Julie Promo");
  await page.getByRole("region", { name: "Vos coordonnées" }).getByLabel("Adresse courriel").fill(email);
  await page.getByLabel("Téléphone").fill("450 555 0123");
  await page.getByLabel("Adresse du service").fill("120 rue Principale, Granby");
  await page.getByLabel("Code promo (facultatif)").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Appliquer" }).click();

  const summary = page.getByTestId("booking-summary").first();
  await expect(summary.getByTestId("summary-discount")).toHaveText(EXPECTED.discount);
  await expect(summary.getByText(`Rabais (${code})`)).toBeVisible();
  await expect(summary.getByTestId("summary-tps")).toHaveText(EXPECTED.tps);
  await expect(summary.getByTestId("summary-tvq")).toHaveText(EXPECTED.tvq);
  await expect(summary.getByTestId("summary-total")).toHaveText(EXPECTED.total);
  // What was typed is kept.
  await expect(page.getByLabel("Nom complet")).toHaveValue("Julie Promo");
  expect(await axe()).toEqual([]);

  await page.getByRole("button", { name: "Confirmer la réservation" }).click();
  await expect(page).toHaveURL(/\/booking-success\/[0-9a-z]{10}$/);
  await expect(page.getByTestId("success-discount")).toHaveText(EXPECTED.discount);
  await expect(page.getByTestId("success-tps")).toHaveText(EXPECTED.tps);
  await expect(page.getByTestId("success-tvq")).toHaveText(EXPECTED.tvq);
  await expect(page.getByTestId("success-total")).toHaveText(EXPECTED.total);

  // The confirmation e-mail has the same lines.
  await openMail(page, email, /^Réservation confirmée/);
  const body = page.getByRole("main");
  await expect(body).toContainText(`Rabais (${code}) : ${EXPECTED.discount}`);
  await expect(body).toContainText(`TPS (5 %) : ${EXPECTED.tps}`);
  await expect(body).toContainText(`TVQ (9,975 %) : ${EXPECTED.tvq}`);
  await expect(body).toContainText(`Total : ${EXPECTED.total}`);
});

test("a code that does not exist is refused at its field, and the form keeps what was typed @mobile", async ({
  page,
}) => {
  await page.goto("/booking?where=J2G%201A1&cars=1&step=2");
  await page.getByLabel("Nom complet").fill("Paul Essai");
  await page.getByLabel("Code promo (facultatif)").fill("NEXISTEPAS");
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(
    page.getByText(
      "Ce code promo ne s'applique pas à cette réservation. Vérifiez l'orthographe ou réservez sans code.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Nom complet")).toHaveValue("Paul Essai");
  await expect(page.getByTestId("summary-discount")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Appliquer' posts the form and the summary comes back with the refusal at the code's field", async ({
    page,
  }) => {
    await page.goto("/booking?where=J2G%201A1&cars=1&step=2");
    await page.getByLabel("Nom complet").fill("Nadia Sansscript");
    await page.getByLabel("Code promo (facultatif)").fill("PASUNCODE");
    await page.getByRole("button", { name: "Appliquer" }).click();
    await expect(
      page.getByText(
        "Ce code promo ne s'applique pas à cette réservation. Vérifiez l'orthographe ou réservez sans code.",
      ),
    ).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue("Nadia Sansscript");
    await expect(page.getByLabel("Code promo (facultatif)")).toHaveValue("PASUNCODE");
  });
});
