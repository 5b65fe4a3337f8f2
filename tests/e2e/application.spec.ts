import type { Page } from "@playwright/test";
import { photoJpegWithGps } from "../factories/photo-jpeg";

import {
  applicant,
  drawSignature,
  fillPersonal,
  fillProfessional,
  next,
  openApplication as open,
  reachSubmission as reachSubmissionOf,
  stepHeading,
  submitButton as submit,
  toasts,
} from "./application-form";
import { confirmApplicationEmail } from "./dev-mail";
import { expect, loginAs, test } from "./fixtures";

// Each run starts from an empty database (playwright.config.ts); the addresses are still unique
// per run, and this file sends at most 6 applications (the limit is 10 per address per hour).
const RUN = Date.now().toString(36);
const APPLICANT = applicant(`lea.${RUN}@example.com`);
const as = (email: string) => ({ ...APPLICANT, email });

async function reachSubmission(page: Page, email = APPLICANT.email) {
  await reachSubmissionOf(page, as(email));
}

/** The photo field of step 1 (ADR 076). */
const photoInput = (page: Page) => page.getByLabel(/^Votre photo/);
/** Where the screenshots of the photo's screens go (390 and 1440 px, both themes): only when set. */
const SHOTS = process.env.APPLICATION_PHOTO_SHOTS;
const PHOTO_APPLICANT = applicant(`zoe.photo.${RUN}@example.com`, { firstName: "Zoé", lastName: "Portrait" });
let photoApplicationUrl = "";

test.describe.configure({ mode: "serial" });

