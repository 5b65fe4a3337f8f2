import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

/** Every public page, in both themes: axe-core finds no violation at all (any impact). */
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
        const results = await new AxeBuilder({ page }).analyze();
        const violations = results.violations.map(
          (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
        expect(violations).toEqual([]);
      });
    }
  });
}
