import type { APIRequestContext, Page } from "@playwright/test";
import { bookThroughApi, farWeekday, startsOn } from "./bookings";
import { removeMember } from "./crew-member";
import { expect, test, waitForHydration } from "./fixtures";

const book = (request: APIRequestContext, baseURL: string, start: string, email: string) =>
  bookThroughApi(request, baseURL, { start, name: "Client Test", email });

async function cancelByLink(
  request: APIRequestContext,
  baseURL: string,
  booking: { booking_id: string; manage_url: string },
) {
  const token = new URL(booking.manage_url).searchParams.get("token");
  const response = await request.post(`/api/bookings/${booking.booking_id}/cancel`, {
    data: { token },
    headers: { origin: baseURL },
  });
  expect([200, 409], await response.text()).toContain(response.status());
}

async function confirmDialog(page: Page, button: string) {
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: button }).click();
  await expect(dialog).toBeHidden();
}

test.describe("franchisee tools", () => {
  test("a new member's Saturday opens a slot only she makes possible; she is booked, cannot complete it early, and is deleted", async ({
    page,
    request,
    loginAs,
    axe,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // The seeded team works weekdays only, and no other spec gives anyone Saturday hours: a far
    // Saturday is hers alone, whatever members other specs add to the team beside this one.
    const saturday = farWeekday(6);
    expect(await startsOn(request, saturday), `nobody works on ${saturday}`).toEqual([]);

    await loginAs("franchisee");
    await page.goto("/franchisee/team");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Équipe" })).toBeVisible();
    // Only Granby's team: no member of the Sherbrooke franchisee.
    await expect(page.getByRole("heading", { name: "Marc-André Gagnon", exact: true })).toBeVisible();
    await expect(page.getByText("Camille Côté")).toHaveCount(0);
    expect(await axe()).toEqual([]);

    // Required fields.
    await page.getByRole("button", { name: "Ajouter un membre" }).click();
    await expect(page.getByText("Veuillez remplir tous les champs obligatoires.").first()).toBeVisible();

    const suffix = Math.random().toString(36).slice(2, 6);
    const name = `Léa Nouvelle${suffix}`;
    const add = page.getByRole("region", { name: "Nouveau membre" });
    await add.getByLabel("Prénom").fill("Léa");
    await add.getByLabel(/^Nom/).fill(`Nouvelle${suffix}`);
    await add.getByLabel("Adresse courriel").fill(`lea.${suffix}@example.com`);
    await add.getByRole("button", { name: "Ajouter un membre" }).click();
    await expect(page.getByText("Membre ajouté")).toBeVisible();

    const card = page.getByRole("listitem", { name });
    await expect(card).toBeVisible();
    const memberId = await card.locator('input[name="memberId"]').first().inputValue();
    let hers: Awaited<ReturnType<typeof book>> | undefined;
    let deleted = false;
    try {
      // She starts with the team's usual hours (issue 33, item 13): Tuesday 9 h to 17 h among them.
      await expect(card.getByText("Mardi 9 h à 17 h")).toBeVisible();
      // End before start: a clear error, nothing added.
      await card.getByLabel("Jour").selectOption("6");
      await card.getByLabel("Début").fill("15:00");
      await card.getByLabel("Fin").fill("14:00");
      await card.getByRole("button", { name: "Ajouter la disponibilité" }).click();
      await expect(card.getByText("L'heure de fin doit être après l'heure de début.")).toBeVisible();
      await card.getByLabel("Début").fill("10:00");
      await card.getByRole("button", { name: "Ajouter la disponibilité" }).click();
      await expect(page.getByText("Disponibilité ajoutée")).toBeVisible();
      await expect(card.getByText("Samedi 10 h à 14 h")).toBeVisible();

      // The booking engine offers that Saturday at once, from 10:00: she alone makes it possible.
      const ten = (await startsOn(request, saturday)).find((s) => s.includes("T10:00:00"));
      expect(ten, `a 10:00 slot on ${saturday}`).toBeDefined();
      hers = await book(request, baseURL!, ten!, "pour.lea@example.com");
      expect(hers.booking_id).toMatch(/^[0-9a-z]{10}$/);
      expect(await startsOn(request, saturday)).not.toContain(ten);

      // The schedule of that day: her appointment, which cannot be marked completed before it starts.
      await page.goto(`/franchisee/schedule?view=day&date=${saturday}`);
      await waitForHydration(page);
      const appointments = page.getByRole("listitem").filter({ hasText: "Client Test" });
      await expect(appointments).toHaveCount(1);
      const herAppointment = appointments.filter({ hasText: name });
      await expect(herAppointment).toHaveCount(1);
      expect(await axe()).toEqual([]);
      // Completing credits points at once: not offered before the start (ADR 043).
      await expect(herAppointment.getByRole("button", { name: "Marquer terminé" })).toHaveCount(0);

      // The franchisee cancels it with a reason; its own link then answers 409.
      await herAppointment.getByRole("button", { name: "Annuler le rendez-vous" }).click();
      const dialog = page.getByRole("dialog", { name: "Annuler ce rendez-vous ?" });
      await dialog.getByLabel("Motif de l'annulation").fill("Bris d'équipement");
      await dialog.getByRole("button", { name: "Annuler le rendez-vous" }).click();
      await expect(page.getByText("Rendez-vous annulé", { exact: true })).toBeVisible();
      // Folded under its day, out of the way (ADR 104).
      await page.getByText("1 rendez-vous annulé").click();
      await expect(page.getByText("Motif d'annulation : Bris d'équipement")).toBeVisible();
      await cancelByLink(request, baseURL!, hers);
      // She is free at 10:00 again.
      expect(await startsOn(request, saturday)).toContain(ten);

      // She has nothing left to do: she can be deleted after the confirmation.
      await page.goto("/franchisee/team");
      await waitForHydration(page);
      await page
        .getByRole("listitem", { name })
        .getByRole("button", { name: `Supprimer ${name}` })
        .click();
      await confirmDialog(page, "Supprimer");
      await expect(page.getByText("Membre supprimé")).toBeVisible();
      await expect(page.getByRole("listitem", { name })).toHaveCount(0);
      deleted = true;
      // Nobody works that Saturday any more.
      expect(await startsOn(request, saturday)).toEqual([]);
    } finally {
      // A failed try leaves no Saturday hours behind for its retry.
      if (!deleted) {
        if (hers) await cancelByLink(request, baseURL!, hers).catch(() => undefined);
        await removeMember(page, baseURL!, memberId).catch(() => undefined);
      }
    }
  });

  test("the team form says nothing before its first submit, then each field's error until it is corrected @mobile", async ({
    page,
    loginAs,
  }) => {
    await loginAs("franchisee");
    await page.goto("/franchisee/team");
    await waitForHydration(page);
    const add = page.getByRole("region", { name: "Nouveau membre" });
    const required = add.getByText("Veuillez remplir tous les champs obligatoires.");
    const toasts = page.locator("[data-toast-region] li");

    // Tabbing through the fields, and a half-typed e-mail, say nothing yet.
    await add.getByLabel("Prénom").focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    await add.getByLabel("Adresse courriel").fill("lea@");
    await add.getByLabel("Prénom").focus();
    await expect(required).toHaveCount(0);
    await expect(add.getByText("Veuillez entrer une adresse courriel valide.")).toHaveCount(0);
    await expect(add.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(toasts).toHaveCount(0);

    // Sent: each field says what is wrong, at the field, and no toast appears.
    await add.getByRole("button", { name: "Ajouter un membre" }).click();
    await expect(required).toHaveCount(2);
    await expect(add.getByText("Veuillez entrer une adresse courriel valide.")).toBeVisible();
    await expect(add.getByLabel("Prénom")).toHaveAttribute("aria-invalid", "true");
    await expect(toasts).toHaveCount(0);

    // Then each error goes as soon as its field is right.
    await add.getByLabel("Prénom").fill("Léa");
    await expect(add.getByLabel("Prénom")).not.toHaveAttribute("aria-invalid", "true");
    await expect(required).toHaveCount(1);
    await add.getByLabel("Adresse courriel").fill("lea@example.com");
    await expect(add.getByText("Veuillez entrer une adresse courriel valide.")).toHaveCount(0);
  });

  test("orders two products from the restock catalogue and sees the order", async ({
    page,
    loginAs,
    axe,
  }) => {
    await loginAs("franchisee");
    await page.goto("/franchisee/restock");
    await waitForHydration(page);
    await expect(
      page.getByRole("heading", { level: 1, name: "Catalogue de réapprovisionnement" }),
    ).toBeVisible();
    const cartButton = page.getByRole("button", { name: /^Panier/ });
    await expect(cartButton).toBeDisabled();
    expect(await axe()).toEqual([]);

    const search = page.getByRole("searchbox", { name: "Rechercher un produit" });
    await search.fill("introuvable-xyz");
    await expect(page.getByText("Aucun produit trouvé")).toBeVisible();
    await search.fill("");

    await page.getByRole("tab", { name: "Protection" }).click();
    const addButtons = page.getByRole("tabpanel").getByRole("button", { name: /^Ajouter au panier : / });
    await addButtons.nth(0).click();
    await addButtons.nth(1).click();
    await addButtons.nth(1).click();
    await expect(cartButton).toHaveText("Panier (3)");
    await cartButton.click();

    const dialog = page.getByRole("dialog", { name: "Votre commande" });
    await expect(dialog.getByRole("spinbutton")).toHaveCount(2);
    // A quantity of 0 removes the line.
    await dialog.getByRole("spinbutton").nth(1).fill("0");
    await expect(dialog.getByRole("spinbutton")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await page.getByRole("tab", { name: "Accessoires" }).click();
    await page
      .getByRole("tabpanel")
      .getByRole("button", { name: /^Ajouter au panier : / })
      .first()
      .click();
    await cartButton.click();
    await expect(dialog.getByRole("spinbutton")).toHaveCount(2);
    await dialog.getByRole("spinbutton").first().fill("4");
    await dialog.getByLabel(/Notes/).fill("  Livrer le matin  ");
    expect(await axe()).toEqual([]);
    await dialog.getByRole("button", { name: "Soumettre la commande" }).click();
    await expect(page.getByText("Commande soumise avec succès")).toBeVisible();
    await expect(
      page.getByText(
        "Votre demande de réapprovisionnement a été envoyée. Le montant sera déduit de votre prochaine paie.",
      ),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cartButton).toBeDisabled();

    const orders = page.getByRole("table", { name: "Mes commandes" });
    const row = orders.getByRole("row").filter({ hasText: "Livrer le matin" }).first();
    await expect(row).toContainText(/RO-\d{13}/);
    await expect(row).toContainText("En attente");
    await expect(row).toContainText("4 ×");
  });

  test("clients, reports with CSV and territory map", async ({ page, loginAs, axe }) => {
    await loginAs("franchisee");
    await page.goto("/franchisee/clients");
    await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Rechercher un client" }).fill("personne-inconnue");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page.getByText("Aucun client ne correspond à « personne-inconnue ».")).toBeVisible();
    expect(await axe()).toEqual([]);

    await page.goto("/franchisee/reports?group=month");
    await expect(page.getByRole("img", { name: /Revenus par mois/ })).toBeVisible();
    await expect(page.getByRole("table", { name: "Revenus et rendez-vous par période" })).toBeVisible();
    expect(await axe()).toEqual([]);
    const csv = await page.request.get("/franchisee/reports.csv?group=month");
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const text = await csv.text();
    // The shared spreadsheet format (app/lib/csv.ts): ';' between fields, amounts with a comma.
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="rapport-mois-/);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("\uFEFFPériode;Début;Rendez-vous;Revenus avant taxes ($)");
    expect(lines[1]).toMatch(/^[^;]+;\d{4}-\d{2}-01;\d+;\d+,\d{2}$/);
    expect(lines).toContain("Extra;Quantité;Revenus ($)");

    await page.goto("/franchisee/territory");
    await expect(page.getByRole("heading", { level: 2, name: "Granby" })).toBeVisible();
    await expect(page.getByText("25 km", { exact: true })).toBeVisible();
    // The shared zone map: Leaflet takes over from the SVG drawing, one circle and centre per zone.
    const map = page.getByTestId("zone-map");
    await expect(map).toHaveAttribute("data-interactive", "true");
    await expect(map).toHaveAccessibleName("Carte de votre territoire");
    await expect(map.locator("path.leaflet-interactive")).toHaveCount(2);
    await expect(page.getByText("Sherbrooke")).toHaveCount(0);
    expect(await axe()).toEqual([]);
  });

  test("the dashboard opens on today's appointments, the figures after them; the team has its page @mobile", async ({
    page,
    loginAs,
  }) => {
    await loginAs("franchisee");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/franchisee");
    await waitForHydration(page);
    const today = page.getByRole("heading", { level: 2, name: "Aujourd'hui" });
    await expect(today).toBeVisible();
    const figures = page.getByRole("region", { name: "Chiffres" });
    const [todayBox, figuresBox] = [await today.boundingBox(), await figures.boundingBox()];
    expect(todayBox!.y).toBeLessThan(figuresBox!.y);
    // Each of today's appointments opens its booking; an empty day says so.
    const day = page.getByRole("list", { name: "Aujourd'hui" });
    if ((await day.count()) > 0) {
      await expect(day.getByRole("link").first()).toHaveAttribute("href", /^\/franchisee\/bookings\//);
    } else {
      await expect(page.getByText("Aucun rendez-vous aujourd'hui.")).toBeVisible();
    }
    // The team from the menu.
    await page.getByRole("button", { name: /menu/i }).first().click();
    await page.getByRole("link", { name: "Équipe" }).click();
    await expect(page).toHaveURL(/\/franchisee\/team$/);
    await expect(page.getByRole("heading", { level: 1, name: "Équipe" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Nouveau membre" })).toBeVisible();
  });

  test("the pages fit a phone @mobile", async ({ page, loginAs, axe }) => {
    test.skip(test.info().project.name !== "mobile", "a phone's screen: the mobile project runs it");
    // Five pages, each with an accessibility scan: over 60 s on a busy 2-core CI machine.
    test.setTimeout(120_000);
    await loginAs("franchisee");
    for (const path of [
      "/franchisee",
      "/franchisee/team",
      "/franchisee/schedule",
      "/franchisee/restock",
      "/franchisee/territory",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(1);
      expect(await axe(), path).toEqual([]);
    }
  });
});
