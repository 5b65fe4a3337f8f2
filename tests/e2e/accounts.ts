import type { Page } from "@playwright/test";
import { confirmEmail } from "./dev-mail";
import { expect, waitForHydration } from "./fixtures";

/**
 * A new client account made on /auth (Camille Lavoie unless `name` says otherwise), its e-mail
 * confirmed: the browser is signed in on /client.
 */
export async function signUpClient(
  page: Page,
  email: string,
  name: { first: string; last: string } = { first: "Camille", last: "Lavoie" },
): Promise<void> {
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Inscription" }).click();
  const form = page.getByRole("tabpanel", { name: "Inscription" });
  await form.getByLabel("Prénom").fill(name.first);
  await form.getByRole("textbox", { name: "Nom", exact: true }).fill(name.last);
  await form.getByLabel("Adresse courriel").fill(email);
  await form.getByLabel("Mot de passe").fill("unMotDePasse1");
  await form.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Vérifiez votre email" })).toBeVisible();
  await confirmEmail(page, email);
  await expect(page).toHaveURL("/client");
}
