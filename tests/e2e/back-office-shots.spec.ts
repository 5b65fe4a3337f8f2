/**
 * Screenshots of every back-office page at 1440 and 390 px, light and dark (ADR 052), for a person
 * to look at: runs only with BACK_OFFICE_SHOTS=<folder>.
 */
import { expect, test } from "./fixtures";

const DIR = process.env.BACK_OFFICE_SHOTS;
const PAGES = {
  admin: [
    "/admin",
    "/admin/bookings?q=client",
    "/admin/franchisees",
    "/admin/services",
    "/admin/coverage",
    "/admin/reports",
    "/admin/restock",
    "/admin/jobs",
  ],
  franchisee: [
    "/franchisee",
    "/franchisee/team",
    "/franchisee/schedule?view=week",
    "/franchisee/schedule?view=day",
    "/franchisee/bookings?q=client",
    "/franchisee/clients",
    "/franchisee/restock",
    "/franchisee/reports",
    "/franchisee/territory",
  ],
} as const;

test.skip(!DIR, "BACK_OFFICE_SHOTS is not set");

test.beforeAll(async ({ request, baseURL }) => {
  // A few appointments this week (demo names), so that the grids have something to show.
  const day = (n: number) =>
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(
      new Date(Date.now() + n * 86_400_000),
    );
  for (const n of [1, 1, 2]) {
    const answer = (await (
      await request.get(`/api/slots?zone=granby&cars=1&from=${day(n)}&days=1`)
    ).json()) as {
      days: { slots: { start: string }[] }[];
    };
    const start = answer.days[0]?.slots.at(n === 1 ? 0 : -1)?.start;
    if (!start) continue;
    await request.post("/api/bookings", {
      data: {
        zone: "granby",
        cars: 1,
        start,
        name: "Client Démo",
        email: "client@example.com",
        phone: "450 555 0199",
        address: "120 rue Principale, Granby J2G 2T5",
        upsells: [],
      },
      headers: { origin: baseURL! },
    });
  }
});

for (const role of ["admin", "franchisee"] as const) {
  for (const scheme of ["light", "dark"] as const) {
    test(`${role} ${scheme}`, async ({ browser, baseURL }) => {
      test.setTimeout(240_000);
      for (const width of [1440, 390]) {
        const context = await browser.newContext({
          baseURL,
          viewport: { width, height: 900 },
          colorScheme: scheme,
          locale: "fr-CA",
          timezoneId: "America/Toronto",
        });
        const page = await context.newPage();
        const login = await page.request.post("/api/auth/sign-in/email", {
          data: { email: `${role}@example.com`, password: "Demo12345!" },
          headers: { origin: baseURL! },
        });
        expect(login.ok()).toBe(true);
        const urls: string[] = [...PAGES[role]];
        await page.goto(`/${role}/bookings?q=client`);
        const first = await page.locator('a[href*="/bookings/"]').first().getAttribute("href");
        if (first) urls.push(first);
        for (const url of urls) {
          await page.goto(url);
          await page.waitForTimeout(600);
          const name = `${role}${url.replace(/[/?=&]+/g, "_")}-${width}-${scheme}.png`;
          await page.screenshot({ path: `${DIR}/${name}`, fullPage: true });
        }
        await context.close();
      }
    });
  }
}
