import { readIcs } from "../setup/ical";
import { writtenDay } from "./bookings";
import { attachmentOfOpenMail, openMail } from "./dev-mail";
import { expect, test, waitForHydration } from "./fixtures";

const TIME = /^\d{1,2} h \d{2}$/;

/** A time as the pages and e-mails write it, on the business clock. */
const timeOf = (iso: string) =>
  new Intl.DateTimeFormat("fr-CA", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "America/Toronto",
  }).format(new Date(iso));
const icsUtc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

test.describe("the one booking path (ADR 044)", () => {
  test("@mobile from the home page to a confirmed 2-car booking with an extra, the postal code typed once", async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, "phone journey");
    test.setTimeout(90_000);
    const email = `flow.${Date.now()}@example.com`;

    // Home -> Réserver -> the address step.
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Réserver maintenant" }).first().click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Où devons-nous nous déplacer ?" }),
    ).toBeVisible();
    await page.getByLabel("Adresse ou code postal").fill("J2G 2T5");
    await page.getByRole("radio", { name: "2 véhicules" }).check();
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();

    // Times, extras, details: the zone follows from the postal code, which arrives pre-filled.
    await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
    await expect(page.getByLabel(/^Code postal/)).toHaveValue("J2G 2T5");
    await expect(page.getByRole("radio", { name: "Granby" })).toHaveCount(0);
    // A slot at least two days ahead (any time of day the test runs).
    // A day then a time (ADR 045): the third open day, so other tests keep the first ones.
    await page
      .getByRole("group", { name: "Choisissez un jour" })
      .getByRole("radio", { disabled: false })
      .nth(2)
      .check();
    const slot = page.getByRole("radio", { name: TIME }).first();
    await slot.check();
    const start = (await slot.getAttribute("value"))!;
    await page.getByRole("checkbox", { name: /Traitement Aquapel/ }).check();
    await page.getByLabel("Nom complet").fill("Émilie Bouchard");
    await page.getByRole("region", { name: "Vos coordonnées" }).getByLabel("Adresse courriel").fill(email);
    await page.getByLabel("Téléphone").fill("450 555 0199");
    await page.getByLabel("Adresse du service").fill("120 rue Principale, Granby");

    // The summary repeats the day, the time, the extra, the taxes and how payment happens:
    // 2 x 149,99 $ + 20,00 $ = 319,98 $; TPS 16,00 $; TVQ 31,92 $; total 367,90 $.
    const summary = page.getByTestId("booking-summary").last();
    await expect(summary).toContainText(writtenDay(start), { ignoreCase: true });
    await expect(summary).toContainText(timeOf(start));
    await expect(summary).toContainText("Traitement Aquapel");
    await expect(summary).toContainText("367,90");
    await expect(summary).toContainText("Rien à payer en ligne");
    await expect(page.getByText("Total 367,90 $")).toBeInViewport();
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();

    // The confirmation shows the booking.
    await expect(page.getByRole("heading", { level: 1, name: "Vous êtes réservé" })).toBeVisible();
    await expect(page.getByText("Réservation confirmée !")).toBeVisible();
    const details = page.getByTestId("booking-details");
    await expect(details).toContainText(writtenDay(start), { ignoreCase: true });
    await expect(details).toContainText(timeOf(start));
    await expect(details).toContainText("J2G 2T5");
    await expect(page.getByTestId("success-total")).toHaveText("367,90 $");
    await expect(page.getByText("Traitement Aquapel").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Fichier .ics (Apple, Outlook)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Google Agenda" })).toHaveAttribute(
      "href",
      new RegExp(`dates=${icsUtc(start)}%2F`),
    );
    await expect(page.getByRole("link", { name: "Gérer ma réservation" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );

    // The e-mail and its .ics carry the same day, time and total.
    await openMail(page, email, /^Réservation confirmée/);
    const mail = page.getByRole("article");
    await expect(mail).toContainText(writtenDay(start), { ignoreCase: true });
    await expect(mail).toContainText(timeOf(start));
    await expect(mail).toContainText("Total : 367,90 $");
    await expect(mail).toContainText("Traitement Aquapel");
    const ics = readIcs(await attachmentOfOpenMail(page, "rendez-vous.ics"));
    expect(ics.start.toISOString()).toBe(new Date(start).toISOString());
    // formatMoney separates the dollar sign with a no-break space.
    expect(ics.description).toMatch(/Total avec taxes : 367,90\s\$/);
  });

  test("an address outside every zone is refused at the field, focused and in view", async ({ page }) => {
    await page.goto(`/booking/${crypto.randomUUID()}`);
    const field = page.getByLabel("Adresse ou code postal");
    await field.fill("H2X 1Y4");
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    const message = page.getByTestId("where-error");
    await expect(message).toContainText("hors de nos zones de service");
    await expect(message).toBeInViewport();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue("H2X 1Y4");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    // Not served is not a dead end: the waiting list, pre-filled with the code typed (ADR 046).
    await expect(page.getByText("Prévenez-moi quand vous desservirez mon secteur")).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Code postal/ })).toHaveValue("H2X 1Y4");
  });

  test("the extras can change after booking: the total and a new confirmation follow", async ({ page }) => {
    test.setTimeout(60_000);
    const email = `flow.change.${Date.now()}@example.com`;
    await page.goto("/booking?where=J2G+2T5&cars=1&step=2");
    // A day then a time (ADR 045): the third open day, so other tests keep the first ones.
    await page
      .getByRole("group", { name: "Choisissez un jour" })
      .getByRole("radio", { disabled: false })
      .nth(2)
      .check();
    await page.getByRole("radio", { name: TIME }).first().check();
    await page.getByLabel("Nom complet").fill("Émilie Bouchard");
    await page.getByRole("region", { name: "Vos coordonnées" }).getByLabel("Adresse courriel").fill(email);
    await page.getByLabel("Téléphone").fill("450 555 0199");
    await page.getByLabel("Adresse du service").fill("120 rue Principale, Granby");
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Vous êtes réservé" })).toBeVisible();
    // 149,99 $ + taxes = 172,45 $; with Aquapel (20,00 $): 195,45 $.
    await expect(page.getByTestId("success-total")).toHaveText("172,45 $");

    await page.getByRole("switch", { name: "Ajouter Traitement Aquapel" }).click();
    await page.getByRole("button", { name: "Confirmer", exact: true }).click();
    await expect(page.getByText("Options mises à jour.")).toBeVisible();
    await expect(page.getByTestId("success-total")).toHaveText("195,45 $");

    await openMail(page, email, /^Réservation modifiée/);
    await expect(page.getByRole("article")).toContainText("Total : 195,45 $");
    const ics = readIcs(await attachmentOfOpenMail(page, "rendez-vous.ics"));
    expect(ics.sequence).toBeGreaterThan(0);
  });
});
