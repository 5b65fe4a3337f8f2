import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

/** A fresh id for each visit, as the header and the zone pages draw one (docs/product.md, section 2). */
const wizardPath = () => `/booking/${crypto.randomUUID()}`;

const DAY = /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2}(?:er)? \p{L}+ \d{4}$/u;
const TIME = /^\d{1,2} h \d{2}$/;
const BOOKING_ID = /\/booking-success\/[0-9a-z]{10}$/;
const GRANBY_ADDRESS = "120 rue Principale, Granby J2G 2T5";

async function openSlotStep(page: Page, cars: number) {
  await page.goto(`${wizardPath()}?zone=granby&cars=${cars}&step=2`);
  await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
}

/** The first slot offered (the team works weekdays with 4 h notice: no fixed time is safe). */
async function chooseFirstSlot(page: Page): Promise<string> {
  const slot = page.getByRole("radio", { name: TIME }).first();
  await slot.check();
  const start = await slot.getAttribute("value");
  expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  return start!;
}

async function fillDetails(page: Page, address = GRANBY_ADDRESS) {
  await page.getByLabel("Nom complet").fill("Émilie Bouchard");
  await page
    .getByRole("region", { name: "Vos coordonnées" })
    .getByLabel("Adresse courriel")
    .fill("emilie.bouchard@example.com");
  await page.getByLabel("Téléphone").fill("450 555 0199");
  await page.getByLabel("Adresse du service").fill(address);
}

const confirmButton = (page: Page) => page.getByRole("button", { name: "Confirmer la réservation" });

