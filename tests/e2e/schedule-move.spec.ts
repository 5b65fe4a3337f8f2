/**
 * A schedule run from the van (issue 33, item 8; ADR 104), at 390 px and 1440 px: the week opens
 * on the day shown with « Voir les trajets du jour » on that day; the day view has one column per
 * member with their free time; « Déplacer » moves an appointment from the keyboard (a refusal says
 * why and leaves it where it was), a drag with the mouse moves one to another member at 1440 px,
 * and the customer gets the 'changed' e-mail. SHOTS_DIR=<dir> also writes screenshots (light, dark).
 */
import type { Locator, Page } from "@playwright/test";
import { farWeekday, startsOn, tryBookThroughApi } from "./bookings";
import { openMail } from "./dev-mail";
import { expect, test, waitForHydration } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR;

/** yyyy-MM-dd in Granby's time zone of an instant. */
function torontoDay(instant: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(instant);
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
}

async function shots(page: Page, name: string, width: number, part?: Locator) {
  if (!SHOTS) return;
  // The app's own theme button (the choice is kept on the page, not the system's).
  const theme = async (choice: "clair" | "sombre") => {
    const toggle = page.getByRole("button", { name: `Activer le thème ${choice}` }).first();
    if (await toggle.isVisible()) await toggle.click();
  };
  for (const choice of ["clair", "sombre"] as const) {
    await theme(choice);
    const path = `${SHOTS}/${name}-${width}-${choice === "clair" ? "light" : "dark"}.png`;
    if (part) await part.screenshot({ path, animations: "disabled" });
    else await page.screenshot({ path, fullPage: true, animations: "disabled" });
  }
  await theme("clair");
}

/** The member column of the day grid holding a booking's block. */
function columnOf(page: Page, bookingId: string): Locator {
  return page
    .getByTestId("schedule-grid")
    .locator("[data-drop-key]")
    .filter({ has: page.locator(`a[data-booking-id="${bookingId}"]`) });
}

