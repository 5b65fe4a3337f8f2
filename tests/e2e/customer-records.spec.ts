/**
 * Customer records (issue 33, item 11; ADR 096) at 390 px and 1440 px: the franchisee opens one of
 * the demo crew member's customers of today from the clients list (a card on a phone, a table
 * row on a desktop), adds a private note, and the crew member reads it on that stop.
 * SHOTS_DIR=<dir> also writes screenshots at 360, 390 and 1440 px in both themes.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { appPage, expect, loginAs, test, waitForHydration } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR;

async function contextAt(browser: Browser, baseURL: string, width: number) {
  return browser.newContext({
    baseURL,
    viewport: { width, height: width < 800 ? 844 : 1000 },
    locale: "fr-CA",
    timezoneId: "America/Toronto",
    ...(width < 800 ? { isMobile: true, hasTouch: true } : {}),
  });
}

/** Screenshots of the page as it is, at each width and in both themes (the site's theme button). */
async function shots(page: Page, name: string, widths: number[]) {
  if (!SHOTS) return;
  const before = page.viewportSize()!;
  const theme = async (choice: "clair" | "sombre") => {
    const toggle = page.getByRole("button", { name: `Activer le thème ${choice}` }).first();
    if (await toggle.isVisible()) await toggle.click();
  };
  for (const width of widths)
    for (const choice of ["clair", "sombre"] as const) {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 1000 });
      await theme(choice);
      await page.screenshot({
        path: `${SHOTS}/${name}-${width}-${choice === "clair" ? "light" : "dark"}.png`,
        fullPage: true,
        // The theme's colour transition ends before the picture.
        animations: "disabled",
      });
    }
  await theme("clair");
  await page.setViewportSize(before);
}

