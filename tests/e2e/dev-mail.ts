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

/**
 * Opens the confirmation e-mail of a new account in the development mail box and follows its
 * link (ADR 042): the account is then confirmed, and this page signed in to it.
 */
export async function confirmEmail(page: Page, to: string): Promise<void> {
  await openMail(page, to, /^Confirmez votre adresse e-mail/);
  await page
    .getByRole("link", { name: /\/api\/auth\/verify-email\?/ })
    .first()
    .click();
}
