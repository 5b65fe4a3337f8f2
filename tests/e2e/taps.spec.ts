/**
 * The taps a journey costs on a phone (issue 33, item 1; ADR 107), at 390 px: the booking of 2
 * cars with one extra in Granby (a guest, a returning visitor on the same device, the signed-in
 * demo client), the customer's reschedule from the manage page, and the franchisee's move of an
 * appointment from the schedule. A tap is a press on a control (button, radio, check box, link,
 * select) or a field focused to type in; typing itself and the browser's autofill are not. Each
 * count is printed (`taps: <journey> = n`) and held to its limit. SHOTS_DIR=<dir> also writes the
 * booking steps' screenshots (light, dark) at 390 and 1440 px.
 */
import type { Locator, Page } from "@playwright/test";
import { bookThroughApi, farWeekday, GRANBY_ADDRESS, startsOn } from "./bookings";
import { expect, test, waitForHydration } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR;
const TIME = /^\d{1,2} h \d{2}$/;
const DAY_MS = 86_400_000;

/** Counts the taps of one journey. */
class Taps {
  count = 0;
  /** A press on a control. */
  async press(control: Locator) {
    await control.click();
    this.count += 1;
  }
  /** A radio or check box chosen (a press on it or its label). */
  async check(control: Locator) {
    await control.check();
    this.count += 1;
  }
  /** A select's option chosen: one press (the phone's picker opens and closes on the choice). */
  async choose(select: Locator, label: string) {
    await select.selectOption({ label });
    this.count += 1;
  }
  /**
   * A field focused to type `value` in; a field already holding it (pre-filled by the server or
   * remembered on the device) costs nothing.
   */
  async type(field: Locator, value: string) {
    if ((await field.inputValue()) === value) return;
    await field.click();
    await field.fill(value);
    this.count += 1;
  }
}

async function shots(page: Page, name: string, part?: Locator) {
  if (!SHOTS) return;
  const width = page.viewportSize()!.width;
  for (const choice of ["clair", "sombre"] as const) {
    const toggle = page.getByRole("button", { name: `Activer le thème ${choice}` }).first();
    if (await toggle.isVisible()) await toggle.click();
    const path = `${SHOTS}/${name}-${width}-${choice === "clair" ? "light" : "dark"}.png`;
    if (part) await part.screenshot({ path, animations: "disabled" });
    else await page.screenshot({ path, fullPage: true, animations: "disabled" });
  }
  const light = page.getByRole("button", { name: "Activer le thème clair" }).first();
  if (await light.isVisible()) await light.click();
}

interface Customer {
  name: string;
  email: string;
  phone: string;
}

/**
 * The booking of 2 cars with one extra in Granby from /booking (the link opened: no tap), up to
 * the success page; `remember` ticks the box that keeps the details on this device.
 */
async function bookTwoCars(page: Page, who: Customer, { remember = false, shotsAs = "" } = {}) {
  const taps = new Taps();
  await page.goto("/booking");
  await waitForHydration(page);
  // The address: typed, unless already there (a client's last one, or kept on this device).
  const where = page.getByLabel("Adresse ou code postal");
  if ((await where.inputValue()) === "") await taps.type(where, GRANBY_ADDRESS);
  const twoCars = page.getByRole("radio", { name: "2 véhicules" });
  if ((await twoCars.count()) > 0) {
    if (!(await twoCars.isChecked())) await taps.check(twoCars);
  } else {
    // A client with saved vehicles ticks two of them (ADR 085).
    const boxes = page.getByRole("group", { name: /véhicules/i }).getByRole("checkbox");
    for (let i = 0; i < 2; i += 1) if (!(await boxes.nth(i).isChecked())) await taps.check(boxes.nth(i));
  }
  // The address and the cars given, the times show below them (ADR 107): no « Voir les
  // disponibilités » with JavaScript; a time chosen there opens step 2 with it chosen.
  const preview = page.getByTestId("slot-preview");
  // The day's last time: the other specs running beside this one take the first ones.
  const oneTime = preview.getByRole("radio", { name: TIME }).last();
  await expect(oneTime).toBeVisible();
  await expect(page).toHaveURL(/\/booking$/);
  if (shotsAs) await shots(page, `${shotsAs}-step1`);
  const time = await oneTime.getAttribute("value");
  await taps.press(oneTime);
  await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
  await expect(page.getByText(/2 véhicules · Granby/)).toBeVisible();
  await expect(page.locator(`input[type="radio"][name="start"][value="${time}"]`)).toBeChecked();
  if (shotsAs) await shots(page, `${shotsAs}-times`);
  await taps.check(page.getByRole("checkbox", { name: /Traitement Aquapel/ }));
  const details = page.getByRole("region", { name: "Vos coordonnées" });
  await taps.type(details.getByLabel("Nom complet"), who.name);
  await taps.type(details.getByLabel("Adresse courriel"), who.email);
  await taps.type(details.getByLabel("Téléphone"), who.phone);
  const address = details.getByLabel("Adresse du service");
  if ((await address.inputValue()) === "") await taps.type(address, GRANBY_ADDRESS);
  const rememberBox = page.getByRole("checkbox", { name: "Se souvenir de mes coordonnées sur cet appareil" });
  // The consent to keep the details: an extra tap the visitor chooses, counted apart.
  const optIn = remember && (await rememberBox.count()) > 0 ? 1 : 0;
  if (optIn) await rememberBox.check();
  if (shotsAs) await shots(page, `${shotsAs}-step2`, details);
  await taps.press(page.getByRole("button", { name: "Confirmer la réservation" }));
  await expect(page).toHaveURL(/\/booking-success\/[0-9a-z]{10}$/);
  return { count: taps.count, optIn };
}

