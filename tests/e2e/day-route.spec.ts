import type { APIRequestContext, Page } from "@playwright/test";
import { bookThroughApi, farWeekday, openSlots } from "./bookings";
import { expect, test, waitForHydration } from "./fixtures";

/** MAPS_SHOTS=<dir> also writes the maps' screenshots at each width, in both themes (ADR 103). */
const SHOTS = process.env.MAPS_SHOTS;
const WIDTHS = [390, 1440] as const;

/** A Thursday far ahead (within the 180-day horizon) that other specs do not book. */
const farThursday = () => farWeekday(4);

/** The local start of `time` on `date` as the slot list gives it (EST or EDT). */
async function slotAt(request: APIRequestContext, date: string, time: string, address: string) {
  const start = (await openSlots(request, { from: date, days: 1, address }))
    .map((s) => s.start)
    .find((s) => s.includes(`T${time}:00`));
  expect(start, `${time} open on ${date} for ${address}`).toBeDefined();
  return start!;
}

async function book(
  request: APIRequestContext,
  baseURL: string,
  date: string,
  time: string,
  address: string,
) {
  const start = await slotAt(request, date, time, address);
  await bookThroughApi(request, baseURL, {
    start,
    name: `Client ${time}`,
    email: `trajet-${time.replace(":", "h")}@example.com`,
    address,
  });
}

