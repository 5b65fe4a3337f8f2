import AxeBuilder from "@axe-core/playwright";
import { isLightOnlyPath } from "../../app/lib/theme";
import { expect, test } from "./fixtures";

/**
 * Every public page, in both themes: axe-core finds no violation at all (any impact). The one scan
 * of these pages: the specs of the home page's carousel, the gallery's viewer and the forms scan
 * the states they open.
 */
const PUBLIC_PAGES = [
  "/",
  "/gallery",
  "/privacy-policy",
  "/terms",
  "/terms-and-conditions",
  "/auth",
  "/booking",
  "/address-validation",
  "/franchise/granby",
  "/franchise/trois-rivieres",
  "/application",
  "/une-page-qui-nexiste-pas",
];

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`axe, thème ${colorScheme === "light" ? "clair" : "sombre"}`, () => {
    test.use({ colorScheme });
    for (const path of PUBLIC_PAGES) {
      test(`${path} n'a aucune violation`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        // The page follows the system's theme (no choice kept), but for the light-only pages of the
        // franchise (app/lib/theme.ts): the scan reads the theme it names.
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
          colorScheme === "dark" && !isLightOnlyPath(path),
        );
        const results = await new AxeBuilder({ page }).analyze();
        const violations = results.violations.map(
          (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
        expect(violations).toEqual([]);
      });
    }
  });
}