const counts: Record<string, number> = {};
function report(journey: string, count: number) {
  counts[journey] = count;
  console.log(`taps: ${journey} = ${count}`);
}

test.describe("taps on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test.describe.configure({ timeout: 120_000 });

  test("the booking: a guest, then the same visitor again on this device", async ({ page }) => {
    const stamp = Date.now();
    const guest = {
      name: "Émilie Bouchard",
      email: `emilie.taps.${stamp}@example.com`,
      phone: "450 555 0199",
    };
    const first = await bookTwoCars(page, guest, { remember: true, shotsAs: "guest" });
    report("booking, guest", first.count);
    if (first.optIn) report("booking, guest who ticks « Se souvenir »", first.count + first.optIn);
    // Back on the same device: the details come back (the visitor said yes).
    const again = await bookTwoCars(page, guest, { shotsAs: "returning" });
    report("booking, returning visitor", again.count);
    // « Oublier mes coordonnées »: nothing is filled on the next visit.
    await page.goto("/booking");
    await expect(page.getByLabel("Adresse ou code postal")).toHaveValue(GRANBY_ADDRESS);
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(page.getByLabel("Nom complet")).toHaveValue(guest.name);
    await page.getByRole("button", { name: "Oublier mes coordonnées" }).click();
    await expect(page.getByText("Vos coordonnées ne sont plus enregistrées sur cet appareil.")).toBeVisible();
    await page.goto("/booking");
    await expect(page.getByLabel("Adresse ou code postal")).toHaveValue("");
    expect(first.count).toBeLessThanOrEqual(8);
    expect(again.count).toBeLessThanOrEqual(8);
  });

  test("the booking steps at 1440 px (screenshots only)", async ({ page, loginAs }) => {
    test.skip(!SHOTS, "screenshots only");
    // Three bookings and their full-page screenshots, two themes each: slow on a busy machine.
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const guest = { name: "Léo Gagnon", email: `leo.taps.${Date.now()}@example.com`, phone: "450 555 0142" };
    await bookTwoCars(page, guest, { remember: true, shotsAs: "guest" });
    await bookTwoCars(page, guest, { shotsAs: "returning" });
    await loginAs("client");
    await bookTwoCars(
      page,
      { name: "Catherine Client", email: "client@example.com", phone: "450 555-0199" },
      { shotsAs: "client" },
    );
  });

  test("the booking: the signed-in demo client", async ({ page, loginAs }) => {
    await loginAs("client");
    // Step 1 starts with the client's last address, its postal code once.
    await page.goto("/booking");
    const where = await page.getByLabel("Adresse ou code postal").inputValue();
    expect(where).not.toBe("");
    expect(where.match(/[A-Z]\d[A-Z] ?\d[A-Z]\d/g)?.length ?? 0).toBeLessThanOrEqual(1);
    const { count } = await bookTwoCars(
      page,
      { name: "Catherine Client", email: "client@example.com", phone: "450 555-0199" },
      { shotsAs: "client" },
    );
    report("booking, signed-in client", count);
    expect(count).toBeLessThanOrEqual(8);
  });

  test("the customer's reschedule from the manage page", async ({ page, request, baseURL }) => {
    let day = farWeekday(3);
    let starts = await startsOn(request, day);
    while (starts.length === 0) {
      day = farWeekday(3);
      starts = await startsOn(request, day);
    }
    const booking = await bookThroughApi(request, baseURL!, {
      start: starts[0]!,
      name: "Marc Côté",
      email: `marc.taps.${Date.now()}@example.com`,
    });
    const manage = new URL(booking.manage_url);
    await page.goto(manage.pathname + manage.search);
    const taps = new Taps();
    await taps.press(page.getByRole("button", { name: "Changer la date" }));
    const picker = page.getByRole("group", { name: "Choisissez un nouveau créneau" });
    const strip = picker.getByRole("group", { name: "Choisissez un jour" });
    // Another day than the booking's.
    await taps.check(strip.getByRole("radio", { checked: false, disabled: false }).last());
    await taps.check(picker.getByRole("radio", { name: TIME }).first());
    await taps.press(page.getByRole("button", { name: "Confirmer le nouveau créneau" }));
    await expect(page.getByText(/^Rendez-vous déplacé au /)).toBeVisible();
    report("reschedule, customer", taps.count);
    expect(taps.count).toBeLessThanOrEqual(4);
  });

  test("the franchisee's move of an appointment from the schedule", async ({
    page,
    request,
    baseURL,
    loginAs,
  }) => {
    let day = farWeekday(4);
    let starts = await startsOn(request, day);
    while (starts.length === 0) {
      day = farWeekday(4);
      starts = await startsOn(request, day);
    }
    const name = `Client Taps ${Date.now()}`;
    await bookThroughApi(request, baseURL!, {
      start: starts[0]!,
      name,
      email: `taps-${Date.now()}@example.com`,
    });
    expect(new Date(starts[0]!).getTime()).toBeGreaterThan(Date.now() + DAY_MS);
    await loginAs("franchisee");
    await page.goto(`/franchisee/schedule?view=day&date=${day}`);
    await waitForHydration(page);
    const card = page.getByRole("listitem").filter({ hasText: name });
    const taps = new Taps();
    await taps.press(card.getByRole("button", { name: /^Déplacer : / }));
    const dialog = page.getByRole("dialog", { name: "Déplacer le rendez-vous" });
    await taps.type(dialog.getByLabel("Heure de début"), "14:00");
    await taps.press(dialog.getByRole("button", { name: "Déplacer", exact: true }));
    await expect(page.getByText("Rendez-vous déplacé").first()).toBeVisible();
    report("move, franchisee", taps.count);
    expect(taps.count).toBeLessThanOrEqual(3);
  });
});

