import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { expect } from "./fixtures";

/**
 * Opens the development mail box (/dev/mail, DEMO_ACCOUNTS=1) until a message to `to` with
 * `subject` shows, then opens that message. The e-mails leave through the durable job queue, so
 * the list is reloaded until the message is there.
 */
export async function openMail(page: Page, to: string, subject: RegExp, count = 1): Promise<void> {
  const item = () => page.getByRole("listitem").filter({ hasText: to }).filter({ hasText: subject });
  await expect(async () => {
    await page.goto("/dev/mail");
    await expect(item()).toHaveCount(count, { timeout: 1_000 });
  }).toPass({ timeout: 25_000 });
  // The newest first: with `count` messages, the last one sent.
  await item().first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
}

/**
 * The attachment `filename` of the mail open in `page` (/dev/mail/{id}), read from the .eml the
 * server wrote in its data folder (E2E_DATA_DIR, playwright.config.ts) and parsed as a mail client
 * would.
 */
export async function attachmentOfOpenMail(page: Page, filename: string): Promise<string> {
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const parsed = await simpleParser(await fs.readFile(path.join(dir, "mail", `${id}.eml`)));
  const attachment = parsed.attachments.find((a) => a.filename === filename);
  if (!attachment) throw new Error(`no attachment ${filename} in mail ${id}`);
  return attachment.content.toString("utf8");
}

/**
 * Opens the confirmation e-mail of a new account in the development mail box and follows its
 * link (ADR 042): the account is then confirmed, and this page signed in to it.
 */
export async function confirmEmail(page: Page, to: string): Promise<void> {
  await openMail(page, to, /^Confirmez votre adresse courriel/);
  await page
    .getByRole("link", { name: /\/api\/auth\/verify-email\?/ })
    .first()
    .click();
}

/** Opens the franchise application's acknowledgement and confirms the address by its link (ADR 043). */
export async function confirmApplicationEmail(page: Page, to: string, count = 1): Promise<void> {
  await openMail(page, to, /Nous avons bien reçu votre candidature/, count);
  await page
    .getByRole("link", { name: /\/application\/confirm\?/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/application\/confirm\?/);
  await page.getByRole("button", { name: "Confirmer mon adresse" }).click();
  await expect(page.getByText("Adresse confirmée")).toBeVisible();
}
