import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * « Modifier » keeps what was chosen (issue 33 item 2): back to step 1 and forward again, the day,
 * the time and the extras stay chosen while still valid; a time no longer open is named in one
 * sentence. With and without JavaScript, at 390 px.
 */
const wizardPath = () => `/booking/${crypto.randomUUID()}`;
const EDIT = "Modifier l'adresse et les véhicules";
/** Where the screenshots go (390 and 1440 px, both themes): only when set. */
const SHOTS = process.env.WIZARDKEEP_SHOTS;

type Slots = { days: { date: string; slots: { start: string }[] }[] };

async function slotsOf(page: Page, zone: string, cars: number, address: string): Promise<Slots> {
  const query = new URLSearchParams({ zone, cars: String(cars), address });
  const answer = await page.request.get(`/api/slots?${query.toString()}`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Slots;
}

const slotTitle = (page: Page) => page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" });
const whereTitle = (page: Page) =>
  page.getByRole("heading", { level: 1, name: "Où devons-nous nous déplacer ?" });
const timeRadio = (page: Page, start: string) => page.locator(`input[name="start"][value="${start}"]`);
const extra = (page: Page) => page.getByRole("checkbox", { name: /Traitement Aquapel/ });

test.describe("« Modifier » at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("keeps the day, the time and the extra; names the time a new address no longer offers", async ({
    page,
    axe,
  }) => {
    await page.goto(wizardPath());
    await waitForHydration(page);
    await page.getByLabel("Adresse ou code postal").fill("J2G 2T5");
    await page.getByRole("radio", { name: "2 véhicules" }).check();
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(slotTitle(page)).toBeVisible();

    // A Granby time that Gatineau does not offer to 3 vehicles (a longer visit): the last of a day.
    const offered = new Set(
      (await slotsOf(page, "gatineau", 3, "J8X 1A1")).days.flatMap((d) => d.slots.map((s) => s.start)),
    );
    const granby = (await slotsOf(page, "granby", 2, "J2G 2T5")).days.find(
      (d) => d.slots.length > 0 && !offered.has(d.slots.at(-1)!.start),
    );
    expect(granby).toBeDefined();
    const day = granby!.date;
    const start = granby!.slots.at(-1)!.start;
    await page.locator(`input[type="radio"][value="${day}"]`).check();
    await timeRadio(page, start).check();
    await extra(page).check();
    await page.getByTestId("gift-card-code").fill("ABCD-EFGH-JKLM-NPQR");

    // Back with « Modifier », nothing changed, forward again: all still chosen.
    await page.getByRole("button", { name: EDIT }).click();
    await expect(whereTitle(page)).toBeFocused();
    await expect(page.getByLabel("Adresse ou code postal")).toHaveValue("J2G 2T5");
    await expect(page.getByRole("radio", { name: "2 véhicules" })).toBeChecked();
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(slotTitle(page)).toBeVisible();
    await expect(page.locator(`input[type="radio"][value="${day}"]`)).toBeChecked();
    await expect(timeRadio(page, start)).toBeChecked();
    await expect(extra(page)).toBeChecked();
    await expect(page.getByTestId("kept-notice")).toHaveCount(0);
    // The gift card code too, never through a URL (ADR 093).
    await expect(page.getByTestId("gift-card-code")).toHaveValue("ABCD-EFGH-JKLM-NPQR");
    expect(page.url()).not.toContain("ABCD");
    await expect(page.getByRole("region", { name: "Résumé" })).toContainText("Aquapel");

    // A class that keeps the time open (same visit length): still chosen.
    await page.getByRole("button", { name: EDIT }).click();
    await expect(whereTitle(page)).toBeVisible();
    await page.getByLabel("Véhicule 2").selectOption("vus");
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(slotTitle(page)).toBeVisible();
    await expect(timeRadio(page, start)).toBeChecked();
    await expect(extra(page)).toBeChecked();

    // Another zone and 3 vehicles: that time is gone, and the sentence says so; the extra stays.
    await page.getByRole("button", { name: EDIT }).click();
    await expect(whereTitle(page)).toBeVisible();
    await page.getByLabel("Adresse ou code postal").fill("J8X 1A1");
    await page.getByRole("radio", { name: "3 véhicules" }).check();
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(page.getByText("3 véhicules · Gatineau")).toBeVisible();
    await expect(page.getByTestId("kept-notice")).toHaveText(
      /^L'heure choisie \(.+ à \d{1,2}\sh\s\d{2}\) n'est plus libre pour cette adresse et ces véhicules\s: choisissez-en une autre\.$/,
    );
    await expect(page.locator('input[name="start"]:checked')).toHaveCount(0);
    await expect(extra(page)).toBeChecked();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await axe()).toEqual([]);
  });
});

test.describe("« Modifier » without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the time and the extra come back through plain forms", async ({ page }) => {
    await page.goto(`${wizardPath()}?where=J2G+2T5&cars=2&step=2`);
    await expect(slotTitle(page)).toBeVisible();
    const time = page.locator('input[name="start"]').first();
    const start = (await time.getAttribute("value"))!;
    await time.check();
    await extra(page).check();
    await page.getByRole("button", { name: EDIT }).click();
    await expect(whereTitle(page)).toBeVisible();
    await expect(page).toHaveURL(/[?&]step=1/);
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(slotTitle(page)).toBeVisible();
    await expect(timeRadio(page, start)).toBeChecked();
    await expect(extra(page)).toBeChecked();
  });
});

/** The steps touched at 390 and 1440 px, light and dark (only with WIZARDKEEP_SHOTS). */
test("screenshots", async ({ browser, baseURL }) => {
  test.skip(!SHOTS, "WIZARDKEEP_SHOTS unset");
  test.setTimeout(180_000);
  const probe = await browser.newContext({ baseURL });
  const slots = await slotsOf(await probe.newPage(), "granby", 2, "J2G 2T5");
  await probe.close();
  const start = slots.days.find((d) => d.slots.length > 0)!.slots[0]!.start;
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [390, 1440]) {
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: 900 },
        colorScheme: scheme,
      });
      const page = await context.newPage();
      const shot = async (name: string) => {
        await waitForHydration(page);
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
      };
      const kept = `start=${encodeURIComponent(start)}&extra=aquapel`;
      await page.goto(`${wizardPath()}?where=J2G+2T5&cars=2&step=1&${kept}`);
      await shot("step-1-back");
      await page.goto(`${wizardPath()}?where=J2G+2T5&cars=2&step=2&${kept}`);
      await shot("step-2-kept");
      await page.goto(
        `${wizardPath()}?where=J8X+1A1&cars=3&step=2&start=2020-01-06T09:00:00-05:00&extra=aquapel`,
      );
      await shot("step-2-lost");
      await context.close();
    }
  }
});