test.describe("step 1 without « Voir les disponibilités » (ADR 107)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an address not served is refused at the field, with what was typed, and nothing moves; the arrows walk the times", async ({
    page,
  }) => {
    await page.goto("/booking");
    await waitForHydration(page);
    const field = page.getByLabel("Adresse ou code postal");
    await field.fill("H2X 1Y4");
    await page.getByRole("radio", { name: "2 véhicules" }).check();
    await expect(page.getByTestId("where-error")).toContainText("hors de nos zones de service");
    await expect(field).toHaveValue("H2X 1Y4");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("radio", { name: "2 véhicules" })).toBeChecked();
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByTestId("slot-preview")).toHaveCount(0);
    // Told, not moved: the answer is read out, the focus stays on the cars.
    await expect(page.getByText("hors de nos zones de service").last()).toBeAttached();
    await expect(page.getByRole("radio", { name: "2 véhicules" })).toBeFocused();
    // Typing again hides the old answer; a served address then shows the times.
    await field.fill(GRANBY_ADDRESS);
    await page.getByRole("radio", { name: "1 véhicule", exact: true }).check();
    await expect(page.getByTestId("where-error")).toHaveCount(0);
    const times = page.getByTestId("slot-preview").getByRole("radio", { name: TIME });
    await expect(times.first()).toBeVisible();
    // A keyboard walks the times with the arrows without leaving the page; Enter goes on.
    const second = await times.nth(1).getAttribute("value");
    await times.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(times.nth(1)).toBeChecked();
    await expect(page).toHaveURL(/\/booking$/);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
    await expect(page.locator(`input[type="radio"][name="start"][value="${second}"]`)).toBeChecked();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("step 1 leads to the times through « Voir les disponibilités »", async ({ page }) => {
    await page.goto("/booking");
    await page.getByLabel("Adresse ou code postal").fill(GRANBY_ADDRESS);
    await page.getByRole("radio", { name: "2 véhicules" }).check();
    await expect(page.getByTestId("slot-preview")).toHaveCount(0);
    await page.getByRole("button", { name: "Voir les disponibilités" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
    await expect(page.getByText(/2 véhicules · Granby/)).toBeVisible();
    await expect(page.getByRole("radio", { name: TIME }).first()).toBeVisible();
  });
});
