/**
 * « Mon calendrier » (issue 32, ADR 082): the crew member's private calendar link at 390 px, made
 * and renewed with plain form posts; the feed answers text/calendar, and a renewed link's old
 * address answers 404 at once. The franchisee's page at 1440 px. CALENDAR_SHOTS=<dir> also
 * writes screenshots (390 px in both themes for the crew, 1440 px for the franchisee).
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, loginAs, test, waitForHydration } from "./fixtures";

const SHOTS = process.env.CALENDAR_SHOTS;

// The crew tests renew the same demo account's link: one after the other.
test.describe.configure({ mode: "serial" });

async function signInCrew(request: APIRequestContext, baseURL: string) {
  const response = await request.post("/api/auth/sign-in/email", {
    data: { email: "crew@example.com", password: "Demo12345!" },
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The feed's path (the page shows PUBLIC_URL's address). */
async function feedPath(page: Page): Promise<string> {
  const url = await page.getByLabel("Lien d'abonnement").inputValue();
  expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(url).pathname;
}

async function crewContext(browser: Browser, baseURL: string, scheme: "light" | "dark", js = true) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    colorScheme: scheme,
    locale: "fr-CA",
    timezoneId: "America/Toronto",
    javaScriptEnabled: js,
  });
  await signInCrew(context.request, baseURL);
  return context;
}

test(
  "@mobile a crew member subscribes to their calendar and renews the link at 390 px",
  { tag: "@phone-only" },
  async ({ browser, baseURL }) => {
    const context = await crewContext(browser, baseURL!, "light");
    const page = await context.newPage();
    await page.goto("/crew");
    await page.getByRole("link", { name: "Mon calendrier" }).click();
    await expect(page).toHaveURL(/\/crew\/calendar$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mon calendrier" })).toBeVisible();
    await waitForHydration(page);

    // The first link, if none was made yet (another test of this run may have made it).
    const create = page.getByRole("button", { name: "Créer mon lien" });
    if (await create.isVisible()) {
      await create.click();
      await expect(page.getByText("Lien créé.")).toBeVisible();
    }
    const first = await feedPath(page);
    await expect(page.getByRole("link", { name: /Apple Calendrier ou Outlook/ })).toHaveAttribute(
      "href",
      /^webcal:\/\/.+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/,
    );
    await expect(page.getByText("Dans Google Agenda")).toBeVisible();
    await expect(page.getByText(/À partir de l'URL/)).toBeVisible();

    const feed = await context.request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

    const field = page.getByLabel("Lien d'abonnement");
    const firstUrl = await field.inputValue();
    await page.getByRole("button", { name: "Renouveler le lien" }).click();
    await expect(page.getByText(/L'ancien ne fonctionne plus/)).toBeVisible();
    await expect(field).not.toHaveValue(firstUrl);
    const renewed = await feedPath(page);
    expect((await context.request.get(first)).status()).toBe(404);
    expect((await context.request.get(renewed)).status()).toBe(200);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/crew-calendar-390-light.png`, fullPage: true });
    await context.close();
  },
);

test(
  "@mobile the link is renewed without JavaScript too",
  { tag: "@phone-only" },
  async ({ browser, baseURL }) => {
    const context = await crewContext(browser, baseURL!, "dark", false);
    const page = await context.newPage();
    await page.goto("/crew/calendar");
    const create = page.getByRole("button", { name: "Créer mon lien" });
    if (await create.isVisible()) {
      await create.click();
      await expect(page.getByText("Lien créé.")).toBeVisible();
    }
    const before = await feedPath(page);
    await page.getByRole("button", { name: "Renouveler le lien" }).click();
    await expect(page.getByText(/L'ancien ne fonctionne plus/)).toBeVisible();
    expect(await feedPath(page)).not.toBe(before);
    expect((await context.request.get(before)).status()).toBe(404);
    await context.close();
    if (SHOTS) {
      // The dark theme's shot, with JavaScript (the theme toggle's script), after a renewal.
      const shot = await crewContext(browser, baseURL!, "dark");
      const shotPage = await shot.newPage();
      await shotPage.goto("/crew/calendar");
      await waitForHydration(shotPage);
      await shotPage.screenshot({ path: `${SHOTS}/crew-calendar-390-dark.png`, fullPage: true });
      await shot.close();
    }
  },
);

test("a franchisee finds « Mon calendrier » in its menu, for all of its appointments", async ({
  page,
  axe,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, "franchisee");
  await page.goto("/franchisee");
  await page.getByRole("link", { name: "Mon calendrier" }).first().click();
  await expect(page).toHaveURL(/\/franchisee\/calendar$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mon calendrier" })).toBeVisible();
  await waitForHydration(page);
  const create = page.getByRole("button", { name: "Créer mon lien" });
  if (await create.isVisible()) await create.click();
  const path = await feedPath(page);
  const feed = await page.request.get(path);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("X-WR-TIMEZONE:America/Toronto");
  expect(await axe()).toEqual([]);
  if (SHOTS) {
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      await waitForHydration(page);
      await page.screenshot({ path: `${SHOTS}/franchisee-calendar-1440-${scheme}.png`, fullPage: true });
    }
  }
});