test.describe("candidature de franchise", () => {
  test("un visiteur anonyme postule avec une signature dessinée, puis le même courriel est refusé", async ({
    page,
    axe,
  }) => {
    test.slow(); // four steps filled twice, a drawn signature each time and three accessibility scans
    await open(page);
    expect(await axe()).toEqual([]);
    const stepper = page.getByRole("navigation", { name: "Progression" });
    await expect(stepper.getByRole("button", { name: /Étape 1 sur 4 : Personnel/ })).toHaveAttribute(
      "aria-current",
      "step",
    );
    await expect(stepper.getByRole("button", { name: /Étape 3 sur 4/ })).toBeDisabled();

    await reachSubmission(page);
    // The summary shows what is about to be signed; 'Oui' is a license (docs/product-decisions.md,
    // 'Franchise application').
    const summary = page.getByRole("region", { name: "Récapitulatif de vos réponses" });
    await expect(summary).toContainText(APPLICANT.email);
    await expect(summary).toContainText("De 20 à 40 km");
    await expect(summary.getByText("Oui").first()).toBeVisible();

    await page.getByRole("checkbox", { name: /vérification de mes antécédents/ }).check();
    await expect(submit(page)).toBeDisabled();
    await expect(page.getByText("Veuillez signer avant de soumettre votre candidature.")).toBeVisible();
    expect(await axe()).toEqual([]);

    await drawSignature(page);
    await expect(page.getByRole("status").filter({ hasText: "Signature ajoutée." })).toBeAttached();
    await expect(submit(page)).toBeEnabled();
    await submit(page).click();

    await expect(toasts(page).getByText("Candidature soumise avec succès!")).toBeVisible();
    await expect(
      toasts(page).getByText("Votre candidature a été envoyée. Nous vous contacterons bientôt."),
    ).toBeVisible();
    // The page shows the receipt and status of what was sent, not an empty form (issue 15).
    await expect(page.getByRole("heading", { name: "Votre candidature" })).toBeVisible();
    await expect(page.getByText("Soumise", { exact: true })).toBeVisible();
    await expect(page.getByText(APPLICANT.city)).toBeVisible();
    await expect(page.getByRole("button", { name: "Suivant" })).toHaveCount(0);
    // Until the address is confirmed the page says so, and sends the link again on request.
    const confirmFirst = page.getByRole("region", { name: "Confirmez votre adresse courriel" });
    await expect(confirmFirst).toContainText(
      `Nous avons envoyé un lien de confirmation à ${APPLICANT.email}`,
    );
    await expect(page.getByText(/déjà soumis/)).toHaveCount(0);
    expect(await axe()).toEqual([]);
    await confirmFirst.getByRole("button", { name: "Renvoyer le lien de confirmation" }).click();
    await expect(
      toasts(page).getByText(`Un nouveau lien de confirmation a été envoyé à ${APPLICANT.email}.`),
    ).toBeVisible();

    // Once its address is confirmed (an unconfirmed application blocks nothing, ADR 066), another
    // browser, the same address (in other letters' case): refused, and the form stays open.
    await confirmApplicationEmail(page, APPLICANT.email, 2);
    await page.context().clearCookies();
    await open(page);
    await reachSubmission(page, APPLICANT.email.toUpperCase());
    await page.getByRole("checkbox", { name: /vérification de mes antécédents/ }).check();
    await drawSignature(page);
    await submit(page).click();
    await expect(toasts(page).getByText("Erreur lors de la soumission")).toBeVisible();
    await expect(
      toasts(page).getByText("Une candidature avec cette adresse courriel existe déjà.").first(),
    ).toBeVisible();
    // The e-mail's step opens with the message under the field; every answer is still there.
    await expect(stepHeading(page, "Vos coordonnées")).toBeVisible();
    const email = page.getByRole("textbox", { name: "Adresse courriel" });
    await expect(email).toHaveValue(APPLICANT.email.toUpperCase());
    await expect(email).toHaveAccessibleDescription(
      "Une candidature avec cette adresse courriel existe déjà.",
    );
    await expect(page.getByRole("textbox", { name: "Ville" })).toHaveValue(APPLICANT.city);
  });

  test("chaque étape vérifie ses champs en français avant la suivante; Précédent garde les réponses", async ({
    page,
  }) => {
    test.slow(); // every step's errors, back and forth, then a signature drawn and cleared
    await open(page);
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(stepHeading(page, "Vos coordonnées")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Prénom", exact: true })).toHaveAccessibleDescription(
      "Le prénom est requis.",
    );
    await expect(page.getByText("L'adresse courriel est requise.")).toBeVisible();
    await expect(page.getByText("La ville est requise.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Prénom", exact: true })).toBeFocused();

    await fillPersonal(page, as(`etapes.${RUN}@example.com`));
    await page.getByRole("textbox", { name: "Téléphone", exact: true }).fill("555-01");
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByText("Veuillez entrer un numéro de téléphone valide.")).toBeVisible();
    // The country code is 1 by default; another one accepts that country's numbers.
    await expect(page.getByRole("combobox", { name: "Indicatif du pays" })).toHaveValue("1");
    await page.getByRole("combobox", { name: "Indicatif du pays" }).selectOption("33");
    await page.getByRole("textbox", { name: "Téléphone", exact: true }).fill("06 12 34 56 78");
    await next(page, "Votre profil professionnel");
    // The next step's fields show no error before their own check.
    await expect(page.getByText("Décrivez le véhicule que vous utiliseriez.")).toBeHidden();

    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByText("Indiquez si vous avez un permis de conduire valide.")).toBeVisible();
    await expect(page.getByText("Décrivez le véhicule que vous utiliseriez.")).toBeVisible();
    await expect(page.getByText("Indiquez vos disponibilités.")).toBeVisible();
    // The radius has a default choice (moins de 20 km): no error for it.
    await expect(page.getByRole("radio", { name: "Moins de 20 km" })).toBeChecked();

    await page.getByRole("button", { name: "Précédent" }).click();
    await expect(page.getByRole("textbox", { name: "Ville" })).toHaveValue(APPLICANT.city);
    // Step 2 was not completed: the stepper does not reach it, Next does (step 1 is valid).
    const stepper = page.getByRole("navigation", { name: "Progression" });
    await expect(stepper.getByRole("button", { name: /Étape 2 sur 4/ })).toBeDisabled();
    await next(page, "Votre profil professionnel");
    await fillProfessional(page, APPLICANT);
    await next(page, "Références et financement");
    // References are optional, but a phone given must be one.
    await page.getByRole("textbox", { name: "Téléphone de la référence (facultatif)" }).fill("abc");
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByText("Veuillez entrer un numéro de téléphone valide.")).toBeVisible();
    await page.getByRole("textbox", { name: "Téléphone de la référence (facultatif)" }).fill("");
    await next(page, "Vérification et signature");
    // Completed steps stay reachable from the stepper, with their answers.
    await stepper.getByRole("button", { name: /Étape 1 sur 4/ }).click();
    await expect(page.getByRole("textbox", { name: "Ville" })).toHaveValue(APPLICANT.city);
    // Step 4 was never completed: it is reached again through step 3 and Next.
    await expect(stepper.getByRole("button", { name: /Étape 4 sur 4/ })).toBeDisabled();
    await stepper.getByRole("button", { name: /Étape 3 sur 4/ }).click();
    await next(page, "Vérification et signature");

    // The consent is required to submit.
    await drawSignature(page);
    await submit(page).click();
    await expect(
      page.getByText("Vous devez accepter la vérification des antécédents pour soumettre votre candidature."),
    ).toBeVisible();
    // Clearing the signature disables Submit again.
    await page.getByRole("button", { name: "Effacer la signature" }).click();
    await expect(submit(page)).toBeDisabled();
  });

  test("au clavier seulement : la signature se tape, et la candidature part", async ({ page }) => {
    await open(page);
    await fillPersonal(page, as(`clavier.${RUN}@example.com`));
    await page.getByRole("textbox", { name: "Ville" }).press("Enter");
    await expect(stepHeading(page, "Votre profil professionnel")).toBeFocused();
    await fillProfessional(page, APPLICANT);
    await page.getByRole("button", { name: "Suivant" }).press("Enter");
    await page.getByRole("button", { name: "Suivant" }).press("Enter");
    await expect(stepHeading(page, "Vérification et signature")).toBeFocused();
    await page.getByRole("checkbox", { name: /vérification de mes antécédents/ }).press("Space");
    await page.getByRole("textbox", { name: "Signer au clavier : votre nom complet" }).fill("Léa Tremblay");
    await page.getByRole("textbox", { name: "Signer au clavier : votre nom complet" }).press("Enter");
    await expect(submit(page)).toBeEnabled();
    await submit(page).press("Enter");
    await expect(toasts(page).getByText("Candidature soumise avec succès!")).toBeVisible();
  });

  test("un client connecté voit le statut de sa candidature au lieu d'un nouveau formulaire", async ({
    page,
    loginAs,
    axe,
  }) => {
    await loginAs("client");
    await open(page);
    // Name and e-mail come from the account.
    await expect(page.getByRole("textbox", { name: "Adresse courriel" })).toHaveValue("client@example.com");
    await page.getByRole("textbox", { name: "Téléphone", exact: true }).fill(APPLICANT.phone);
    await page.getByRole("textbox", { name: "Ville" }).fill("Sherbrooke");
    await page.getByRole("textbox", { name: "Prénom", exact: true }).fill("Claire");
    await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Client");
    await next(page, "Votre profil professionnel");
    await fillProfessional(page, APPLICANT);
    await next(page, "Références et financement");
    await next(page, "Vérification et signature");
    await page.getByRole("checkbox", { name: /vérification de mes antécédents/ }).check();
    await drawSignature(page);
    await submit(page).click();

    await expect(toasts(page).getByText("Candidature soumise avec succès!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Votre candidature" })).toBeVisible();
    await expect(page.getByText("Soumise", { exact: true })).toBeVisible();
    await expect(page.getByText("Sherbrooke")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Votre candidature" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Suivant" })).toHaveCount(0);
    expect(await axe()).toEqual([]);
  });

  test("sur un téléphone, le formulaire et la signature s'adaptent à l'écran @mobile", async ({
    page,
    axe,
  }) => {
    test.skip(test.info().project.name !== "mobile", "a phone's screen: the mobile project runs it");
    await open(page);
    const viewport = page.viewportSize()!;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await reachSubmission(page, `mobile.${RUN}@example.com`);
    const canvas = page.getByRole("img", { name: "Zone de signature" });
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(viewport.width);
    // The drawing surface stays 600x200 whatever its size on screen (3:1).
    expect(Math.abs(box.width / box.height - 3)).toBeLessThan(0.1);
    expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([600, 200]);
    await page.getByRole("checkbox", { name: /vérification de mes antécédents/ }).check();
    await drawSignature(page);
    expect(await axe()).toEqual([]);
    await submit(page).click();
    await expect(toasts(page).getByText("Candidature soumise avec succès!")).toBeVisible();
  });

  test("à 390 px, la photo s'ajoute, se prévisualise, se retire au clavier, et l'admin seul la voit", async ({
    page,
    axe,
    loginAs,
  }) => {
    test.slow(); // a photo encoded on the server, two pages and two accessibility scans
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page);
    const input = photoInput(page);
    await expect(input).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
    await expect(input).toHaveAccessibleDescription(/Prenez-vous en photo.*10 Mo au plus/);

    // Not an image: refused in French at the field, by the form's own schema.
    await input.setInputFiles({
      name: "cv.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7"),
    });
    await fillPersonal(page, PHOTO_APPLICANT);
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(stepHeading(page, "Vos coordonnées")).toBeVisible();
    await expect(input).toHaveAccessibleDescription(/Ce fichier n'est pas une photo JPEG, PNG ou WebP/);

    // A phone's photo (with its GPS position): a preview, and a button to take it back.
    const jpeg = await photoJpegWithGps({ width: 900, height: 1200 });
    await input.setInputFiles({ name: "moi.jpg", mimeType: "image/jpeg", buffer: jpeg });
    const preview = page.getByRole("img", { name: "Aperçu de votre photo" });
    await expect(preview).toBeVisible();
    await expect(input).not.toHaveAccessibleDescription(/Ce fichier/);
    await expect(page.getByRole("status").filter({ hasText: "Photo choisie : moi.jpg" })).toBeAttached();
    const remove = page.getByRole("button", { name: "Retirer la photo" });
    await remove.focus();
    await page.keyboard.press("Enter");
    await expect(preview).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Photo retirée." })).toBeAttached();
    await expect(input).toBeFocused();
    await input.setInputFiles({ name: "moi.jpg", mimeType: "image/jpeg", buffer: jpeg });
    await expect(preview).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe()).toEqual([]);

    await next(page, "Votre profil professionnel");
    await fillProfessional(page, PHOTO_APPLICANT);
    await next(page, "Références et financement");
    await next(page, "Vérification et signature");
    await page.getByRole("checkbox", { name: /vérification de mes antécédents/ }).check();
    await drawSignature(page);
    await submit(page).click();
    await expect(toasts(page).getByText("Candidature soumise avec succès!")).toBeVisible();

    // The admin's review page shows it, from the admin-only address.
    await loginAs("admin");
    await page.goto("/admin/franchisees");
    await page
      .getByRole("link", { name: /Zoé Portrait/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Photo du candidat" })).toBeVisible();
    const photo = page.getByRole("img", { name: "Photo de Zoé Portrait" });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([900, 1200]);
    const src = (await photo.getAttribute("src"))!;
    expect(src).toMatch(/^\/files\/application-photos\/photo_[0-9a-f-]{36}\.webp$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe()).toEqual([]);
    photoApplicationUrl = page.url();

    // Signed out, the same address is no photo.
    await page.context().clearCookies();
    const anonymous = await page.request.get(src, { maxRedirects: 0 });
    expect(anonymous.status()).toBe(302);
  });

  test("captures d'écran de la photo : formulaire et fiche de l'admin, 390 et 1440 px, clair et sombre", async ({
    browser,
    baseURL,
  }) => {
    test.skip(!SHOTS || !photoApplicationUrl, "APPLICATION_PHOTO_SHOTS is not set");
    test.setTimeout(180_000);
    const jpeg = await photoJpegWithGps({ width: 900, height: 1200 });
    for (const scheme of ["light", "dark"] as const) {
      for (const width of [390, 1440]) {
        const context = await browser.newContext({
          baseURL,
          viewport: { width, height: 900 },
          colorScheme: scheme,
          locale: "fr-CA",
          timezoneId: "America/Toronto",
        });
        const page = await context.newPage();
        await open(page);
        await fillPersonal(page, PHOTO_APPLICANT);
        await photoInput(page).setInputFiles({ name: "moi.jpg", mimeType: "image/jpeg", buffer: jpeg });
        await expect(page.getByRole("img", { name: "Aperçu de votre photo" })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/application-photo-${width}-${scheme}.png`, fullPage: true });
        await loginAs(page, "admin");
        await page.goto(photoApplicationUrl);
        await expect(page.getByRole("img", { name: "Photo de Zoé Portrait" })).toBeVisible();
        await page.waitForTimeout(400);
        await page.screenshot({
          path: `${SHOTS}/admin-application-photo-${width}-${scheme}.png`,
          fullPage: true,
        });
        await context.close();
      }
    }
  });
});
