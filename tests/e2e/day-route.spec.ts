import type { APIRequestContext } from "@playwright/test";
import { bookThroughApi, farWeekday, openSlots } from "./bookings";
import { expect, test } from "./fixtures";

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
  });
});
