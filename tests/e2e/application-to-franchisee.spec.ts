import type { Browser, Page } from "@playwright/test";
import {
  applicant,
  consent,
  drawSignature,
  openApplication,
  reachSubmission,
  stepHeading,
  submitButton,
  toasts,
} from "./application-form";
import { confirmApplicationEmail, openMail } from "./dev-mail";
import { appPage, DEMO, DEMO_PASSWORD, expect, test, waitForHydration } from "./fixtures";

/**
 * The franchise journey of issue 8, end to end on the production server: an anonymous visitor
 * applies with a drawn signature, the same address is refused, the admin (in a browser of their
 * own) reads the application with its signature and audit trail and approves it without a zone
 * (the other specs expect exactly the seeded zones), and the applicant, invited by e-mail,
 * chooses a password, signs in and reaches the franchisee area.
 */

const RUN = Date.now().toString(36);
const PASSWORD = "MonEspacePartenaire9";

/** A second browser context signed in as the admin through the auth API. */
async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "fr-CA", timezoneId: "America/Toronto" });
  const page = appPage(await context.newPage());
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: DEMO.admin, password: DEMO_PASSWORD },
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return page;
}

test("de la candidature signée au premier accès à l'espace partenaire", async ({
  page,
  clientAddress,
  browser,
  baseURL,
  axe,
}) => {
  test.slow();
  const who = applicant(`parcours.${RUN}@example.com`, {
    firstName: "Noémie",
    lastName: `Gagnon${RUN}`,
    city: "Magog",
    vehicle: "Camionnette Ram ProMaster 2022",
  });
  const name = `${who.firstName} ${who.lastName}`;

  // 1. The anonymous visitor applies with a signature drawn with the mouse.
  await openApplication(page);
  await reachSubmission(page, who);
  await consent(page).check();
  await expect(submitButton(page)).toBeDisabled();
  await drawSignature(page);
  await expect(submitButton(page)).toBeEnabled();
  await submitButton(page).click();
  await expect(toasts(page).getByText("Candidature soumise avec succès!")).toBeVisible();
  // The page shows the receipt and status of what was sent (issue 15).
  await expect(page.getByRole("heading", { name: "Votre candidature" })).toBeVisible();

  // The applicant confirms the address from the acknowledgement (approval needs it, ADR 043; an
  // unconfirmed application blocks nothing, ADR 066).
  await confirmApplicationEmail(page, who.email);

  // 2. The same address again, from another browser: EMAIL_ALREADY_EXISTS, and the form stays
  // open with the answers.
  await page.context().clearCookies();
  await openApplication(page);
  await reachSubmission(page, who);
  await consent(page).check();
  await drawSignature(page);
  await submitButton(page).click();
  await expect(
    toasts(page).getByText("Une candidature avec cette adresse courriel existe déjà.").first(),
  ).toBeVisible();
  await expect(stepHeading(page, "Vos coordonnées")).toBeVisible();
  const emailField = page.getByRole("textbox", { name: "Adresse courriel" });
  await expect(emailField).toHaveValue(who.email);
  await expect(emailField).toHaveAccessibleDescription(
    "Une candidature avec cette adresse courriel existe déjà.",
  );
  await expect(page.getByRole("textbox", { name: "Ville" })).toHaveValue(who.city);

  // 3. The admin, in their own browser, reads the application, its signature and audit trail.
  const admin = await adminPage(browser, baseURL!);
  try {
    await admin.goto("/admin/franchisees");
    await waitForHydration(admin);
    const card = admin.getByTestId("pipeline-submitted").getByRole("article", { name });
    await expect(card).toHaveCount(1);
    // The card opens the application's own page (ADR 056).
    await card.getByRole("link", { name: `Voir la candidature : ${name}` }).click();
    const answers = admin.getByRole("region", { name: "Réponses" });
    await expect(answers).toContainText(who.vehicle);
    await expect(answers).toContainText(who.email);
    const signature = admin.getByRole("img", { name: `Signature de ${name}` });
    await expect(signature).toHaveAttribute("src", /^\/files\/signatures\/signature_[\w-]+\.png$/);
    await signature.scrollIntoViewIfNeeded();
    // The stored PNG is really served to the admin and decodes as an image.
    await expect
      .poll(() => signature.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    const audit = admin.getByTestId("signature-audit");
    await expect(audit).toContainText(clientAddress);
    await expect(audit).toContainText("Mozilla/5.0");
    await expect(audit.locator("code")).toHaveCount(2);
    for (const hash of await audit.locator("code").allTextContents()) {
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
    }

    // 4. Approved without a zone: a new Partner account, and an invitation e-mail.
    const approve = admin.getByRole("form", { name: `Approuver la candidature : ${name}` });
    // No zone ticked (the seeded zone seeking a franchisee stays as it is).
    for (const zone of await approve.getByRole("checkbox").all()) await expect(zone).not.toBeChecked();
    await approve.getByRole("button", { name: "Approuver" }).click();
    await admin.getByRole("alertdialog").getByRole("button", { name: "Approuver" }).click();
    await expect(
      admin.getByText(
        `Candidature approuvée : un compte Partenaire a été créé pour ${who.email} et un lien pour choisir son mot de passe lui est envoyé.`,
      ),
    ).toBeVisible();
    await admin.getByRole("link", { name: "Retour aux candidatures" }).click();
    await expect(admin.getByTestId("pipeline-approved").getByRole("article", { name })).toBeVisible();
    const franchisees = admin.getByRole("region", { name: "Franchisés du réseau" });
    await expect(franchisees.getByRole("row", { name: new RegExp(name) })).toContainText("Aucune zone");
  } finally {
    await admin.context().close();
  }

  // 5. The applicant got the acknowledgement, then the invitation; its link sets the password.
  await openMail(page, who.email, /Nous avons bien reçu votre candidature/);
  await expect(page.getByText(`Merci pour votre candidature de franchisé à ${who.city}.`)).toBeVisible();

  await openMail(page, who.email, /Bienvenue chez .+ : créez votre mot de passe/);
  await page
    .getByRole("link", { name: /\/api\/auth\/reset-password\// })
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth\/reset-password\?.*token=/);
  await expect(page.getByRole("heading", { level: 1, name: "Créer mon mot de passe" })).toBeVisible();
  await waitForHydration(page);
  expect(await axe()).toEqual([]);
  await page.getByLabel("Nouveau mot de passe").fill(PASSWORD);
  await page.getByLabel("Confirmez le mot de passe").fill(PASSWORD);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page).toHaveURL("/auth");
  await expect(page.getByText("Mot de passe enregistré. Vous pouvez vous connecter.")).toBeVisible();

  // 6. The new partner signs in and reaches the franchisee area (and not the admin one).
  const form = page.getByRole("tabpanel", { name: "Connexion" });
  await form.getByLabel("Adresse courriel").fill(who.email);
  await form.getByLabel("Mot de passe").fill(PASSWORD);
  await form.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Connexion réussie !")).toBeVisible();
  await page.goto("/franchisee");
  await expect(page).toHaveURL(/\/franchisee$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tableau de bord Partenaire" })).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
});
