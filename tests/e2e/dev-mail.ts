import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Opens the development mail box (/dev/mail, DEMO_ACCOUNTS=1) until a message to `to` with
 * `subject` shows, then opens that message. The e-mails leave through the durable job queue, so
 * the list is reloaded until the message is there.
 */
export async function openMail(page: Page, to: string, subject: RegExp): Promise<void> {
  const item = () => page.getByRole("listitem").filter({ hasText: to }).filter({ hasText: subject });
  await expect(async () => {
    await page.goto("/dev/mail");
    await expect(item()).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 25_000 });
  await item().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
}

/** Opens the franchise application's acknowledgement and confirms the address by its link (ADR 043). */
export async function confirmApplicationEmail(page: Page, to: string): Promise<void> {
  await openMail(page, to, /Nous avons bien reçu votre candidature/);
  await page
    .getByRole("link", { name: /\/application\/confirm\?/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/application\/confirm\?/);
  await page.getByRole("button", { name: "Confirmer mon adresse" }).click();
  await expect(page.getByText("Adresse confirmée")).toBeVisible();
}
