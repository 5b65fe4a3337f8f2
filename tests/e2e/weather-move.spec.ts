/**
 * A day moved for the weather (issue 32 item 8, ADR 090): the franchisee (1440 px) moves a part of
 * a far day of Granby for the rain; the customer of that window gets one e-mail whose link (390 px)
 * opens the manage page with the notice and the slot picker; the new time picked, the franchisee
 * sees who has rebooked. WEATHER_SHOTS=<dir> also writes screenshots in both themes.
 */
import { bookThroughApi, farWeekday, openSlots } from "./bookings";
import { openMail } from "./dev-mail";
import { expect, loginAs, test } from "./fixtures";

const SHOTS = process.env.WEATHER_SHOTS;
const TIME = /^\d{1,2} h \d{2}$/;

/** 'HH:MM' of an ISO start with its offset ("2026-06-10T09:00:00-04:00" -> "09:00"). */
const wallTime = (iso: string) => iso.slice(11, 16);

test("the franchisee moves a rainy morning, the customer picks a new time from the e-mail", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const date = farWeekday(3);
  const slot = (await openSlots(request, { from: date, days: 1 }))[0];
  expect(slot, "an open Granby slot").toBeDefined();
  const email = `pluie-${Date.now()}@example.com`;
  const booked = await bookThroughApi(request, baseURL!, {
    start: slot!.start,
    name: "Rosalie Pluie",
    email,
  });
  const hour = Number(wallTime(slot!.start).slice(0, 2));

  // The franchisee, at the desk.
  const desk = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: "fr-CA",
    timezoneId: "America/Toronto",
  });
  const office = await desk.newPage();
  await loginAs(office, "franchisee");
  await office.goto("/franchisee/weather");
  await expect(office.getByRole("heading", { level: 1, name: "Reporter une journée" })).toBeVisible();
  await office.getByRole("combobox", { name: "Zone" }).selectOption({ label: "Granby" });
  await office.getByRole("textbox", { name: "Jour", exact: true }).fill(date);
  await office.getByLabel("De (facultatif)").fill(wallTime(slot!.start));
  await office.getByLabel("À (facultatif)").fill(`${String(hour + 1).padStart(2, "0")}:00`);
  await office.getByRole("radio", { name: "Pluie" }).check();
  await office.getByRole("button", { name: "Prévenir les clients" }).click();
  await expect(office.getByTestId("weather-result")).toContainText(/clients? prévenus?/);
  const line = office.getByTestId("weather-booking").filter({ hasText: "Rosalie Pluie" });
  await expect(line).toContainText("En attente du choix du client");
  // Asked again: nobody is told twice.
  await office.getByRole("button", { name: "Prévenir les clients" }).click();
  await expect(office.getByTestId("weather-result")).toContainText(/^0 client prévenu/);
  for (const scheme of SHOTS ? (["light", "dark"] as const) : []) {
    await office.emulateMedia({ colorScheme: scheme });
    await office.goto("/franchisee/weather");
    await office.screenshot({ path: `${SHOTS}/weather-1440-${scheme}.png`, fullPage: true });
  }

  // The customer, on the phone: one e-mail, its link, a new time.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    locale: "fr-CA",
    timezoneId: "America/Toronto",
  });
  const page = await phone.newPage();
  await openMail(page, email, /Votre lavage du .+ est à reporter/);
  const href = await page
    .getByRole("link", { name: /\/booking\/manage\/.+\?token=/ })
    .first()
    .getAttribute("href");
  expect(href).toContain(`/booking/manage/${booked.booking_id}?token=`);
  await page.goto(href!);
  await expect(page.getByTestId("weather-notice")).toContainText("à cause de la pluie");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const scheme of SHOTS ? (["light", "dark"] as const) : []) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(href!);
    await page.screenshot({ path: `${SHOTS}/weather-customer-390-${scheme}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Changer la date" }).click();
  const picker = page.getByRole("group", { name: "Choisissez un nouveau créneau" });
  await picker
    .getByRole("group", { name: "Choisissez un jour" })
    .getByRole("radio", { checked: false, disabled: false })
    .nth(2)
    .check();
  const time = picker.getByRole("radio", { name: TIME }).first();
  const newStart = (await time.getAttribute("value"))!;
  await time.check();
  await page.getByRole("button", { name: "Confirmer le nouveau créneau" }).click();
  await expect(page.getByText(/^Rendez-vous déplacé au /)).toBeVisible();
  // The booking kept (same number), at its new time.
  const answer = (await (await request.get(`/api/appointments/${booked.booking_id}`)).json()) as {
    start: string;
  };
  expect(answer.start).toBe(newStart);

  // The franchisee sees who has rebooked.
  await office.reload();
  await expect(line).toContainText("Reporté au");
  await phone.close();
  await desk.close();
});
