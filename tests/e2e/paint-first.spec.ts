import { expect, test } from "./fixtures";

// ADR 040: the app's scripts are requested only once the page has painted its content, and the
// page then hydrates as before.
for (const path of ["/", "/gallery", "/terms"]) {
  test(`${path} : les scripts de l'application partent après le premier affichage du contenu`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"))
        .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
    }));
    expect(timing.firstContentfulPaint).not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(0);
    for (const script of timing.scripts) {
      expect(script.startTime, script.url).toBeGreaterThanOrEqual(timing.firstContentfulPaint!);
    }
  });
}
