import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

/** A unique address per test and project, so desktop and mobile runs never share a mailbox entry. */
function uniqueEmail(prefix: string): string {
  return `${prefix}-${test.info().project.name}-${Date.now()}@example.com`;
}

/** Opens the development mail box until a message to `to` with `subject` shows, then opens it. */
async function openMail(page: Page, to: string, subject: RegExp): Promise<void> {
  await expect(async () => {
    await page.goto("/dev/mail");
    const item = page.getByRole("listitem").filter({ hasText: to }).filter({ hasText: subject });
    await expect(item).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 25_000 });
  await page
    .getByRole("listitem")
    .filter({ hasText: to })
    .filter({ hasText: subject })
    .getByRole("link")
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
}

test.describe("messaging pages", () => {
  test("a forgotten password is reset from the e-mail's link", async ({ page, axe }) => {
    const email = uniqueEmail("oubli");
    const baseURL = test.info().project.use.baseURL!;
    const signUp = await page.request.post("/api/auth/sign-up/email", {
      data: {
        email,
        password: "ancienMotDePasse1",
        name: "Odile Tremblay",
        firstName: "Odile",
        lastName: "Tremblay",
      },
      headers: { origin: baseURL },
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    await page.context().clearCookies();

    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
    await expect(page).toHaveURL("/auth/forgot-password");
    await expect(page.getByRole("heading", { level: 1, name: "Mot de passe oublié" })).toBeVisible();
    await page.getByLabel("Adresse courriel").fill("pas-une-adresse");
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByText(/adresse courriel valide/i)).toBeVisible();
    await page.getByLabel("Adresse courriel").fill(email);
    await page.getByRole("button", { name: "Envoyer le lien" }).click();
    await expect(page.getByRole("status")).toContainText("Vérifiez vos courriels");
    expect(await axe()).toEqual([]);

    await openMail(page, email, /Réinitialisation de votre mot de passe/);
    expect(await axe()).toEqual([]);
    await page
      .getByRole("link", { name: /\/api\/auth\/reset-password\// })
      .first()
      .click();
    await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
    await expect(page.getByRole("heading", { level: 1, name: "Nouveau mot de passe" })).toBeVisible();
    await waitForHydration(page);
    expect(await axe()).toEqual([]);

    await page.getByLabel("Nouveau mot de passe").fill("nouveauMotDePasse2");
    await page.getByLabel("Confirmez le mot de passe").fill("autreMotDePasse3");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page.getByText("Les deux mots de passe ne sont pas identiques.")).toBeVisible();
    await page.getByLabel("Nouveau mot de passe").fill("nouveauMotDePasse2");
    await page.getByLabel("Confirmez le mot de passe").fill("nouveauMotDePasse2");
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
    await expect(page).toHaveURL("/auth");
    await expect(page.getByText("Mot de passe enregistré. Vous pouvez vous connecter.")).toBeVisible();

    const form = page.getByRole("tabpanel", { name: "Connexion" });
    await form.getByLabel("Adresse courriel").fill(email);
    await form.getByLabel("Mot de passe").fill("nouveauMotDePasse2");
    await form.getByRole("button", { name: "Se connecter" }).click();
    // The reset link proved the address (ADR 042): the account opens, on the client space.
    await expect(page).toHaveURL("/client");
    await expect(page.getByText("Connexion réussie !")).toBeVisible();
  });

  test("a used or expired reset link offers a new one @mobile", async ({ page, axe }) => {
    await page.goto("/auth/reset-password?error=INVALID_TOKEN");
    await expect(page.getByRole("alert")).toContainText("Ce lien n'est plus valide");
    await waitForHydration(page);
    expect(await axe()).toEqual([]);
    await page.getByRole("link", { name: "Demander un nouveau lien" }).click();
    await expect(page).toHaveURL("/auth/forgot-password");
    expect(await axe()).toEqual([]);
  });

  test("a booking's e-mail shows in the development mail box, and its link unsubscribes from offers @mobile", async ({
    page,
    axe,
  }) => {
    const email = uniqueEmail("offres");
    const slots = await page.request.get("/api/slots?zone=granby&cars=1&days=30");
    const open = (await slots.json()) as { days: { slots: { start: string }[] }[] };
    const starts = open.days.flatMap((d) => d.slots.map((s) => s.start));
    // Desktop and mobile runs take different slots.
    const start = starts[test.info().project.name === "mobile" ? 5 : 3]!;
    const booked = await page.request.post("/api/bookings", {
      data: {
        zone: "granby",
        cars: 1,
        start,
        name: "Marc Gagnon",
        email,
        phone: "450 555-0177",
        address: "123, rue Principale, Granby J2G 2T5",
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    await page.goto("/dev/mail");
    await expect(
      page.getByRole("heading", { level: 1, name: "Boîte de courriels (développement)" }),
    ).toBeVisible();
    await openMail(page, email, /Réservation confirmée : /);
    await expect(page.getByText("rendez-vous.ics (text/calendar)")).toBeVisible();
    await expect(page.getByRole("link", { name: "Version HTML" })).toBeVisible();
    expect(await axe()).toEqual([]);

    await page.getByRole("link", { name: /\/unsubscribe\?token=/ }).click();
    await expect(page).toHaveURL(/\/unsubscribe\?token=/);
    await expect(page.getByRole("heading", { level: 1, name: "Se désabonner" })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await waitForHydration(page);
    expect(await axe()).toEqual([]);
    await page.getByRole("button", { name: "Me désabonner" }).click();
    await expect(page.getByRole("status")).toContainText("Vous êtes désabonné");
    expect(await axe()).toEqual([]);
  });

  test("a forged unsubscribe link is refused in French", async ({ page, axe }) => {
    const response = await page.goto("/unsubscribe?token=ZW1haWw6eEBleGFtcGxlLmNvbQ.invalide");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Lien de désabonnement invalide");
    expect(await axe()).toEqual([]);
  });

  test("a booking made in the wizard, offers boxes unticked by default, gets its confirmation e-mail", async ({
    page,
  }) => {
    const email = uniqueEmail("assistant");
    await page.goto(`/booking/${crypto.randomUUID()}?zone=granby&cars=1&step=2`);
    await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
    await waitForHydration(page);
    // A full day ahead (today may have a single time left).
    await page
      .getByRole("group", { name: "Choisissez un jour" })
      .getByRole("radio", { disabled: false })
      .nth(1)
      .check();
    await page
      .getByRole("radio", { name: /^\d{1,2} h \d{2}$/ })
      .nth(1)
      .check();
    const smsBox = page.getByRole("checkbox", { name: /recevoir par texto les offres/ });
    const emailBox = page.getByRole("checkbox", { name: /recevoir par courriel les offres/ });
    await expect(smsBox).not.toBeChecked();
    await expect(emailBox).not.toBeChecked();
    await emailBox.check();
    await page.getByLabel("Nom complet").fill("Émilie Bouchard");
    await page.getByRole("region", { name: "Vos coordonnées" }).getByLabel("Adresse courriel").fill(email);
    await page.getByLabel("Téléphone").fill("450 555 0199");
    await page.getByLabel("Adresse du service").fill("120 rue Principale, Granby J2G 2T5");
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    await expect(page).toHaveURL(/\/booking-success\/[0-9a-z]{10}$/);
    const bookingId = page.url().split("/").at(-1)!;

    await openMail(page, email, /Réservation confirmée : /);
    await expect(page.getByText(`Numéro de réservation : ${bookingId}`)).toBeVisible();
    await expect(
      page.getByRole("link", { name: new RegExp(`/booking/manage/${bookingId}\\?token=`) }),
    ).toBeVisible();
  });
});