test.describe("booking wizard", () => {
  test("step 1: the address or postal code and the cars, once; the zone follows from the address", async ({
    page,
    axe,
  }) => {
    await page.goto(wizardPath());
    await expect(
      page.getByRole("heading", { level: 1, name: "Où devons-nous nous déplacer ?" }),
    ).toBeVisible();
    const progress = page.getByRole("navigation", { name: "Progression" });
    await expect(progress).toContainText("Choisir les véhicules");
    await expect(progress).toContainText("Réserver le créneau");
    await expect(page.getByRole("radio", { name: "1 véhicule", exact: true })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Granby" })).toHaveCount(0);

    await page.getByLabel("Adresse ou code postal").fill("J2G 2T5");
    await page.getByRole("radio", { name: "2 véhicules" }).check();
    expect(await axe()).toEqual([]);
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(page).toHaveURL(/[?&]where=J2G(\+|%20)2T5/);
    await expect(page).toHaveURL(/[?&]cars=2/);
    const heading = page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" });
    await expect(heading).toBeFocused();
    await expect(page.getByText("2 véhicules · Granby")).toBeVisible();
    await expect(page.getByLabel(/^Code postal/)).toHaveValue("J2G 2T5");
  });

  test("step 2: title, badge, breadcrumb, a day then its times, and back to step 1", async ({
    page,
    axe,
  }) => {
    await page.goto(`${wizardPath()}?where=J2G+2T5&cars=2&step=2`);
    await expect(page.getByText("2 véhicules · Granby")).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Fil d'Ariane" });
    await expect(breadcrumb.getByRole("link", { name: "Accueil" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.getByText("Réservation")).toHaveAttribute("aria-current", "page");

    // 30 days; the team works weekdays: weekend days are shown disabled, with the reason.
    const strip = page.getByRole("group", { name: "Choisissez un jour" });
    await expect(strip.getByRole("radio")).toHaveCount(30);
    const closed = strip.getByRole("radio", { name: /^samedi .*, aucune heure libre$/ }).first();
    await expect(closed).toBeDisabled();
    // One day's times at a time, under the day's name, by part of the day.
    await expect(page.getByRole("group", { name: DAY })).toHaveCount(1);
    const day = strip.getByRole("radio", { disabled: false }).nth(5);
    const dayName = (await day.getAttribute("aria-label"))!;
    await day.check();
    const times = page.getByRole("group", { name: dayName });
    const parts = times.getByRole("group", { name: /^(Matin|Après-midi|Soir)$/ });
    await expect(parts.first()).toBeVisible();
    await expect(times.getByRole("group")).toHaveCount(await parts.count());
    const time = parts.first().getByRole("radio", { name: TIME }).first();
    await time.check();
    await expect(
      page.getByText(`Votre choix : ${dayName} à ${await time.locator("xpath=..").innerText()}.`),
    ).toBeVisible();
    // The phone strip scrolls inside its box, never the page.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    const summary = page.getByRole("region", { name: "Résumé" });
    await expect(summary.getByText("TPS (5 %)")).toBeVisible();
    await expect(summary.getByText("TVQ (9,975 %)")).toBeVisible();
    // 2 x 149,99 $ = 299,98 $; TPS 15,00 $; TVQ 29,92 $; total 344,90 $.
    await expect(summary).toContainText("344,90");
    await expect(summary).toContainText("Rien à payer en ligne");
    await expect(summary).toContainText("J2G 2T5");
    // An extra chosen here is in the summary and the total at once (+ 20,00 $: 367,90 $).
    await page.getByRole("checkbox", { name: /Traitement Aquapel/ }).check();
    await expect(summary).toContainText("367,90");
    const start = await chooseFirstSlot(page);
    await expect(summary).toContainText(
      new Intl.DateTimeFormat("fr-CA", {
        hour: "numeric",
        minute: "2-digit",
        timeZone: "America/Toronto",
      }).format(new Date(start)),
    );
    // The offers never ticked in advance; the texts about the booking asked apart, offered ticked.
    await expect(page.getByRole("checkbox", { name: /par texto les offres/ })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: /par texto la confirmation, le rappel/ })).toBeChecked();
    expect(await axe()).toEqual([]);

    await page.getByRole("button", { name: "Modifier l'adresse et les véhicules" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Où devons-nous nous déplacer ?" }),
    ).toBeFocused();
    await expect(page.getByLabel("Adresse ou code postal")).toHaveValue("J2G 2T5");
    await expect(page.getByRole("radio", { name: "2 véhicules" })).toBeChecked();

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
  });

  test("the choices made on a zone page come along; the address still decides", async ({ page }) => {
    await page.goto("/franchise/gatineau");
    await page.getByRole("radio", { name: "3 véhicules" }).click();
    await page.getByRole("main").getByRole("button", { name: "Réserver", exact: true }).click();
    await expect(page).toHaveURL(/\/booking\/[0-9a-z-]+\?zone=gatineau&cars=3$/);
    await expect(page.getByRole("radio", { name: "3 véhicules" })).toBeChecked();
    await page.getByLabel("Adresse ou code postal").fill("J8X 1A1");
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(page.getByText("3 véhicules · Gatineau")).toBeVisible();
  });

  test("a zone that takes no bookings sends back to step 1 with a message", async ({ page }) => {
    await page.goto(`${wizardPath()}?zone=trois-rivieres&cars=1&step=2`);
    await expect(
      page.getByRole("heading", { level: 1, name: "Où devons-nous nous déplacer ?" }),
    ).toBeVisible();
    await expect(page.getByTestId("where-error")).toContainText(
      "Cette zone n'accepte pas encore de réservations.",
    );
  });

  test("bad or missing fields show French errors and keep what was typed", async ({ page, axe }) => {
    await openSlotStep(page, 1);
    await chooseFirstSlot(page);
    await page.getByLabel("Nom complet").fill("Émilie Bouchard");
    await page
      .getByRole("region", { name: "Vos coordonnées" })
      .getByLabel("Adresse courriel")
      .fill("pas-un-courriel");
    await page.getByLabel("Téléphone").fill("123");
    await confirmButton(page).click();

    await expect(page.getByText("Veuillez entrer une adresse courriel valide.")).toBeVisible();
    await expect(
      page.getByText(/Veuillez entrer un numéro de téléphone nord-américain valide/),
    ).toBeVisible();
    await expect(page.getByText("L'adresse du service est requise.")).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue("Émilie Bouchard");
    await expect(
      page.getByRole("region", { name: "Vos coordonnées" }).getByLabel("Adresse courriel"),
    ).toHaveValue("pas-un-courriel");
    await expect(page).toHaveURL(/step=2/);
    expect(await axe()).toEqual([]);
  });

  test("an address outside the zone is refused on the address field", async ({ page }) => {
    await openSlotStep(page, 1);
    await chooseFirstSlot(page);
    await fillDetails(page, "1 rue Sainte-Catherine, Montréal H2X 1Y4");
    await confirmButton(page).click();
    await expect(page.getByText(/Cette adresse est hors de la zone de service de Granby/)).toBeVisible();
    await expect(page.getByLabel("Adresse du service")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Nom complet")).toHaveValue("Émilie Bouchard");
  });

  test("a complete booking leads to /booking-success/{bookingId}", async ({ page }) => {
    await openSlotStep(page, 2);
    await chooseFirstSlot(page);
    await fillDetails(page);
    await confirmButton(page).click();
    await expect(page).toHaveURL(BOOKING_ID);
    expect(page.url()).not.toContain("token");
  });

  test("a slot taken meanwhile: the French message, fresh slots, and the details kept", async ({
    page,
    request,
  }) => {
    await openSlotStep(page, 1);
    const start = await chooseFirstSlot(page);
    await fillDetails(page);

    // Other customers book the same time through the API until every team member is taken.
    let status = 0;
    for (let attempt = 0; attempt < 5 && status !== 409; attempt += 1) {
      const response = await request.post("/api/bookings", {
        data: {
          zone: "granby",
          cars: 1,
          start,
          name: `Client ${attempt}`,
          email: `client${attempt}@example.com`,
          phone: "450 555 0100",
          address: GRANBY_ADDRESS,
        },
      });
      status = response.status();
      expect([201, 409]).toContain(status);
    }
    expect(status).toBe(409);

    await confirmButton(page).click();
    // At the time step, focused and in view (not at the top of the page).
    // Said once, at the picker, with the nearest free times.
    await expect(page.getByText("Ce créneau vient d'être réservé. Choisissez-en un autre.")).toHaveCount(1);
    const refusal = page.getByTestId("slot-taken");
    await expect(refusal).toContainText("Ce créneau vient d'être réservé. Choisissez-en un autre.");
    await expect(refusal).toBeFocused();
    await expect(refusal).toBeInViewport();
    await expect(page.locator(`input[name="start"][value="${start}"]`)).toHaveCount(0);
    // At the picker: the message and the free times nearest to the lost one, one tap each.
    const notice = page.getByRole("status").filter({ hasText: "Les heures libres les plus proches" });
    await expect(notice).toContainText("Ce créneau vient d'être réservé.");
    const nearest = notice.getByRole("button").first();
    await nearest.click();
    await expect(page.getByRole("radio", { name: TIME, checked: true })).toBeFocused();
    await expect(page.getByText(/^Votre choix : /)).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue("Émilie Bouchard");
    await expect(page.getByLabel("Adresse du service")).toHaveValue(GRANBY_ADDRESS);
  });

  test("the wizard is usable on a phone @mobile", async ({ page }) => {
    test.skip(test.info().project.name !== "mobile", "a phone's screen: the mobile project runs it");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(wizardPath());
    // Gatineau: Sherbrooke takes a deposit while booking-payment.spec.ts runs (ADR 074).
    await page.getByLabel("Adresse ou code postal").fill("J8X 3V9");
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
    await expect(page.getByText("1 véhicule · Gatineau")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await chooseFirstSlot(page);
    await fillDetails(page, "25 rue Laurier, Gatineau J8X 3V9");
    // The promo code comes before the booking button (issue 33), not after it.
    const promo = await page.getByLabel("Code promo (facultatif)").boundingBox();
    const confirm = await confirmButton(page).boundingBox();
    expect(promo!.y + promo!.height).toBeLessThan(confirm!.y);
    // Enter in a field still books ('Appliquer', now first on screen, is not the default button).
    await page.getByLabel("Nom complet").press("Enter");
    await expect(page).toHaveURL(BOOKING_ID);
  });
});

test.describe("booking wizard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("works through plain forms: steps by URL, server-side field errors", async ({ page }) => {
    await page.goto(wizardPath());
    await page.getByLabel("Adresse ou code postal").fill("J2G 2T5");
    await page.getByRole("radio", { name: "1 véhicule", exact: true }).check();
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
    await expect(page.getByLabel(/^Code postal/)).toHaveValue("J2G 2T5");

    // Without JavaScript the days are links: the page comes back with that day's times.
    const day = page.getByRole("group", { name: "Choisissez un jour" }).getByRole("link").nth(1);
    const dayName = (await day.getAttribute("aria-label"))!;
    await day.click();
    await expect(page).toHaveURL(/[?&]jour=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole("group", { name: dayName })).toBeVisible();
    await page.getByRole("group", { name: dayName }).getByRole("radio", { name: TIME }).first().check();
    await page.getByLabel("Nom complet").fill("Émilie Bouchard");
    await page
      .getByRole("region", { name: "Vos coordonnées" })
      .getByLabel("Adresse courriel")
      .fill("emilie@example.com");
    await page.getByLabel("Téléphone").fill("999");
    await page.getByLabel("Adresse du service").fill(GRANBY_ADDRESS);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await confirmButton(page).click();
    expect((await answer).status()).toBe(400);
    await expect(
      page.getByText(/Veuillez entrer un numéro de téléphone nord-américain valide/),
    ).toBeVisible();
    await expect(page.getByLabel("Nom complet")).toHaveValue("Émilie Bouchard");
  });
});
