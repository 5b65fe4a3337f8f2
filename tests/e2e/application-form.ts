import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Shared steps of the /application form (tests/e2e/application.spec.ts and the journey from
 * application to franchisee): filling each step, drawing a signature with the mouse, submitting.
 */
export interface Applicant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  vehicle: string;
  availability: string;
}

export function applicant(email: string, overrides: Partial<Applicant> = {}): Applicant {
  return {
    firstName: "Léa",
    lastName: "Tremblay",
    email,
    phone: "450 555-0142",
    city: "Granby",
    vehicle: "Ford Transit 2021",
    availability: "Lundi au vendredi, 8 h à 17 h",
    ...overrides,
  };
}

export function toasts(page: Page) {
  return page.getByRole("region", { name: "Notifications" });
}

export function stepHeading(page: Page, name: string) {
  return page.getByRole("heading", { level: 2, name });
}

export async function openApplication(page: Page) {
  await page.goto("/application");
  await expect(stepHeading(page, "Vos coordonnées")).toBeVisible();
  // Next is enabled once the page's script runs (the theme toggle is hidden on this page).
  await expect(page.getByRole("button", { name: "Suivant" })).toBeEnabled();
}

export async function fillPersonal(page: Page, who: Applicant) {
  await page.getByRole("textbox", { name: "Prénom", exact: true }).fill(who.firstName);
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(who.lastName);
  await page.getByRole("textbox", { name: "Adresse courriel" }).fill(who.email);
  await page.getByRole("textbox", { name: "Téléphone", exact: true }).fill(who.phone);
  await page.getByRole("textbox", { name: "Ville" }).fill(who.city);
}

export async function fillProfessional(page: Page, who: Applicant) {
  await page.getByRole("radio", { name: "De 20 à 40 km" }).check();
  await page
    .getByRole("group", { name: /permis de conduire/ })
    .getByRole("radio", { name: "Oui" })
    .check();
  await page.getByRole("textbox", { name: "Votre véhicule" }).fill(who.vehicle);
  await page.getByRole("textbox", { name: "Vos disponibilités" }).fill(who.availability);
}

export async function next(page: Page, heading: string) {
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(stepHeading(page, heading)).toBeVisible();
}

/** Three strokes across the pad with the mouse, as a person signs. */
export async function drawSignature(page: Page) {
  const canvas = page.getByRole("img", { name: "Zone de signature" });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  for (let stroke = 0; stroke < 3; stroke++) {
    const left = box.x + box.width * (0.1 + stroke * 0.28);
    await page.mouse.move(left, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) {
      await page.mouse.move(
        left + i * (box.width * 0.02),
        box.y + box.height * (0.6 - Math.sin(i / 2) * 0.3),
        { steps: 2 },
      );
    }
    await page.mouse.up();
  }
}

/** Fills steps 1 to 3 and opens the signature step. */
export async function reachSubmission(page: Page, who: Applicant) {
  await fillPersonal(page, who);
  await next(page, "Votre profil professionnel");
  await fillProfessional(page, who);
  await next(page, "Références et financement");
  await next(page, "Vérification et signature");
}

export function consent(page: Page) {
  return page.getByRole("checkbox", { name: /vérification de mes antécédents/ });
}

export function submitButton(page: Page) {
  return page.getByRole("button", { name: "Soumettre ma candidature" });
}
