import { expect, test } from "./fixtures";

/** Where the screenshots go when asked (SHOTS_DIR); never committed. */
const SHOTS = process.env.SHOTS_DIR;

/**
 * « Heures libérées » (ADR 091, amended): the admin sees the open requests per zone and wanted day
 * and the offers sent, counts only (no e-mail), at 1440 and 390 px without sideways scroll.
 */
test.describe("the admin's freed-time counts", () => {
  for (const width of [1440, 390]) {
    test(`an open request is counted for its zone and day, without its e-mail, at ${width} px`, async ({
      page,
      request,
      baseURL,
      loginAs,
      axe,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const email = `demande-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.com`;
      // A day 3 days ahead (local), within the request's 14 days.
      const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(
        new Date(Date.now() + 3 * 86_400_000),
      );
      const asked = await request.post("/booking?zone=granby&cars=1&step=2", {
        form: { intent: "freed-time", email, zone: "granby", cars: "1", days: day },
        headers: { origin: baseURL! },
      });
      expect(asked.status(), await asked.text()).toBe(200);

      await loginAs("admin");
      await page.goto("/admin/freed-times");
      const view = page.getByTestId("freed-time-demand");
      await expect(view.getByRole("heading", { name: "Heures libérées", level: 1 })).toBeVisible();
      const requests = view.getByRole("table", { name: "Demandes ouvertes par jour voulu" });
      await expect(requests).toBeVisible();
      await expect(requests.getByRole("row").filter({ hasText: "Granby" }).first()).toBeVisible();
      await expect(view.getByText("Demandes ouvertes", { exact: true })).toBeVisible();
      await expect(page.getByText(email)).toHaveCount(0);
      expect(await page.content()).not.toContain(email);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways).toBe(false);
      expect(await axe()).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/freed-times-${width}.png`, fullPage: true });
    });
  }
});
