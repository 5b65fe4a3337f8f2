import type { APIRequestContext } from "@playwright/test";
import { bookThroughApi, openSlots } from "./bookings";
import { expect, test } from "./fixtures";

/** Books the first open Granby slot at least two days ahead (2 cars) through the public API. */
async function createBooking(request: APIRequestContext, baseURL: string) {
  const later = Date.now() + 48 * 3_600_000;
  const slot = (await openSlots(request, { cars: 2 })).find((s) => new Date(s.start).getTime() > later);
  expect(slot, "an open Granby slot two days ahead").toBeDefined();
  return bookThroughApi(request, baseURL, {
    cars: 2,
    start: slot!.start,
    name: "Sophie Gagnon",
    email: "sophie.gagnon@example.com",
  });
}

interface AppointmentAnswer {
  priceCents: number;
  upsells: { name: string; priceCents: number }[];
}

test.describe("/booking-success/{bookingId}", () => {
  test("polls until the appointment exists, then shows the booking: when, cars, total, next steps", async ({
    page,
    request,
    baseURL,
    axe,
  }) => {
    const { booking_id: bookingId } = await createBooking(request, baseURL!);

    // The first answers say 404, as when the page opens before the booking is committed.
    let calls = 0;
    await page.route(`**/api/appointments/${bookingId}`, async (route) => {
      calls += 1;
      if (calls <= 3) await route.fulfill({ status: 404, json: { success: false } });
      else await route.continue();
    });

    await page.goto(`/booking-success/${bookingId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Vous êtes réservé" })).toBeVisible();
    await expect(page.getByText("Réservation confirmée !")).toBeVisible();
    await expect(page.getByText(`Réservation n° ${bookingId}`)).toBeVisible();
    // 2 x 149,99 $ before taxes, then TPS and TVQ.
    await expect(page.getByTestId("success-total")).toHaveText("344,90 $");
    expect(calls).toBeGreaterThanOrEqual(4);
    await expect(page.getByTestId("booking-details")).toContainText("2 véhicules · Granby");
    await expect(page.getByText(/Rien à payer en ligne/).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Google Agenda" })).toBeVisible();
    await expect(page.getByText("Un rappel vous est envoyé 24 heures avant le rendez-vous.")).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "bonjour@lavageprestige.ca" })).toHaveAttribute(
      "href",
      "mailto:bonjour@lavageprestige.ca",
    );
    await expect(main.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
    await expect(main.getByRole("link", { name: "Conditions d'utilisation" })).toHaveAttribute(
      "href",
      "/terms",
    );
    // Without the manage link (a page opened from elsewhere), no address and no changes.
    await expect(page.getByRole("switch")).toHaveCount(0);
    expect(await axe()).toEqual([]);

    await main.getByRole("link", { name: "Nouvelle réservation" }).click();
    await expect(page).toHaveURL(
      /\/booking\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  test("with the manage link the wizard passes: the address, the .ics, and the extras offer", async ({
    page,
    request,
    baseURL,
    axe,
  }) => {
    const { booking_id: bookingId, manage_url: manageUrl } = await createBooking(request, baseURL!);
    await page.goto("/terms");
    // The wizard navigates with {cars, citySlug, manageUrl}: the same client-side navigation.
    await page.evaluate(
      ({ path, state }) => {
        window.history.pushState({ usr: state, key: "e2e", idx: 1 }, "", path);
        window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
      },
      { path: `/booking-success/${bookingId}`, state: { cars: 2, citySlug: "granby", manageUrl } },
    );
    await expect(page.getByRole("heading", { level: 1, name: "Vous êtes réservé" })).toBeVisible();
    await expect(page.getByTestId("booking-details")).toContainText("120 rue Principale, Granby J2G 2T5");
    await expect(page.getByRole("link", { name: "Gérer ma réservation" })).toHaveAttribute("href", manageUrl);
    const ics = page.getByRole("link", { name: "Fichier .ics (Apple, Outlook)" });
    const icsAnswer = await request.get((await ics.getAttribute("href"))!);
    expect(icsAnswer.status()).toBe(200);
    expect(await icsAnswer.text()).toContain("BEGIN:VEVENT");

    // The spec's extras, the popular one marked; a change shows the new total, then saves it.
    await expect(page.getByRole("heading", { level: 2, name: "Personnalisez votre service" })).toBeVisible();
    for (const name of ["Traitement Aquapel", "Protecteur à cuir", "Cire liquide"]) {
      await expect(page.getByRole("heading", { level: 3, name })).toBeVisible();
    }
    await expect(page.getByText("Populaire")).toHaveCount(1);
    expect(await axe()).toEqual([]);
    await page.getByRole("switch", { name: "Ajouter Traitement Aquapel" }).click();
    await expect(page.getByTestId("success-new-total")).toHaveText("367,90 $");
    await page.getByRole("button", { name: "Confirmer", exact: true }).click();
    await expect(page.getByText("Options mises à jour.")).toBeVisible();
    await expect(page.getByTestId("success-total")).toHaveText("367,90 $");
    const after = (await (await request.get(`/api/appointments/${bookingId}`)).json()) as AppointmentAnswer;
    expect(after.upsells).toEqual([{ name: "Traitement Aquapel", priceCents: 2000 }]);
  });

  test("an unknown booking ends with 'Rendez-vous non trouvé' after 60 tries", async ({ page }) => {
    let calls = 0;
    await page.route("**/api/appointments/inconnu0000", async (route) => {
      calls += 1;
      await route.fulfill({ status: 404, json: { success: false, error: "Réservation introuvable." } });
    });
    await page.clock.install();
    await page.goto("/booking-success/inconnu0000");
    await expect(page.getByRole("status").filter({ hasText: "Recherche du rendez-vous..." })).toBeAttached();

    // Each try waits 500 ms on the page's clock: run it forward until the page gives up.
    await expect
      .poll(
        async () => {
          await page.clock.runFor(500);
          return page.getByText("Nous ne trouvons pas encore ce rendez-vous", { exact: false }).count();
        },
        { intervals: [20], timeout: 25_000 },
      )
      .toBe(1);
    expect(calls).toBe(60);
  });
});
