import { confirmEmail } from "./dev-mail";
import { expect, test } from "./fixtures";

test.describe("auth and role guards", () => {
  test("the home page is French and server-rendered", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-CA");
    await expect(page.getByText(/149,99\s\$/).first()).toBeVisible();
  });

  test("a visitor signs up, confirms the address from the e-mail, and lands on the client space", async ({
    page,
  }) => {
    const email = `nouveau-${Date.now()}@example.com`;
    await page.goto("/auth");
    await page.getByRole("tab", { name: "Inscription" }).click();
    const form = page.getByRole("tabpanel", { name: "Inscription" });
    // Empty submit: French errors, nothing lost.
    await form.getByLabel("Prénom").fill("Émilie");
    await form.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(form.getByText("Le nom est requis.")).toBeVisible();
    await expect(form.getByLabel("Prénom")).toHaveValue("Émilie");

    await form.getByRole("textbox", { name: "Nom", exact: true }).fill("Gagnon");
    await form.getByLabel("Adresse courriel").fill(email);
    await form.getByLabel("Mot de passe").fill("unMotDePasse1");
    await form.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Vérifiez votre email" })).toContainText(email);
    // Not signed in before the address is confirmed.
    await page.goto("/client");
    await expect(page).toHaveURL("/auth?redirectTo=%2Fclient");
    await expect(page.getByText("Connectez-vous pour accéder à cette page.")).toBeVisible();

    await confirmEmail(page, email);
    await expect(page).toHaveURL("/client");
    await expect(page.getByText("Adresse courriel confirmée. Bienvenue !")).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL("/");
  });

  test("wrong password shows a French error and keeps the e-mail", async ({ page }) => {
    await page.goto("/auth");
    const form = page.getByRole("tabpanel", { name: "Connexion" });
    await form.getByLabel("Adresse courriel").fill("client@example.com");
    await form.getByLabel("Mot de passe").fill("pas-le-bon");
    await form.getByRole("button", { name: "Se connecter" }).click();
    await expect(form.getByRole("alert")).toContainText("Courriel ou mot de passe incorrect.");
    await expect(form.getByLabel("Adresse courriel")).toHaveValue("client@example.com");
  });

  for (const [label, role, home, allowed, denied] of [
    ["Admin", "admin", "/admin", "/admin/services", "/client"],
    ["Partenaire", "franchisee", "/franchisee", "/franchisee/restock", "/admin"],
    ["Client", "client", "/client", "/client", "/franchisee"],
  ] as const) {
    test(`test login as ${role} lands on ${home}; guards let it into ${allowed} only`, async ({ page }) => {
      await page.goto("/auth");
      await page.getByRole("button", { name: `Connexion ${label}` }).click();
      await expect(page).toHaveURL(home);
      await expect(page.getByText("Connexion réussie !")).toBeVisible();
      await page.goto(allowed);
      await expect(page).toHaveURL(allowed);
      await page.goto(denied);
      await expect(page).toHaveURL("/");
      // Signed in: /auth sends on to the person's space.
      await page.goto("/auth");
      await expect(page).toHaveURL(home);
    });
  }
});
