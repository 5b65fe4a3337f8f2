import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openMail } from "./dev-mail";

/** Saint-Hyacinthe: about 32 km from Granby's centre, outside every zone (25 km circles). */
const CODE = "J2S 1A1";

/** Granby's radius, set through the admin's coverage page. */
async function setGranbyRadius(page: Page, km: string): Promise<void> {
  await page.goto("/admin/coverage");
  await page.getByRole("article", { name: "Granby" }).getByRole("link", { name: "Modifier Granby" }).click();
  await page.getByLabel("Rayon (km)").fill(km);
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Zone Granby enregistrée.")).toBeVisible();
}

test.describe("waiting list (ADR 046)", () => {
  test("joins from the address check, the admin grows Granby over it, one e-mail arrives", async ({
    page,
    loginAs,
    axe,
  }) => {
    // Three pages and a mail wait: longer than one page's budget.
    test.setTimeout(90_000);
    const email = `attente-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.com`;
    await page.goto("/address-validation");
    await page.getByLabel("Code postal").fill(CODE);
    await page.getByRole("button", { name: "Valider" }).click();
    await expect(page.getByRole("status")).toContainText("hors de nos zones de service");

    const waitlist = page.getByRole("region", { name: "Prévenez-moi quand vous desservirez mon secteur" });
    await expect(waitlist.getByLabel("Code postal")).toHaveValue(CODE);
    const consent = waitlist.getByRole("checkbox");
    await expect(consent).not.toBeChecked();
    await waitlist.getByRole("textbox", { name: "Courriel" }).fill(email);
    await waitlist.getByRole("button", { name: "Me prévenir" }).click();
    await expect(waitlist.getByText("Cochez la case pour que nous puissions vous écrire")).toBeVisible();
    expect(await axe()).toEqual([]);

    await consent.check();
    await waitlist.getByRole("button", { name: "Me prévenir" }).click();
    const done = page.getByRole("heading", { name: "C'est noté !" });
    await expect(done).toBeFocused();
    await expect(
      page.getByText(`Nous vous écrirons dès que nous desservirons le secteur ${CODE}.`),
    ).toBeVisible();

    // Double opt-in (ADR 071): the address confirms its offers box from the e-mail's link first.
    await openMail(page, email, /Confirmez votre abonnement aux offres/);
    await page
      .getByRole("link", { name: /\/confirm-offers\?/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Confirmer", exact: true }).click();
    await expect(page.getByText("Abonnement confirmé")).toBeVisible();

    await loginAs("admin");
    await page.goto("/admin/coverage");
    const byFsa = page.getByRole("table", { name: "Par secteur postal (3 caractères)" });
    await expect(byFsa.getByRole("row", { name: /^J2S/ })).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Par municipalité" }).getByRole("row", { name: /Saint-Hyacinthe/ }),
    ).toBeVisible();

    try {
      await setGranbyRadius(page, "35");
      // openMail waits for the message and checks there is exactly one to this person.
      await openMail(page, email, /Le lavage mobile arrive dans votre secteur : Granby/);
      await expect(page.getByText(CODE).first()).toBeVisible();
    } finally {
      await setGranbyRadius(page, "25");
    }
  });

  test("works without JavaScript: the form posts to /waitlist and answers in French", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "x-forwarded-for": "198.19.250.7" },
    });
    const page = await context.newPage();
    try {
      await page.goto("/address-validation");
      await page.getByLabel("Code postal").fill("G5L 1A1");
      await page.getByRole("button", { name: "Valider" }).click();
      const waitlist = page.getByRole("region", { name: "Prévenez-moi quand vous desservirez mon secteur" });
      await expect(waitlist.getByLabel("Code postal")).toHaveValue("G5L 1A1");
      await waitlist.getByRole("textbox", { name: "Courriel" }).fill(`sans-js-${Date.now()}@exemple.com`);
      await waitlist.getByRole("checkbox").check();
      await waitlist.getByRole("button", { name: "Me prévenir" }).click();
      await expect(page).toHaveURL(/\/waitlist$/);
      await expect(page.getByRole("heading", { name: "C'est noté !" })).toBeVisible();
      await expect(page.getByText("le secteur G5L 1A1")).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