for (const width of [1440, 390] as const) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width > 1000 ? 900 : 844 } });

    test(`the franchisee moves appointments from the schedule, by keyboard and by drag, and the customer is told (${width} px)`, async ({
      page,
      request,
      loginAs,
      baseURL,
      axe,
    }) => {
      test.setTimeout(120_000);
      // A Tuesday far ahead, its first open start taken twice: two members. One after the other,
      // the second goes to another member. Other specs (and this one at the other width, beside
      // it) book far Tuesdays too: a start left with one member free answers 409 to the second,
      // and the test goes on to another Tuesday with new customers.
      const customersOf = (stamp: string) =>
        ["A", "B"].map((who) => ({
          name: `Client Van ${who}${width}`,
          email: `van-${who.toLowerCase()}-${width}-${stamp}@example.com`,
        }));
      let day = "";
      let first = "";
      let customers = customersOf("");
      for (let tries = 0; tries < 8 && !first; tries++) {
        day = farWeekday(2);
        const starts = await startsOn(request, day);
        if (starts.length < 4) continue;
        customers = customersOf(`${Date.now()}-${tries}`);
        const booked = [];
        for (const c of customers)
          booked.push(await tryBookThroughApi(request, baseURL!, { start: starts[0]!, ...c }));
        if (booked.every((r) => r.status() === 201)) first = starts[0]!;
        else for (const r of booked) expect([201, 409], await r.text()).toContain(r.status());
      }
      expect(first, "a far Tuesday whose first start two members can take").not.toBe("");
      const [a, b] = customers as [(typeof customers)[number], (typeof customers)[number]];

      await loginAs("franchisee");
      await page.goto(`/franchisee/schedule?view=day&date=${day}`);
      await waitForHydration(page);
      const grid = page.getByTestId("schedule-grid");
      // One column per member of the team, each with its free time.
      for (const member of ["Marc-André Gagnon", "Sophie Bergeron", "Kevin Pelletier"])
        await expect(grid.getByRole("group", { name: member })).toBeVisible();
      await expect(grid.getByTestId("free-time").first()).toBeAttached();
      expect(await axe()).toEqual([]);
      const cardOf = (name: string) => page.getByRole("listitem").filter({ hasText: name });
      const bookingOf = async (name: string) => (await cardOf(name).getAttribute("data-booking-id"))!;
      const idA = await bookingOf(a.name);
      const idB = await bookingOf(b.name);
      // Each card opens the booking page.
      await expect(cardOf(a.name).getByRole("link", { name: /Ouvrir la réservation/ })).toHaveAttribute(
        "href",
        `/franchisee/bookings/${idA}`,
      );
      const memberB = (await columnOf(page, idB).getAttribute("aria-label"))!;
      const memberA = (await columnOf(page, idA).getAttribute("aria-label"))!;
      expect(memberA).not.toBe(memberB);
      if (width < 800) await noSidewaysScroll(page);
      await shots(page, "day", width);

      // The keyboard's move: to B's member at the same time is refused, said why, A stays put.
      await cardOf(a.name)
        .getByRole("button", { name: /^Déplacer : / })
        .focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Déplacer le rendez-vous" });
      await dialog.getByLabel("Membre").selectOption({ label: memberB });
      await dialog.getByLabel("Heure de début").focus();
      await page.keyboard.press("Enter");
      await expect(dialog.getByRole("alert")).toHaveText(/^Déplacement refusé : ce membre n'est pas libre/);
      await expect(columnOf(page, idA)).toHaveAttribute("aria-label", memberA);
      await shots(page, "move-refused", width);
      // At 14 h 00 B's member is free: moved, in their column.
      await dialog.getByLabel("Heure de début").fill("14:00");
      await dialog.getByRole("button", { name: "Déplacer", exact: true }).press("Enter");
      await expect(page.getByText("Rendez-vous déplacé").first()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(columnOf(page, idA)).toHaveAttribute("aria-label", memberB);
      await expect(cardOf(a.name).getByRole("heading")).toContainText("14 h 00");

      if (width > 1000) {
        // A drag with the mouse: B's block to A's first member, the same time.
        const block = grid.locator(`a[data-booking-id="${idB}"]`);
        await block.scrollIntoViewIfNeeded();
        const target = grid.getByRole("group", { name: memberA });
        const from = (await block.boundingBox())!;
        const to = (await target.boundingBox())!;
        await page.mouse.move(from.x + from.width / 2, from.y + 10);
        await page.mouse.down();
        await page.mouse.move(to.x + to.width / 2, from.y + 10, { steps: 12 });
        await expect(grid.getByTestId("drop-preview")).toBeVisible();
        await page.mouse.up();
        await expect(columnOf(page, idB)).toHaveAttribute("aria-label", memberA);
        await shots(page, "after-drag", width);
      }

      if (width < 800) {
        // On a phone, one member at a time: the switcher leaves their column alone.
        await page.getByLabel("Membre affiché").selectOption({ label: memberB });
        await expect(grid.locator("[data-drop-key]")).toHaveCount(1);
        await expect(grid.getByRole("group", { name: memberB })).toBeVisible();
        await shots(page, "one-member", width);
        await page.getByLabel("Membre affiché").selectOption({ label: "Tous les membres" });
      }

      // A cancelled appointment leaves the grid and is folded under its day.
      await cardOf(b.name).getByRole("button", { name: "Annuler le rendez-vous" }).click();
      const cancel = page.getByRole("dialog", { name: "Annuler ce rendez-vous ?" });
      await cancel.getByLabel("Motif de l'annulation").fill("Le client a annulé par téléphone.");
      await cancel.getByRole("button", { name: "Annuler le rendez-vous" }).click();
      await expect(page.getByText("Rendez-vous annulé").first()).toBeVisible();
      await expect(grid.locator(`a[data-booking-id="${idB}"]`)).toHaveCount(0);
      await expect(cardOf(b.name)).toBeHidden();
      // Another spec may have cancelled one that day too: the fold counts them all.
      await page
        .getByText(/^\d+ rendez-vous annulés?$/)
        .first()
        .click();
      await expect(cardOf(b.name)).toBeVisible();
      await shots(page, "cancelled-folded", width);

      // The customer is told, with the new time.
      await openMail(page, a.email, /^Réservation modifiée : /);
      await expect(page.getByRole("article")).toContainText("14 h");
    });

    test(`the week opens on the day shown, its route link on that day (${width} px)`, async ({
      page,
      loginAs,
    }) => {
      await loginAs("franchisee");
      await page.goto("/franchisee/schedule");
      await waitForHydration(page);
      const route = page.getByRole("link", { name: "Voir les trajets du jour" });
      const shown = new URL((await route.getAttribute("href"))!, "http://x").searchParams.get("date")!;
      const today = torontoDay(new Date());
      // Today, or a later day of this week (the first with appointments).
      expect(shown >= today).toBe(true);
      if (width < 800) {
        const days = page.getByRole("navigation", { name: "Jours de la semaine" });
        await expect(days.locator('[aria-current="date"]')).toHaveAttribute(
          "href",
          `/franchisee/schedule?view=week&date=${shown}`,
        );
        await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
        await noSidewaysScroll(page);
      } else {
        await expect(page.getByTestId("schedule-grid").locator('[aria-current="date"]')).toHaveAttribute(
          "href",
          `/franchisee/schedule?view=week&date=${shown}`,
        );
      }
      await shots(page, "week", width);
      await route.click();
      await expect(page).toHaveURL(new RegExp(`/franchisee/route\\?date=${shown}`));
    });

    test(`a member's time off takes their slots away and shows on the schedule (${width} px)`, async ({
      page,
      request,
      loginAs,
      axe,
    }) => {
      test.setTimeout(90_000);
      // A Thursday far ahead, its slots offered by the whole team.
      const day = farWeekday(4);
      await loginAs("franchisee");
      await page.goto("/franchisee/team");
      await waitForHydration(page);
      // A member of its own for each width: both runs may pick the same Thursday at once.
      const member = width > 1000 ? "Kevin Pelletier" : "Sophie Bergeron";
      const card = page.getByRole("listitem", { name: member });
      const panel = card.getByRole("region", { name: `Congés de ${member}` });
      // The end before the start: said at its field, nothing added.
      await panel.getByLabel("Du").fill(day);
      // The day before (never the same day, even when the Thursday is the 1st of its month).
      await panel.getByLabel("Au").fill(new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10));
      await panel.getByLabel("Motif").fill("Formation");
      await panel.getByRole("button", { name: "Ajouter le congé" }).click();
      await expect(
        panel.getByText("La date de fin doit être le même jour ou après la date de début."),
      ).toBeVisible();
      await panel.getByLabel("Au").fill(day);
      await panel.getByRole("button", { name: "Ajouter le congé" }).click();
      await expect(page.getByText("Congé ajouté").first()).toBeVisible();
      await expect(panel.getByRole("listitem")).toContainText("Formation");
      // The creation form is emptied once saved.
      await expect(panel.getByLabel("Motif")).toHaveValue("");
      if (width < 800) await noSidewaysScroll(page);
      expect(await axe()).toEqual([]);
      await shots(page, "team-time-off", width, card);

      // On the schedule of that day: their column says so, with no free time.
      await page.goto(`/franchisee/schedule?view=day&date=${day}`);
      await waitForHydration(page);
      const column = page.getByTestId("schedule-grid").getByRole("group", { name: member });
      await expect(column).toContainText("En congé · Formation");
      await expect(column.getByTestId("free-time")).toHaveCount(0);
      await expect(page.getByText(`${member} · Congé : Formation`)).toBeVisible();
      await shots(page, "day-time-off", width);
      // The slots are still offered by the members who work that day.
      expect((await startsOn(request, day)).length).toBeGreaterThan(0);

      // Removed after a confirmation: gone from the list.
      await page.goto("/franchisee/team");
      await waitForHydration(page);
      await panel.getByRole("button", { name: /^Supprimer le congé / }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
      await expect(page.getByText("Congé supprimé").first()).toBeVisible();
      await expect(panel.getByText("Aucun congé à venir.")).toBeVisible();
    });
  });
}