test.describe("the day's route", () => {
  test("a member's three stops in order, with the drive before each and the total", async ({
    page,
    request,
    loginAs,
    axe,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const day = farThursday();
    // Cowansville, 34 min from Granby's base; the centre of its postal code area, 8 min from it.
    // The member already there takes the next two: the least added driving (ADR 048).
    await book(request, baseURL!, day, "10:00", "10 rue du Sud, Cowansville");
    await book(request, baseURL!, day, "12:00", "200 rue Principale, Cowansville J2K 1J4");
    await book(request, baseURL!, day, "14:00", "12 rue du Sud, Cowansville");

    await loginAs("franchisee");
    await page.goto(`/franchisee/schedule?view=day&date=${day}`);
    await page.getByRole("link", { name: "Voir les trajets du jour" }).click();
    await expect(page).toHaveURL(new RegExp(`/franchisee/route\\?date=${day}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Trajets du jour" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Carte des trajets du jour" })).toBeAttached();

    const member = page.getByTestId("member-route").filter({ hasText: "3 arrêts" });
    await expect(member).toHaveCount(1);
    const stops = member.getByRole("listitem");
    await expect(stops).toHaveCount(3);
    await expect(stops.nth(0)).toContainText("1. 10 h 00 – 11 h 30");
    await expect(stops.nth(0)).toContainText("34 min de route depuis la base (Granby)");
    await expect(stops.nth(1)).toContainText("2. 12 h 00 – 13 h 30");
    await expect(stops.nth(1)).toContainText("8 min de route depuis l'arrêt précédent");
    await expect(stops.nth(2)).toContainText("3. 14 h 00 – 15 h 30");
    await expect(stops.nth(2)).toContainText("8 min de route depuis l'arrêt précédent");
    await expect(member).toContainText("Route totale : 50 min");
    await expect(member.getByRole("alert")).toHaveCount(0);
    expect(await axe()).toEqual([]);

    // The map without tiles (ADR 103): no setting's name, town names, the stops numbered (stops
    // closer than a marker share one that lists them); the itinerary in one tap.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      // Stops 1 and 3 (the same street) always share a marker; 2 too when the map is small.
      await expectMapWithoutTiles(page, width === 390 ? ["1–3"] : ["1, 3", "2"]);
      await expect(page.getByTestId("zone-map").getByText("Cowansville", { exact: true })).toBeVisible();
      await expect(page.getByTestId("zone-map").getByText("Granby", { exact: true })).toBeVisible();
      const google = member.getByRole("link", { name: /^Ouvrir l'itinéraire dans Google Maps \(.+\)$/ });
      await expect(google).toBeVisible();
      const url = new URL((await google.getAttribute("href"))!);
      expect(url.origin + url.pathname).toBe("https://www.google.com/maps/dir/");
      expect(url.searchParams.get("api")).toBe("1");
      expect(url.searchParams.get("travelmode")).toBe("driving");
      expect(url.searchParams.get("origin")).toMatch(/^45\.\d+,-72\.\d+$/);
      expect(url.searchParams.get("waypoints")).toBe(
        "10 rue du Sud, Cowansville|200 rue Principale, Cowansville J2K 1J4",
      );
      expect(url.searchParams.get("destination")).toBe("12 rue du Sud, Cowansville");
      const apple = member.getByRole("link", { name: /^Ouvrir dans Apple Plans \(.+\)$/ });
      await expect(apple).toHaveAttribute(
        "href",
        /^https:\/\/maps\.apple\.com\/\?saddr=45\.\d+%2C-72\.\d+&daddr=10%20rue%20du%20Sud%2C%20Cowansville\+to:200%20rue%20Principale%2C%20Cowansville%20J2K%201J4\+to:12%20rue%20du%20Sud%2C%20Cowansville&dirflg=d$/,
      );
      await expectNoSidewaysScroll(page);
      await shoot(page, `franchisee-route-${width}`);
    }
  });

  test("the crew's day: its map names the towns and numbers the stops, the itinerary opens in one tap", async ({
    browser,
    baseURL,
  }) => {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: 900 },
        locale: "fr-CA",
        timezoneId: "America/Toronto",
        serviceWorkers: "block",
      });
      const page = await context.newPage();
      await page.goto("/crew");
      const form = page.getByRole("tabpanel", { name: "Connexion" });
      await form.getByLabel("Adresse courriel").fill("crew@example.com");
      await form.getByLabel("Mot de passe").fill("Demo12345!");
      await form.getByRole("button", { name: "Se connecter" }).click();
      await expect(page).toHaveURL(/\/crew$/);
      await expect(page.getByTestId("crew-stop")).toHaveCount(3);
      // The demo's three stops in Granby, a few streets apart: three markers once the map fits them.
      await expectMapWithoutTiles(page, ["1", "2", "3"]);
      await expect(page.getByTestId("zone-map").getByText("Granby", { exact: true })).toBeVisible();
      const google = page.getByRole("link", { name: "Ouvrir l'itinéraire dans Google Maps" });
      await expect(google).toBeVisible();
      const url = new URL((await google.getAttribute("href"))!);
      expect(url.searchParams.get("waypoints")).toBe(
        "245, rue Principale, Granby|88, boulevard Leclerc Ouest, Granby",
      );
      expect(url.searchParams.get("destination")).toBe("512, rue Denison Est, Granby");
      await expect(page.getByRole("link", { name: "Ouvrir dans Apple Plans" })).toHaveAttribute(
        "href",
        /daddr=245%2C%20rue%20Principale%2C%20Granby\+to:88%2C%20boulevard%20Leclerc%20Ouest%2C%20Granby\+to:512%2C%20rue%20Denison%20Est%2C%20Granby&dirflg=d$/,
      );
      await expectNoSidewaysScroll(page);
      await shoot(page, `crew-day-${width}`);
      await context.close();
    }
  });
});

/** The interactive map without tiles: the neutral note, place names, these stop markers. */
async function expectMapWithoutTiles(page: Page, stops: string[]) {
  await waitForHydration(page);
  const map = page.getByTestId("zone-map");
  await expect(map).toHaveAttribute("data-interactive", "true");
  await expect(page.locator(".leaflet-tile")).toHaveCount(0);
  await expect(page.getByTestId("map-no-tiles")).toHaveText(
    "Carte simplifiée, sans les rues : les noms de villes servent de repères.",
  );
  await expect(page.getByText(/MAP_TILE_URL|tuiles/)).toHaveCount(0);
  // Names: the zone's (at its base) and the towns' of the offline geodata.
  const names = map.locator('[data-testid="map-town"], [data-testid="map-zone-name"]');
  await expect(names.first()).toBeVisible();
  await expect(map.getByTestId("map-stop")).toHaveText(stops);
  // Each stop number lies inside the map and clear of every name.
  const boxOf = async (locator: ReturnType<Page["locator"]>) =>
    Promise.all((await locator.all()).map(async (l) => (await l.boundingBox())!));
  const frame = (await map.boundingBox())!;
  const towns = await boxOf(names);
  for (const stop of await boxOf(map.getByTestId("map-stop"))) {
    expect(stop.x).toBeGreaterThanOrEqual(frame.x);
    expect(stop.x + stop.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
    for (const town of towns) {
      const apart =
        town.x >= stop.x + stop.width ||
        stop.x >= town.x + town.width ||
        town.y >= stop.y + stop.height ||
        stop.y >= town.y + town.height;
      expect(apart).toBe(true);
    }
  }
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), scheme === "dark");
    await page.getByTestId("zone-map").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}.png`, fullPage: true });
  }
}
