import type { Page } from "@playwright/test";
import { confirmEmail } from "./dev-mail";
import {
  appPage,
  DEMO,
  DEMO_PASSWORD,
  expect,
  loginAs as signInAs,
  test,
  waitForHydration,
} from "./fixtures";

const TIME = /^\d{1,2} h \d{2}$/;

/** Signs up a new client through /auth 'Inscription' and confirms the address (lands on /client signed in). */
async function signUp(page: Page, email: string, password = "unMotDePasse1") {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Inscription" }).click();
  const form = page.getByRole("tabpanel", { name: "Inscription" });
  await form.getByLabel("Prénom").fill("Émilie");
  await form.getByRole("textbox", { name: "Nom", exact: true }).fill("Gagnon");
  await form.getByLabel("Adresse courriel").fill(email);
  await form.getByLabel("Mot de passe").fill(password);
  await form.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Vérifiez votre email" })).toBeVisible();
  await confirmEmail(page, email);
  await expect(page).toHaveURL("/client");
}

/** The number shown on the loyalty card ('1 234 points' -> 1234). */
async function pointsShown(page: Page): Promise<number> {
  const text = (await page.getByTestId("loyalty-points").textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
}

test.describe("customer space /client", () => {
  test("a new client sees 100 points, Bronze and the welcome achievement, books a wash that the franchisee cannot complete before its start", async ({
    page,
    browser,
    baseURL,
    axe,
  }) => {
    test.setTimeout(90_000);
    const email = `espace-${Date.now()}@example.com`;
    await signUp(page, email);
    await page.goto("/client");
    await expect(page.getByRole("heading", { level: 1, name: "Mon espace client" })).toBeVisible();
    await expect(page.getByTestId("loyalty-points")).toHaveText("100 points");
    await expect(page.getByTestId("loyalty-level")).toHaveText("Bronze");
    await expect(page.getByText("Prochain objectif : 500 points")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "20");
    const achievements = page.getByRole("region", { name: "Mes succès" });
    await expect(achievements.getByText("Bienvenue !")).toBeVisible();
    await expect(page.getByText("Aucun rendez-vous pour le moment")).toBeVisible();
    await expect(page.getByTestId("history-count")).toHaveText("0 réservation");
    await expect(page.getByRole("region", { name: "Historique des points" })).toContainText(
      "Bonus de bienvenue",
    );
    // 100 points buy none of the rewards.
    for (const button of await page.getByRole("button", { name: /^Échanger/ }).all()) {
      await expect(button).toBeDisabled();
    }
    expect(await axe()).toEqual([]);

    // 'Réserver maintenant' opens the wizard at a fresh /booking/{id}.
    await waitForHydration(page);
    await page.getByRole("link", { name: "Réserver maintenant" }).first().click();
    await expect(page).toHaveURL(/\/booking\/[0-9a-f-]{36}$/);
    // The address first (ADR 044): the zone follows from it.
    await page.getByLabel("Adresse ou code postal").fill("J2G 2T5");
    await page.getByRole("radio", { name: "1 véhicule" }).check();
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
    await page.getByRole("radio", { name: TIME }).first().check();
    // Signed in: the name and e-mail come from the account.
    await expect(
      page.getByRole("region", { name: "Vos coordonnées" }).getByLabel("Adresse courriel"),
    ).toHaveValue(email);
    await page.getByLabel("Téléphone").fill("450 555 0199");
    await page.getByLabel("Adresse du service").fill("120 rue Principale, Granby J2G 2T5");
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    await expect(page).toHaveURL(/\/booking-success\/[0-9a-z]{10}$/);
    const bookingId = page.url().split("/").pop()!;

    await page.goto("/client");
    const booking = page.getByRole("article", { name: `Réservation n° ${bookingId}` });
    await expect(booking).toContainText("Programmé");
    await expect(booking).toContainText("Lavage Signature · 1 véhicule · Granby");
    await expect(booking).toContainText("149,99 $ avant taxes");
    await expect(booking).toContainText("172,45 $ taxes incluses");
    await expect(page.getByTestId("history-count")).toHaveText("1 réservation");
    await booking.getByRole("link", { name: `Gérer la réservation ${bookingId}` }).click();
    await expect(page).toHaveURL(`/booking/manage/${bookingId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Gérer ma réservation" })).toBeVisible();
    await expect(page.getByText("Statut : Programmé")).toBeVisible();
    await expect(page.getByText("120 rue Principale, Granby")).toBeVisible();
    expect(await axe()).toEqual([]);

    // The Granby franchisee marks the wash completed from the schedule (another browser session).
    const appointment = (await (await page.request.get(`/api/appointments/${bookingId}`)).json()) as {
      start: string;
    };
    const franchiseeContext = await browser.newContext({ baseURL });
    const franchisee = appPage(await franchiseeContext.newPage());
    const signIn = await franchisee.request.post("/api/auth/sign-in/email", {
      data: { email: DEMO.franchisee, password: DEMO_PASSWORD },
      headers: { origin: baseURL! },
    });
    expect(signIn.ok()).toBe(true);
    await franchisee.goto(`/franchisee/schedule?view=day&date=${appointment.start.slice(0, 10)}`);
    await waitForHydration(franchisee);
    const row = franchisee.getByRole("listitem").filter({ hasText: "Émilie Gagnon" });
    await expect(row).toHaveCount(1);
    // Not before its start (issue 21): the card offers no "Marquer terminé" yet. The points of a
    // completed wash and the reward exchange are covered by complete-appointment.db.test.ts,
    // exchange-reward.db.test.ts and tests/http/client-space.test.ts.
    await expect(row.getByRole("button", { name: "Marquer terminé" })).toHaveCount(0);
    await franchiseeContext.close();

    // Still 100 points: none of the rewards is within reach before the wash is done.
    await page.goto("/client");
    await expect(page.getByTestId("loyalty-points")).toHaveText("100 points");
    await expect(page.getByRole("article", { name: `Réservation n° ${bookingId}` })).toContainText(
      "Programmé",
    );
    await expect(page.getByRole("button", { name: "Échanger « Traitement Aquapel offert »" })).toBeDisabled();
  });

  test("a signed-in client manages a booking from /client without the token; another client or a visitor cannot", async ({
    page,
    browser,
    baseURL,
    loginAs,
    axe,
  }) => {
    test.setTimeout(90_000);
    await loginAs("client");
    // A Granby slot two days ahead or more (the 24 h rule allows changes), booked signed in.
    const answer = (await (await page.request.get("/api/slots?zone=granby&cars=1")).json()) as {
      days: { slots: { start: string }[] }[];
    };
    const later = answer.days
      .flatMap((d) => d.slots)
      .filter((slot) => new Date(slot.start).getTime() > Date.now() + 2 * 24 * 3_600_000);
    const slot = later[Math.floor(Math.random() * Math.min(later.length, 20))];
    expect(slot, "an open Granby slot").toBeDefined();
    const booked = await page.request.post("/api/bookings", {
      data: {
        zone: "granby",
        cars: 1,
        start: slot!.start,
        name: "Catherine Client",
        email: DEMO.client,
        phone: "450 555 0199",
        address: "45, rue Dufferin, Granby J2G 4W9",
      },
      headers: { origin: baseURL! },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { booking_id: bookingId } = (await booked.json()) as { booking_id: string };
    const managePath = `/booking/manage/${bookingId}`;

    // Another client and a signed-out visitor: the invalid-link page, and no change.
    const otherContext = await browser.newContext({ baseURL });
    const other = appPage(await otherContext.newPage());
    await signUp(other, `autre-${Date.now()}@example.com`);
    const refused = await other.goto(managePath);
    expect(refused?.status()).toBe(404);
    await expect(
      other.getByRole("heading", { level: 1, name: "Lien de gestion invalide ou expiré." }),
    ).toBeVisible();
    await expect(other.getByText("45, rue Dufferin")).toHaveCount(0);
    for (const intent of ["cancel", "reschedule"]) {
      const crafted = await other.request.post(managePath, {
        form: { intent, token: "", start: slot!.start },
        headers: { origin: baseURL! },
      });
      expect(crafted.status(), intent).toBe(404);
    }
    await otherContext.close();
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = appPage(await visitorContext.newPage());
    expect((await visitor.goto(managePath))?.status()).toBe(404);
    const anonymous = await visitor.request.post(managePath, {
      form: { intent: "cancel" },
      headers: { origin: baseURL! },
    });
    expect(anonymous.status()).toBe(400);
    await visitorContext.close();

    // The owner: /client -> 'Gérer' -> the manage page, then cancels there.
    await page.goto("/client");
    await waitForHydration(page);
    const booking = page.getByRole("article", { name: `Réservation n° ${bookingId}` });
    await expect(booking).toContainText("Programmé");
    await booking.getByRole("link", { name: `Gérer la réservation ${bookingId}` }).click();
    await expect(page).toHaveURL(managePath);
    await expect(page.getByRole("heading", { level: 1, name: "Gérer ma réservation" })).toBeVisible();
    await expect(page.getByText("45, rue Dufferin")).toBeVisible();
    expect(await axe()).toEqual([]);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Annuler le rendez-vous" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Annuler ce rendez-vous ?" });
    await dialog.getByRole("button", { name: "Oui, annuler" }).click();
    await expect(page.getByText("Votre rendez-vous est annulé.")).toBeVisible();
    await expect(page.getByText("Statut : Annulé")).toBeVisible();

    await page.goto("/client");
    await expect(page.getByRole("article", { name: `Réservation n° ${bookingId}` })).toContainText("Annulé");
  });

  test("spending points asks first, without JavaScript too: 'Annuler' spends nothing", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAs(page, "client");
    await page.goto("/client");
    const before = await pointsShown(page);
    await page.getByRole("button", { name: "Échanger « Traitement Aquapel offert »" }).click();
    await expect(page).toHaveURL(/[?&]exchange=/);
    const confirmation = page.getByRole("group", { name: "Échanger « Traitement Aquapel offert »?" });
    await expect(confirmation).toContainText(`Votre solde après l'échange : ${before - 200} points.`);
    await confirmation.getByRole("link", { name: "Annuler" }).click();
    await expect(page.getByRole("group", { name: /^Échanger/ })).toHaveCount(0);
    expect(await pointsShown(page)).toBe(before);
    await context.close();
  });

  test("the demo client exchanges the reward it can afford; a dearer one stays disabled", async ({
    page,
    loginAs,
    axe,
  }) => {
    await loginAs("client");
    await page.goto("/client");
    // Two completed washes in the seeded history: 100 + 2 x 50.
    const before = await pointsShown(page);
    expect(before).toBeGreaterThanOrEqual(200);
    expect(before).toBeLessThan(350);
    const past = page.getByRole("article", { name: "Réservation n° demohist02" });
    await expect(past).toContainText("Terminé");
    await expect(page.getByRole("region", { name: "Historique des points" })).toContainText("Lavage terminé");

    const affordable = page.getByRole("button", { name: "Échanger « Traitement Aquapel offert »" });
    const dearer = page.getByRole("button", { name: "Échanger « Protecteur à cuir offert »" });
    await expect(affordable).toBeEnabled();
    await expect(dearer).toBeDisabled();
    await expect(page.getByText(`Il vous manque ${350 - before} points.`)).toBeVisible();
    expect(await axe()).toEqual([]);

    await waitForHydration(page);
    const rewardsBefore = Number(
      ((await page.getByTestId("rewards-count").textContent()) ?? "").replace(/\D/g, ""),
    );
    // Nothing is spent at the first tap: the cost and the balance after are asked about first.
    await affordable.click();
    const confirmation = page.getByRole("group", { name: "Échanger « Traitement Aquapel offert »?" });
    await expect(confirmation).toContainText(
      `Cette récompense coûte 200 points. Votre solde après l'échange : ${before - 200} points.`,
    );
    await expect(page.getByTestId("loyalty-points")).toHaveText(`${before} points`);
    await confirmation.getByRole("button", { name: "Confirmer l'échange" }).click();
    await expect(
      page.getByText('Récompense "Traitement Aquapel offert" échangée avec succès!'),
    ).toBeVisible();
    await expect(page.getByTestId("loyalty-points")).toHaveText(new RegExp(`^${before - 200} points?$`));
    await expect(page.getByTestId("rewards-count")).toContainText(String(rewardsBefore + 1));
    await expect(
      page.getByRole("region", { name: "Boutique de récompenses" }).getByText("Échangée le"),
    ).toHaveCount(rewardsBefore + 1);
    await expect(dearer).toBeDisabled();
    await expect(page.getByRole("region", { name: "Historique des points" })).toContainText(
      "Récompense échangée",
    );
  });

  test("account actions: edit, consent, password, data download, deletion", async ({ page, axe }) => {
    test.slow(); // sign-up, five account actions and an accessibility scan: past a minute on a loaded machine
    const email = `compte-${Date.now()}@example.com`;
    await signUp(page, email);
    await page.goto("/client");
    await waitForHydration(page);
    const account = page.getByRole("region", { name: "Mon compte" });

    // « Moyens de paiement » is its own page (ADR 079); the browser tests' server talks to the
    // Stripe stand-in (playwright.config.ts), and a new account has no card yet.
    await account.getByRole("link", { name: "Gérer les moyens de paiement" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Moyens de paiement" })).toBeVisible();
    await expect(page.getByText("Leurs numéros sont conservés par Stripe")).toBeVisible();
    await expect(page.getByText("Aucune carte enregistrée.")).toBeVisible();
    await page.getByRole("link", { name: "Retour à mon espace" }).click();
    await waitForHydration(page);

    await account.getByRole("button", { name: "Modifier mes informations" }).click();
    const edit = page.getByRole("dialog", { name: "Modifier mes informations" });
    await edit.getByLabel("Téléphone").fill("123");
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(
      edit.getByText("Veuillez entrer un numéro de téléphone nord-américain valide"),
    ).toBeVisible();
    await edit.getByLabel("Téléphone").fill("450 555 0123");
    await edit.getByRole("textbox", { name: "Nom", exact: true }).fill("Tremblay");
    expect(await axe()).toEqual([]);
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Vos informations sont enregistrées.")).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(account).toContainText("Émilie Tremblay");

    await account.getByLabel("Recevoir les offres par courriel").check();
    await account.getByRole("button", { name: "Enregistrer mes choix" }).click();
    await expect(page.getByText("Vos choix de communication sont enregistrés.")).toBeVisible();
    await expect(account.getByText(/^Consentement donné le/)).toBeVisible();

    await account.getByRole("button", { name: "Changer le mot de passe" }).click();
    const password = page.getByRole("dialog", { name: "Changer le mot de passe" });
    await password.getByLabel("Mot de passe actuel").fill("pas-le-bon-1");
    await password.getByLabel(/^Nouveau mot de passe/).fill("nouveauMotDePasse2");
    await password.getByLabel("Confirmer le nouveau mot de passe").fill("nouveauMotDePasse2");
    await password.getByRole("button", { name: "Enregistrer" }).click();
    await expect(password.getByText("Le mot de passe actuel est incorrect.")).toBeVisible();
    await password.getByLabel("Mot de passe actuel").fill("unMotDePasse1");
    await password.getByLabel(/^Nouveau mot de passe/).fill("nouveauMotDePasse2");
    await password.getByLabel("Confirmer le nouveau mot de passe").fill("nouveauMotDePasse2");
    await password.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Votre mot de passe est changé.")).toBeVisible();

    const downloading = page.waitForEvent("download");
    await account.getByRole("link", { name: "Télécharger mes données" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^mes-donnees-lavage-prestige-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(
      await (await import("node:fs/promises")).readFile((await download.path())!, "utf8"),
    );
    expect(exported.profile).toMatchObject({ email, lastName: "Tremblay" });
    expect(exported.consentEvents[0]).toMatchObject({
      channel: "email",
      action: "given",
      source: "account_settings",
    });

    await account.getByRole("button", { name: "Supprimer mon compte" }).click();
    const remove = page.getByRole("dialog", { name: "Supprimer définitivement votre compte ?" });
    await remove.getByLabel("Mot de passe").fill("nouveauMotDePasse2");
    await remove.getByRole("button", { name: "Supprimer définitivement" }).click();
    await expect(remove.getByText("Tapez SUPPRIMER pour confirmer la suppression.")).toBeVisible();
    await remove.getByLabel("Tapez SUPPRIMER pour confirmer").fill("SUPPRIMER");
    await remove.getByRole("button", { name: "Supprimer définitivement" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Votre compte est supprimé.")).toBeVisible();
    await page.goto("/client");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fclient");
  });

  test("@mobile the space fits a phone screen and stays accessible", async ({ page, loginAs, axe }) => {
    test.skip(test.info().project.name !== "mobile", "a phone's screen: the mobile project runs it");
    await loginAs("client");
    await page.goto("/client");
    await expect(page.getByRole("heading", { level: 1, name: "Mon espace client" })).toBeVisible();
    await expect(page.getByTestId("loyalty-level")).toBeVisible();
    await expect(page.getByRole("region", { name: "Boutique de récompenses" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await axe()).toEqual([]);
    await page.goto("/client/history");
    await expect(
      page.getByRole("heading", { level: 1, name: "Historique complet des réservations" }),
    ).toBeVisible();
    await expect(page.getByRole("article", { name: "Réservation n° demohist01" })).toContainText("Terminé");
    expect(await axe()).toEqual([]);
  });
});
