/**
 * Recurring washes (issue 34, ADR 086) at 390 px: a customer makes a booking recurring « toutes
 * les 3 semaines » from its manage page, then skips one date. With RECURRING_SHOTS set, the
 * card's screens are saved at 390 and 1440 px, light and dark.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { bookThroughApi, openSlots } from "./bookings";
import { expect, test } from "./fixtures";

const SHOTS = process.env.RECURRING_SHOTS;

/** A Tuesday about 100 days ahead: its dates stay past what the daily job places (8 weeks). */
function tuesdayAhead(): string {
  const date = new Date(Date.now() + 100 * 86_400_000);
  date.setUTCDate(date.getUTCDate() + ((2 - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}

async function bookTuesday(request: APIRequestContext, baseURL: string, tag: string) {
  const from = tuesdayAhead();
  const [slot] = await openSlots(request, { from, days: 1 });
  expect(slot, `an open Granby slot on ${from}`).toBeDefined();
  const booking = await bookThroughApi(request, baseURL, {
    start: slot!.start,
    name: "Annie Roy",
    email: `annie.roy.${tag}.${Date.now()}@example.com`,
  });
  const url = new URL(booking.manage_url);
  return { ...booking, path: url.pathname + url.search };
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The theme is read from the scheme when the page loads.
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 390, height: 844 });
}

test.describe("recurring washes @mobile", { tag: "@phone-only" }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a customer sets « toutes les 3 semaines » and skips one date", async ({
    page,
    request,
    baseURL,
    axe,
  }) => {
    const booking = await bookTuesday(request, baseURL!, "e2e");
    await page.goto(booking.path);
    const card = page.getByTestId("recurring-card");
    await expect(card.getByRole("heading", { name: "Lavage récurrent" })).toBeVisible();
    await shoot(page, "manage-recurring-start");

    await card.getByRole("radio", { name: "Toutes les 3 semaines" }).check();
    await card.getByRole("button", { name: "Activer la récurrence" }).click();
    await expect(page.getByText("Lavage récurrent activé.")).toBeVisible();
    await expect(card.getByText(/^Toutes les 3 semaines, le mardi à \d{1,2} h \d{2}\.$/)).toBeVisible();
    await expect(card.getByText("Récurrence : Active")).toBeVisible();
    const rows = card.getByTestId("recurring-upcoming").getByRole("listitem");
    await expect(rows.first()).toContainText("Sera réservé");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axe()).toEqual([]);
    await shoot(page, "manage-recurring-series");

    // Later: the customer comes back by the same link and skips the first date.
    await page.goto(booking.path);
    const first = rows.first();
    const label = (await first.locator("p").first().textContent())!.split(" · ")[0]!;
    await first.getByRole("button", { name: `Sauter le lavage du ${label}` }).click();
    await expect(page.getByText(`Le lavage du ${label} est sauté.`)).toBeVisible();
    await expect(rows.first()).toContainText("Sauté");
    await expect(rows.first().getByRole("button", { name: /Sauter/ })).toHaveCount(0);
    await expect(rows.nth(1)).toContainText("Sera réservé");
    await shoot(page, "manage-recurring-skipped");

    // Pause for the winter, then end: said on the card.
    await card.getByRole("button", { name: "Mettre en pause" }).click();
    await expect(card.getByText("Récurrence : En pause")).toBeVisible();
    await shoot(page, "manage-recurring-paused");
    await card.getByRole("button", { name: "Arrêter la récurrence" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Oui, arrêter" }).click();
    await expect(page.getByText("Récurrence arrêtée.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Activer la récurrence" })).toBeVisible();
  });

  test("the confirmation offers it, with a link to the card", async ({ page, request, baseURL }) => {
    const booking = await bookTuesday(request, baseURL!, "offer");
    // The wizard leaves the manage link in the router state (history.state.usr): as it would.
    await page.goto(`/booking-success/${booking.booking_id}`);
    await page.evaluate((manageUrl) => {
      window.history.replaceState({ usr: { manageUrl }, key: "offer", idx: 0 }, "");
    }, booking.manage_url);
    await page.reload();
    const offer = page.getByTestId("recurring-offer");
    await expect(offer).toContainText("Toutes les 2, 3, 4 ou 6 semaines");
    await shoot(page, "success-recurring-offer");
    await offer.getByRole("link", { name: "Rendre ce lavage récurrent" }).click();
    await expect(
      page.getByTestId("recurring-card").getByRole("button", { name: "Activer la récurrence" }),
    ).toBeVisible();
  });

  test("the customer space's booking leads to it", async ({ page, loginAs }) => {
    await loginAs("client");
    await page.goto("/client/bookings/demohist01");
    const link = page.getByRole("link", { name: "Répéter ce lavage" });
    await expect(link).toBeVisible();
    await shoot(page, "client-booking-recurring-link");
    await link.click();
    // The owner's session opens the manage page, card included (nothing started on demo data).
    await expect(
      page.getByTestId("recurring-card").getByRole("button", { name: "Activer la récurrence" }),
    ).toBeVisible();
  });

  test("the form works without JavaScript", async ({ browser, request, baseURL }) => {
    const booking = await bookTuesday(request, baseURL!, "nojs");
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto(booking.path);
    const card = page.getByTestId("recurring-card");
    await card.getByRole("radio", { name: "Toutes les 4 semaines" }).check();
    await card.getByRole("button", { name: "Activer la récurrence" }).click();
    await expect(card.getByText(/^Toutes les 4 semaines, le mardi/)).toBeVisible();
    await context.close();
  });
});
