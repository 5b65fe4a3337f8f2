import type { Locator, Page } from "@playwright/test";

import { BUSINESS } from "../../app/lib/business";
import { expect, test, waitForHydration } from "./fixtures";

// Every message actually sent counts against the per-address limit (5 in 10 minutes) of the one
// server this run shares: this file sends 4 (dialog, section, before hydration, JSON API).

const MESSAGE = {
  name: "Léa Tremblay",
  email: "lea@example.com",
  phone: "450 555-0199",
  message: "Bonjour, faites-vous les camionnettes à Granby ?",
};
const COPIED_NUMBER = BUSINESS.phoneVanity[0];

/** The theme toggle gets its real name once React has hydrated: a sign that clicks now work. */
function floatingButton(page: Page) {
  return page.getByRole("button", { name: "Contactez-nous", exact: true });
}

async function openDialog(page: Page, path = "/privacy-policy"): Promise<Locator> {
  if (page.url() === "about:blank") {
    await page.goto(path);
    await waitForHydration(page);
  }
  await floatingButton(page).click();
  const dialog = page.getByRole("dialog", { name: "Contactez-nous" });
  await expect(dialog).toBeVisible();
  // The assistant opens first; the form is one tap away (ADR 051).
  await dialog.getByRole("button", { name: "Écrire à l'équipe" }).click();
  return dialog;
}

function fieldsOf(scope: Locator | Page) {
  return {
    name: scope.getByRole("textbox", { name: "Nom", exact: true }),
    email: scope.getByRole("textbox", { name: "Adresse courriel" }),
    phone: scope.getByRole("textbox", { name: "Téléphone (facultatif)" }),
    message: scope.getByRole("textbox", { name: "Message" }),
    submit: scope.getByRole("button", { name: "Envoyer le message" }),
  };
}

async function fill(scope: Locator | Page, values: Partial<typeof MESSAGE>) {
  const fields = fieldsOf(scope);
  for (const key of ["name", "email", "phone", "message"] as const) {
    const value = values[key];
    if (value !== undefined) await fields[key].fill(value);
  }
}

function toasts(page: Page) {
  return page.getByRole("region", { name: "Notifications" });
}

test.describe("fenêtre « Contactez-nous »", () => {
  test("le bouton flottant l'ouvre; un message envoyé ferme la fenêtre et vide le formulaire", async ({
    page,
  }) => {
    await page.goto("/privacy-policy");
    await waitForHydration(page);
    // Round, at the bottom right of the screen, and still there once the page is scrolled.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const box = (await floatingButton(page).boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);
    expect(box.width).toBe(box.height);
    const dialog = await openDialog(page);

    await fill(dialog, MESSAGE);
    await fieldsOf(dialog).submit.click();

    await expect(toasts(page).getByText("Message envoyé")).toBeVisible();
    await expect(toasts(page).getByText("Nous vous répondrons sous peu.")).toBeVisible();
    await expect(dialog).toBeHidden();
    const fields = fieldsOf(await openDialog(page));
    for (const key of ["name", "email", "phone", "message"] as const)
      await expect(fields[key]).toHaveValue("");
  });

  test("@mobile des champs manquants: « Champs requis », erreurs sous les champs, saisie gardée", async ({
    page,
  }) => {
    let posts = 0;
    await page.route("**/api/contact", (route) => {
      posts += 1;
      return route.continue();
    });
    const dialog = await openDialog(page);
    const fields = fieldsOf(dialog);
    await expect(fields.email).toHaveAttribute("type", "email");
    await fill(dialog, { name: "Léa", phone: "450 555-0199", message: "   " });
    await fields.submit.click();

    await expect(toasts(page).getByText("Champs requis")).toBeVisible();
    await expect(toasts(page).getByText("Nom, email et message sont requis.")).toBeVisible();
    await expect(dialog.getByText("L'adresse courriel est requise.")).toBeVisible();
    await expect(dialog.getByText("Le message est requis.")).toBeVisible();
    await expect(fields.email).toHaveAttribute("aria-invalid", "true");
    await expect(fields.email).toBeFocused();
    await expect(fields.name).toHaveValue("Léa");
    await expect(fields.phone).toHaveValue("450 555-0199");

    await fields.email.fill("lea@");
    await fields.email.blur();
    await expect(dialog.getByText("Veuillez entrer une adresse courriel valide.")).toBeVisible();
    await fields.email.fill("lea@example.com");
    await expect(dialog.getByText("Veuillez entrer une adresse courriel valide.")).toBeHidden();
    expect(posts).toBe(0);
  });

  test("un envoi impossible dit « Échec de l'envoi » et garde la saisie", async ({ page }) => {
    const dialog = await openDialog(page);
    const fields = fieldsOf(dialog);
    await fill(dialog, MESSAGE);

    await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
    await fields.submit.click();
    await expect(toasts(page).getByText("Échec de l'envoi")).toBeVisible();
    await expect(toasts(page).getByText("Erreur lors de l'envoi du message")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(fields.message).toHaveValue(MESSAGE.message);

    await page.unroute("**/api/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Erreur</h1>" }),
    );
    await page.getByRole("button", { name: "Fermer la notification" }).first().click();
    await fields.submit.click();
    await expect(toasts(page).getByText("Erreur lors de l'envoi du message")).toBeVisible();
    await expect(fields.name).toHaveValue(MESSAGE.name);
  });

  test("trop de messages: le serveur le dit en français", async ({ page }) => {
    const error =
      "Vous avez envoyé plusieurs messages en peu de temps. Veuillez réessayer dans quelques minutes.";
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 429, json: { success: false, error } }),
    );
    const dialog = await openDialog(page);
    await fill(dialog, MESSAGE);
    await fieldsOf(dialog).submit.click();
    await expect(toasts(page).getByText("Échec de l'envoi")).toBeVisible();
    await expect(toasts(page).getByText(error)).toBeVisible();
    await expect(fieldsOf(dialog).email).toHaveValue(MESSAGE.email);
  });

  test("n'a aucune violation d'accessibilité, erreurs affichées", async ({ page, axe }) => {
    const dialog = await openDialog(page);
    expect(await axe()).toEqual([]);
    await fieldsOf(dialog).submit.click();
    await expect(dialog.getByText("Le nom est requis.")).toBeVisible();
    // Closing the toast leaves the dialog open, with its errors.
    await toasts(page).getByRole("button", { name: "Fermer la notification" }).click();
    await expect(toasts(page).getByRole("listitem")).toHaveCount(0);
    await expect(dialog.getByText("Le nom est requis.")).toBeVisible();
    expect(await axe()).toEqual([]);
  });
});