for (const width of [390, 1440]) {
  test(`a note on a customer's record reaches the crew's stop (${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.skip(test.info().project.name !== "desktop", "widths set by the test itself");
    test.setTimeout(120_000);

    // The crew member's first stop of today (the demo day): its customer and its page.
    const phone = await contextAt(browser, baseURL!, 390);
    const crew = appPage(await phone.newPage());
    const signedIn = await crew.request.post("/api/auth/sign-in/email", {
      data: { email: "crew@example.com", password: "Demo12345!" },
      headers: { origin: baseURL! },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    await crew.goto("/crew");
    const stopLink = crew.getByRole("link", { name: /^Liste de vérification et photos : / }).first();
    const customer = (await stopLink.getAttribute("aria-label"))!.replace(
      "Liste de vérification et photos : ",
      "",
    );
    const stopPath = (await stopLink.getAttribute("href"))!;
    expect(stopPath).toMatch(/^\/crew\/stops\//);

    // The franchisee finds the customer in the clients list and opens the record.
    const office = await contextAt(browser, baseURL!, width);
    const page = appPage(await office.newPage());
    await loginAs(page, "franchisee");
    await page.goto("/franchisee/clients");
    await waitForHydration(page);
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(await sideways()).toBe(false);
    if (width === 390) await shots(page, "clients", [360, 390]);
    else await shots(page, "clients", [1440]);
    await page.getByRole("searchbox", { name: "Rechercher un client" }).fill(customer);
    await page.getByRole("button", { name: "Rechercher" }).click();
    if (width < 800) {
      // A phone reads cards; the card opens the record, its link named by the name alone.
      const cards = page.getByTestId("client-cards");
      await expect(cards).toBeVisible();
      await cards.getByRole("link", { name: customer, exact: true }).first().click();
    } else {
      await page.getByRole("table").getByRole("link", { name: customer }).first().click();
    }
    await expect(page).toHaveURL(/\/franchisee\/clients\/[0-9a-f]{32}$/);
    await expect(page.getByRole("heading", { level: 1, name: customer })).toBeVisible();
    // Contact in one tap.
    await expect(page.locator('a[data-contact="tel"]')).toHaveAttribute("href", /^tel:\+1\d{10}$/);
    await expect(page.locator('a[data-contact="sms"]')).toHaveAttribute("href", /^sms:\+1\d{10}$/);
    await expect(page.locator('a[data-contact="mailto"]')).toHaveAttribute("href", /^mailto:.+@.+/);
    await expect(page.getByRole("heading", { name: "Réservations" })).toBeVisible();
    await expect(page.getByText("Total payé (reçus)")).toBeVisible();
    await waitForHydration(page);

    // A private note, with its author and date.
    const note = `Portail bleu, sonner deux fois (${width}-${Math.random().toString(36).slice(2, 7)})`;
    await page.getByRole("textbox", { name: "Nouvelle note" }).fill(note);
    await page.getByRole("button", { name: "Ajouter la note" }).click();
    const notes = page.getByTestId("customer-notes");
    await expect(notes).toContainText(note);
    await expect(notes.getByRole("listitem").filter({ hasText: note })).toContainText("Julie Tremblay");
    await expect(page.getByRole("textbox", { name: "Nouvelle note" })).toHaveValue("");
    expect(await sideways()).toBe(false);
    if (width === 390) await shots(page, "record", [360, 390]);
    else await shots(page, "record", [1440]);

    // The crew member reads it on the stop.
    await crew.goto(stopPath);
    await expect(crew.getByRole("heading", { level: 1, name: customer })).toBeVisible();
    await expect(crew.getByTestId("stop-notes")).toContainText(note);
    if (width === 390) await shots(crew, "crew-stop", [360, 390]);

    await office.close();
    await phone.close();
  });
}

for (const width of [390, 1440]) {
  test(`the admin finds a customer of the network and opens the record (${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    test.skip(test.info().project.name !== "desktop", "widths set by the test itself");
    test.setTimeout(90_000);
    const office = await contextAt(browser, baseURL!, width);
    const page = appPage(await office.newPage());
    await loginAs(page, "admin");
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

    // The admin's menu leads to the list (on a phone, behind the menu button).
    await page.goto("/admin");
    if (width < 800) await page.getByRole("button", { name: /menu/i }).first().click();
    const nav = page.getByRole("navigation", { name: "Navigation de l'administration" });
    await nav.getByRole("link", { name: "Clients", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);
    await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
    await waitForHydration(page);
    expect(await sideways()).toBe(false);
    await expect(page.getByText(/^\d+ clients?$/)).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
    ).toEqual([]);
    if (width === 390) await shots(page, "admin-clients", [360, 390]);
    else await shots(page, "admin-clients", [1440]);

    // A search that finds nobody says so.
    const search = page.getByRole("searchbox", { name: "Rechercher un client" });
    await expect(search).toHaveAttribute("placeholder", "Nom, courriel ou téléphone");
    await search.fill("personne-zzz");
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page.getByText("Aucun client ne correspond à « personne-zzz ».")).toBeVisible();
    if (width === 390) await shots(page, "admin-clients-none", [390]);

    // The demo crew's last stop of the day, by phone, among Granby's customers.
    await search.fill("450 555-0163");
    await page
      .getByRole("combobox", { name: "Franchisé" })
      .selectOption({ label: "Prestige Granby (Granby)" });
    await page.getByRole("button", { name: "Rechercher" }).click();
    await expect(page).toHaveURL(/[?&]franchisee=[0-9a-f-]{36}/);
    await expect(page.getByText("1 client", { exact: true })).toBeVisible();
    expect(await sideways()).toBe(false);
    if (width < 800) {
      const cards = page.getByTestId("client-cards");
      await expect(cards).toBeVisible();
      await expect(cards).toContainText("Prestige Granby");
      if (width === 390) await shots(page, "admin-clients-search", [390]);
      await cards.getByRole("link", { name: "Nadia Roy", exact: true }).click();
    } else {
      const table = page.getByRole("table");
      await expect(table.getByRole("columnheader", { name: "Total payé (reçus)" })).toBeVisible();
      await shots(page, "admin-clients-search", [1440]);
      await table.getByRole("link", { name: "Nadia Roy" }).click();
    }
    await expect(page).toHaveURL(/\/admin\/clients\/[0-9a-f]{32}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Nadia Roy" })).toBeVisible();
    await expect(page.locator('a[data-contact="tel"]')).toHaveAttribute("href", "tel:+14505550163");
    // The record leads back to the list.
    await page.getByRole("link", { name: "Tous les clients" }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);
    await office.close();
  });
}
