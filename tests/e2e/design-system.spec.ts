import { expect, test } from "./fixtures";

const TABS = ["Core", "Forms", "Feedback", "Layout", "Navigation", "Overlays", "Actions", "Toasts"];

test("/design-system is not shown to a visitor: the 404 page", async ({ page }) => {
  const response = await page.goto("/design-system");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oups ! Page introuvable" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Core" })).toHaveCount(0);
});

test.describe("/design-system", () => {
  // The showcase is the admin's in production (issue 33, item 15).
  test.beforeEach(async ({ loginAs }) => {
    await loginAs("admin");
  });

  test("shows every tab, each without serious accessibility violations", async ({ page, axe }) => {
    test.setTimeout(120_000);
    await page.goto("/design-system");
    for (const name of TABS) {
      await page.getByRole("tab", { name, exact: true }).click();
      await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
      expect(await axe(), name).toEqual([]);
    }
  });

  test("the search-select filters and says 'Aucune option trouvée'", async ({ page }) => {
    await page.goto("/design-system");
    await page.getByRole("tab", { name: "Forms" }).click();
    await page.getByRole("button", { name: /Indicatif téléphonique/ }).click();
    await page.keyboard.type("zzzz");
    await expect(page.getByText("Aucune option trouvée")).toBeVisible();
  });

  test("the booking calendar moves by day, week and month from the keyboard", async ({ page }) => {
    await page.goto("/design-system");
    await page.getByRole("tab", { name: "Forms" }).click();
    const day = (name: RegExp) => page.getByRole("radio", { name });
    await day(/^lundi 2 mars 2026$/).focus();
    await page.keyboard.press("ArrowDown");
    await expect(day(/^lundi 9 mars 2026$/)).toBeFocused();
    await expect(day(/^lundi 9 mars 2026$/)).toBeChecked();
    await page.keyboard.press("End");
    await expect(day(/^samedi 14 mars 2026$/)).toBeChecked(); // Sunday closed
    await page.keyboard.press("PageDown");
    await expect(day(/^mardi 31 mars 2026$/)).toBeChecked(); // 14 April is past the last day
    await expect(page.getByRole("group", { name: /mardi 31 mars 2026/i })).toBeVisible();
  });

  test("the confirm dialog resolves true on confirm and false on cancel", async ({ page }) => {
    await page.goto("/design-system");
    await page.getByRole("tab", { name: "Overlays" }).click();
    await page.getByRole("button", { name: "Confirmation destructive" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Supprimer ce membre ?");
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Résultat" })).toHaveText("Résultat : Annulé");
    await page.getByRole("button", { name: "Confirmation", exact: true }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirmer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Résultat" })).toHaveText("Résultat : Confirmé");
  });

  test("toasts: default and destructive", async ({ page }) => {
    await page.goto("/design-system");
    await page.getByRole("tab", { name: "Toasts" }).click();
    await page.getByRole("button", { name: "Notification", exact: true }).click();
    await expect(page.getByText("Nous vous répondrons sous peu.")).toBeVisible();
    await page.getByRole("button", { name: "Notification d'erreur" }).click();
    await expect(page.getByText("Erreur lors de l'envoi du message")).toBeVisible();
  });

  test("an uncaught rendering error shows the French fallback and 'Réessayer' clears it", async ({
    page,
  }) => {
    await page.goto("/design-system");
    await page.getByRole("tab", { name: "Feedback" }).click();
    await page.getByRole("button", { name: "Afficher l'écran d'erreur" }).click();
    await expect(page.getByRole("heading", { name: "Oups ! Quelque chose s'est mal passé" })).toBeVisible();
    await expect(page.getByText("Une erreur inattendue s'est produite. Veuillez réessayer.")).toBeVisible();
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("tab", { name: "Core" })).toBeVisible();
  });
});