test.describe("copie du numéro", () => {
  test("« Numéro copié ! » et le numéro est dans le presse-papiers", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const dialog = await openDialog(page);
    await dialog.getByRole("button", { name: `Copier le numéro ${COPIED_NUMBER}` }).click();
    await expect(toasts(page).getByText("Numéro copié !")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(COPIED_NUMBER);
  });

  test("un presse-papiers refusé donne le message d'échec", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException("Refusé", "NotAllowedError")) },
      });
    });
    const dialog = await openDialog(page);
    await dialog.getByRole("button", { name: `Copier le numéro ${COPIED_NUMBER}` }).click();
    await expect(toasts(page).getByText("Impossible de copier le numéro. Veuillez réessayer.")).toBeVisible();
  });
});

test.describe("section Contact de l'accueil", () => {
  test("donne le téléphone, le courriel, les heures, et envoie un message", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/#contact");
    await waitForHydration(page);
    const section = page.locator("section#contact");
    await expect(section.getByRole("heading", { level: 2, name: "Contactez-nous" })).toBeVisible();
    await expect(section.getByRole("link", { name: BUSINESS.phone })).toHaveAttribute(
      "href",
      `tel:${BUSINESS.phoneHref}`,
    );
    await expect(section.getByRole("link", { name: BUSINESS.email })).toHaveAttribute(
      "href",
      `mailto:${BUSINESS.email}`,
    );
    await expect(section.getByRole("heading", { name: "Heures de service" })).toBeVisible();

    await section.getByRole("button", { name: `Copier le numéro ${COPIED_NUMBER}` }).click();
    await expect(toasts(page).getByText("Numéro copié !")).toBeVisible();

    await fill(section, MESSAGE);
    await fieldsOf(section).submit.click();
    await expect(toasts(page).getByText("Message envoyé")).toBeVisible();
    for (const key of ["name", "email", "phone", "message"] as const) {
      await expect(fieldsOf(section)[key]).toHaveValue("");
    }
  });

  test("un message envoyé avant le chargement des scripts revient sur la section avec le toast", async ({
    page,
  }) => {
    await page.route("**/assets/**/*.js", (route) => route.abort());
    await page.goto("/");
    const section = page.locator("section#contact");
    await fill(section, MESSAGE);
    await page.unroute("**/assets/**/*.js");

    await fieldsOf(section).submit.click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(toasts(page).getByText("Message envoyé")).toBeVisible();
  });
});

test.describe("POST /api/contact", () => {
  test("accepte du JSON, et répond 400 avec l'erreur en français de chaque champ", async ({ request }) => {
    const sent = await request.post("/api/contact", { data: MESSAGE });
    expect(sent.status()).toBe(200);
    expect(await sent.json()).toEqual({ success: true });

    const refused = await request.post("/api/contact", { data: { name: " ", email: "lea@", phone: null } });
    expect(refused.status()).toBe(400);
    const body = await refused.json();
    expect(body).toMatchObject({ success: false, error: "Nom, email et message sont requis." });
    expect(body.result.error).toEqual({
      name: ["Le nom est requis."],
      email: ["Veuillez entrer une adresse courriel valide."],
      message: ["Le message est requis."],
    });

    const tooLong = await request.post("/api/contact", {
      data: { ...MESSAGE, message: "a".repeat(5001) },
    });
    expect(tooLong.status()).toBe(400);
    expect((await tooLong.json()).result.error).toEqual({
      message: ["Ce champ ne peut pas dépasser 5000 caractères."],
    });

    expect(
      (
        await request.post("/api/contact", {
          data: "pas du JSON",
          headers: { "content-type": "application/json" },
        })
      ).status(),
    ).toBe(400);
    expect((await request.get("/api/contact")).status()).toBe(405);
  });

  test("fait croire au robot qui remplit le champ caché que tout va bien", async ({ request }) => {
    const answer = await request.post("/api/contact", {
      form: { ...MESSAGE, website: "https://spam.example" },
    });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ success: true });
  });
});
