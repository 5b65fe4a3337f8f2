import { test, expect } from "./fixtures";

const WITH_ZONE =
  /\/booking\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\?zone=granby&cars=2$/;

test.describe("postal code validator", () => {
  test("accepts a Granby code in green and refuses a Montréal code in red", async ({ page, axe }) => {
    await page.goto("/address-validation");
    await expect(page.getByRole("heading", { level: 1, name: "Validation du code postal" })).toBeVisible();
    const input = page.getByLabel("Code postal");
    const status = page.getByRole("status").filter({ hasText: /./ });

    await input.fill("J2G 1A1");
    await page.getByRole("button", { name: "Valider" }).click();
    await expect(status).toContainText("Nous desservons Granby");
    await expect(status.locator("p")).toHaveClass(/text-success/);

    await input.fill("H2X 1Y4");
    await page.getByRole("button", { name: "Valider" }).click();
    await expect(status).toContainText("hors de nos zones de service");
    await expect(status).toContainText("Nous desservons actuellement");
    await expect(status.locator("p")).toHaveClass(/text-destructive/);
    expect(await axe()).toEqual([]);
  });

  test("asks for a code without calling the server when the field is empty", async ({ page }) => {
    let calls = 0;
    await page.route("**/api/validate-postal-code", (route) => {
      calls += 1;
      return route.continue();
    });
    await page.goto("/address-validation");
    await page.getByRole("button", { name: "Valider" }).click();
    await expect(page.getByText("Veuillez entrer un code postal.")).toBeVisible();
    expect(calls).toBe(0);
  });

  test("reads 'Validation...' while waiting, and reports a network failure", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/validate-postal-code", async (route) => {
      await held;
      await route.abort("failed");
    });
    await page.goto("/address-validation");
    await page.getByLabel("Code postal").fill("J2G 1A1");
    await page.getByRole("button", { name: "Valider" }).click();
    await expect(page.getByRole("button", { name: "Validation..." })).toBeDisabled();
    release();
    await expect(page.getByText("Erreur lors de la validation du code postal.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Valider" })).toBeEnabled();
  });
});

test.describe("postal code validator without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("posts the form to the page, which answers with the same validation", async ({ page }) => {
    await page.goto("/address-validation");
    await page.getByLabel("Code postal").fill("J2G 1A1");
    await page.getByRole("button", { name: "Valider" }).click();
    await expect(page.getByText("Code postal valide : J2G 1A1.")).toBeVisible();
  });
});

test.describe("the booking path's address step (ADR 044)", () => {
  test("checks the address at /booking, refuses at the field, then leads on to the times", async ({
    page,
    axe,
  }) => {
    await page.goto("/booking");
    const address = page.getByLabel("Adresse ou code postal");
    await address.fill("H2X 1Y4");
    await address.press("Enter");
    await expect(page.getByTestId("where-error")).toContainText("hors de nos zones de service");
    await expect(address).toBeFocused();
    await expect(address).toHaveValue("H2X 1Y4");
    expect(await axe()).toEqual([]);

    await address.fill("J2G 1A1");
    await page.getByRole("radio", { name: "3 véhicules" }).check();
    await address.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
    await expect(page.getByText("3 véhicules · Granby")).toBeVisible();
    await expect(page.getByLabel(/^Code postal/)).toHaveValue("J2G 1A1");
  });
});

test.describe("zone pages", () => {
  test("an active zone shows its price and books into the wizard", async ({ page, axe }) => {
    await page.goto("/franchise/granby");
    await expect(page.getByRole("heading", { level: 1, name: "Lavage mobile à Granby" })).toBeVisible();
    await expect(page.getByText("Rayon de service de 25 km")).toBeVisible();
    await expect(page.getByText(/149,99\s\$ par véhicule/)).toBeVisible();
    expect(await axe()).toEqual([]);

    await page.getByRole("radio", { name: "2 véhicules" }).check();
    await page.getByRole("main").getByRole("button", { name: "Réserver", exact: true }).click();
    // Into the one path: the address step, with the zone and the cars chosen here.
    await expect(page).toHaveURL(WITH_ZONE);
    await expect(
      page.getByRole("heading", { level: 1, name: "Où devons-nous nous déplacer ?" }),
    ).toBeVisible();
    await expect(page.getByRole("radio", { name: "2 véhicules" })).toBeChecked();
    const state = await page.evaluate(() => (window.history.state as { usr?: unknown }).usr);
    expect(state).toEqual({ cars: 2, city: "Granby", citySlug: "granby", fromCitySelection: true });
  });

  test("a zone seeking its franchisee shows its label and the partner link", async ({ page, axe }) => {
    await page.goto("/franchise/trois-rivieres");
    await expect(
      page.getByRole("heading", { level: 1, name: "Lavage mobile à Trois-Rivières" }),
    ).toBeVisible();
    await expect(page.getByText("Bientôt disponible")).toBeVisible();
    await expect(page.getByRole("link", { name: "Devenir partenaire" }).first()).toHaveAttribute(
      "href",
      "/application",
    );
    await expect(page.getByRole("main").getByRole("button", { name: "Réserver", exact: true })).toHaveCount(
      0,
    );
    expect(await axe()).toEqual([]);
  });

  test("an unknown zone goes back to the home page", async ({ page }) => {
    await page.goto("/franchise/inconnue");
    await expect(page).toHaveURL(/\/$/);
  });
});
