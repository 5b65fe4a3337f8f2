/**
 * The back office (issue 15, items 1-3; ADR 052): its own frame, the schedule as a calendar with
 * call, text, e-mail and directions links, and head office's booking desk. Each test runs at
 * 1440 px and at 390 px.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { bookThroughApi, GRANBY_ADDRESS as ADDRESS, startsOn, writtenDay } from "./bookings";
import { openMail } from "./dev-mail";
import { expect, test } from "./fixtures";

const WIDTHS = [1440, 390] as const;

/** yyyy-MM-dd in Granby's time zone, `days` from today. */
function localDay(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(date);
}

/** The seed's own numbers (app/server/seed/seed*.ts): another spec looks one up and expects its one customer. */
const SEEDED = new Set([110, 111, 112, 150, 161, 162, 163, 199]);

/** A phone number of the fictional 555-01xx range, different for each call, none of the seed's. */
function testPhone(): { typed: string; digits: string } {
  let n = 100 + Math.floor(Math.random() * 100);
  while (SEEDED.has(n)) n = 100 + Math.floor(Math.random() * 100);
  const last = String(n).padStart(4, "0");
  return { typed: `450 555-${last}`, digits: `1450555${last}` };
}

async function book(
  request: APIRequestContext,
  baseURL: string,
  start: string,
  customer: { name: string; email: string; phone: string },
) {
  return (await bookThroughApi(request, baseURL, { start, ...customer, upsells: [] })).booking_id;
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
}

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width > 1000 ? 900 : 844 } });

    test(`the franchisee finds tomorrow's appointments in the week grid, each with call, text, e-mail and directions (${width} px)`, async ({
      page,
      request,
      loginAs,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      // Tomorrow, or the next day the Granby team works when tomorrow is closed.
      let day = localDay(1);
      let starts = await startsOn(request, day);
      for (let ahead = 2; starts.length < 2 && ahead < 8; ahead++) {
        day = localDay(ahead);
        starts = await startsOn(request, day);
      }
      expect(starts.length, `two open Granby slots on ${day}`).toBeGreaterThanOrEqual(2);
      const customers = [0, 1].map((i) => {
        const phone = testPhone();
        return {
          name: `Client Grille ${width}-${i}`,
          email: `grille-${width}-${i}-${Date.now()}@example.com`,
          phone: phone.typed,
          digits: phone.digits,
        };
      });
      // Each booking takes the day's last open slot, read again after the one before.
      const ids: string[] = [];
      for (const customer of customers) {
        ids.push(await book(request, baseURL!, (await startsOn(request, day)).at(-1)!, customer));
      }

      await loginAs("franchisee");
      await page.goto(`/franchisee/schedule?view=week&date=${day}`);
      // The back office's own frame: no marketing header or footer, no 'Réserver'.
      await expect(page.getByRole("button", { name: "Réserver", exact: true })).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);

      const column = page.getByTestId("schedule-grid").locator(`[data-column="${day}"]`);
      for (const [i, bookingId] of ids.entries()) {
        const customer = customers[i]!;
        const card = page.locator(`li[data-booking-id="${bookingId}"]`);
        if (width > 1000) {
          const block = column.locator(`a[data-booking-id="${bookingId}"]`);
          await expect(block).toContainText(customer.name);
          await block.click();
          await expect(card).toBeInViewport();
        } else {
          // On a phone the week lists the day asked for, with the day strip instead of the grid (ADR 104).
          await expect(page.getByRole("navigation", { name: "Jours de la semaine" })).toBeVisible();
          await expect(card).toBeVisible();
        }
        await expect(card).toContainText(customer.phone);
        await expect(card.getByRole("link", { name: `Appeler ${customer.name}` })).toHaveAttribute(
          "href",
          `tel:+${customer.digits}`,
        );
        await expect(card.getByRole("link", { name: `Texto à ${customer.name}` })).toHaveAttribute(
          "href",
          `sms:+${customer.digits}`,
        );
        await expect(card.getByRole("link", { name: `Courriel à ${customer.name}` })).toHaveAttribute(
          "href",
          `mailto:${customer.email}`,
        );
        const directions = card.getByRole("link", { name: /^Itinéraire vers / });
        const href = await directions.getAttribute("href");
        expect(new URL(href!).searchParams.get("destination")).toBe(ADDRESS);
        expect(href).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
      }
      await noSidewaysScroll(page);
    });

    test(`the admin finds a booking by phone number, moves it to another day, and the customer's e-mail says so (${width} px)`, async ({
      page,
      request,
      loginAs,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      // A weekday 40 to 90 days ahead, and the next weekday: far from the other specs' bookings.
      let from = 40 + Math.floor(Math.random() * 50);
      let starts = await startsOn(request, localDay(from));
      while (starts.length === 0) starts = await startsOn(request, localDay(++from));
      let to = from + 1;
      let target = await startsOn(request, localDay(to));
      while (target.length === 0) target = await startsOn(request, localDay(++to));
      const phone = testPhone();
      const email = `comptoir-${width}-${Date.now()}@example.com`;
      const bookingId = await book(request, baseURL!, starts[0]!, {
        name: `Client Comptoir ${width}`,
        email,
        phone: `(${phone.typed.slice(0, 3)}) ${phone.typed.slice(4)}`,
      });

      await loginAs("admin");
      await page.goto("/admin/bookings");
      await page.getByLabel("Numéro, nom, téléphone ou courriel").fill(phone.typed);
      await page.getByRole("button", { name: "Rechercher" }).click();
      await page.getByRole("link", { name: new RegExp(bookingId) }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(bookingId);
      await noSidewaysScroll(page);

      // The move opens on the appointment's day; another date lists its hours with no extra tap.
      await expect(page.getByLabel("Nouvelle date")).toHaveValue(localDay(from));
      await page.getByLabel("Nouvelle date").fill(localDay(to));
      await expect(page).toHaveURL(new RegExp(`day=${localDay(to)}`));
      const time = page.getByLabel("Nouvelle heure");
      await expect(time).toBeEnabled();
      // The first free hour, read again if the list is drawn anew between the read and the choice
      // (an hour another test takes meanwhile leaves it).
      let chosen = "";
      await expect(async () => {
        chosen = (await time.locator("option").first().getAttribute("value")) ?? "";
        await time.selectOption(chosen, { timeout: 2_000 });
      }).toPass();
      await page
        .getByRole("region", { name: "Déplacer la réservation" })
        .getByLabel(/^Raison/)
        .fill("Le client a appelé : il sera absent ce jour-là.");
      await page.getByRole("button", { name: "Déplacer et aviser le client" }).click();
      await expect(page.getByText("Réservation déplacée. Le client reçoit un courriel.")).toBeVisible();
      const newDate = writtenDay(chosen);
      await expect(page.getByTestId("desk-when")).toContainText(newDate);
      await expect(page.getByTestId("desk-history")).toContainText("Le client a appelé");
      await expect(page.getByTestId("desk-history")).toContainText("Déplacée");
      await expect(
        page.getByRole("region", { name: "Déplacer la réservation" }).getByLabel(/^Raison/),
      ).toHaveValue("");

      await openMail(page, email, new RegExp(`^Réservation modifiée : ${newDate}`));
      await expect(page.getByRole("article")).toContainText(newDate);
    });
  });
}

test("the back office's frame shows who is signed in, their zone, every section and a way back to the site", async ({
  page,
  loginAs,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs("franchisee");
  await page.goto("/franchisee");
  const nav = page.getByRole("navigation", { name: "Espace partenaire" });
  for (const name of [
    "Tableau de bord",
    "Horaire",
    "Équipe",
    "Réservations",
    "Clients",
    "Réapprovisionnement",
    "Rapports",
    "Territoire",
  ]) {
    await expect(nav.getByRole("link", { name })).toBeVisible();
  }
  await expect(page.getByTestId("shell-place").first()).toContainText("Granby");
  await expect(page.getByRole("link", { name: "Retour au site public" }).first()).toHaveAttribute(
    "href",
    "/",
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Ouvrir le menu de l'espace" }).click();
  const sheet = page.getByRole("dialog");
  await sheet.getByRole("link", { name: "Horaire" }).click();
  await expect(page).toHaveURL(/\/franchisee\/schedule/);
  await expect(sheet).toBeHidden();
});
