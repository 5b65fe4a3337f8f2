import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

interface Slot {
  start: string;
  end: string;
}
interface SlotsAnswer {
  days: { date: string; slots: Slot[] }[];
}

const DAY_MS = 24 * 3_600_000;
const TIME = /^\d{1,2} h \d{2}$/;

async function openSlots(request: APIRequestContext): Promise<Slot[]> {
  const answer = (await (await request.get("/api/slots?zone=granby&cars=2")).json()) as SlotsAnswer;
  return answer.days.flatMap((d) => d.slots);
}

let bookings = 0;

/**
 * Books a Granby slot (2 cars) through the public API, each call as another customer: the same
 * request again would be answered with the first booking (ADR 068).
 */
async function book(request: APIRequestContext, baseURL: string, start: string) {
  bookings += 1;
  const response = await request.post("/api/bookings", {
    data: {
      zone: "granby",
      cars: 2,
      start,
      name: "Marc Côté",
      email: `marc.cote.${bookings}@example.com`,
      phone: "450 555 0199",
      address: "120 rue Principale, Granby J2G 2T5",
    },
    headers: { origin: baseURL },
  });
  return response;
}

async function createBooking(
  request: APIRequestContext,
  baseURL: string,
  pick: (slots: Slot[]) => Slot | undefined,
) {
  const slot = pick(await openSlots(request));
  expect(slot, "an open Granby slot").toBeDefined();
  const response = await book(request, baseURL, slot!.start);
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { booking_id: string; manage_url: string };
  return {
    ...body,
    start: slot!.start,
    path: new URL(body.manage_url).pathname + new URL(body.manage_url).search,
  };
}

/** Open slots at least two days ahead, so the 24 h rule allows changes; `index` keeps tests apart. */
const laterSlot = (index: number) => (slots: Slot[]) =>
  slots.filter((s) => new Date(s.start).getTime() > Date.now() + 2 * DAY_MS)[index];

test.describe("/booking/manage/{bookingId}", () => {
  test("shows the booking behind a valid link", async ({ page, request, baseURL, axe }) => {
    const booking = await createBooking(request, baseURL!, laterSlot(2));
    await page.goto(booking.path);
    await expect(page.getByRole("heading", { level: 1, name: "Gérer ma réservation" })).toBeVisible();
    await expect(page.getByText(`Réservation n° ${booking.booking_id}`)).toBeVisible();
    await expect(page.getByText("Statut : Programmé")).toBeVisible();
    await expect(page.getByText("120 rue Principale, Granby J2G 2T5")).toBeVisible();
    await expect(page.getByText("2 véhicules")).toBeVisible();
    await expect(page.getByText("TPS (5 %)")).toBeVisible();
    await expect(page.getByText("TVQ (9,975 %)")).toBeVisible();
    await expect(page.getByText("344,90 $")).toBeVisible();
    await expect(page.getByRole("button", { name: "Changer la date" })).toBeVisible();
    expect(await axe()).toEqual([]);
  });

  test("a wrong token, no token or an unknown booking: the same 404 page, without the booking", async ({
    page,
    request,
    baseURL,
    axe,
  }) => {
    const booking = await createBooking(request, baseURL!, laterSlot(3));
    const wrong = await page.goto(`/booking/manage/${booking.booking_id}?token=${"x".repeat(43)}`);
    expect(wrong?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Lien de gestion invalide ou expiré." }),
    ).toBeVisible();
    await expect(page.getByText("120 rue Principale")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Appeler le 450 555-0142" })).toHaveAttribute(
      "href",
      "tel:+14505550142",
    );
    expect(await axe()).toEqual([]);

    const missing = await page.goto(`/booking/manage/${booking.booking_id}`);
    expect(missing?.status()).toBe(404);
    const unknown = await page.goto("/booking/manage/inconnu0000?token=abc");
    expect(unknown?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { level: 1, name: "Lien de gestion invalide ou expiré." }),
    ).toBeVisible();
  });

  test("before the page has hydrated, cancel and move wait visibly instead of ignoring a press", async ({
    browser,
    request,
    baseURL,
  }) => {
    const booking = await createBooking(request, baseURL!, laterSlot(7));
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(booking.path);
    for (const name of ["Annuler le rendez-vous", "Changer la date"]) {
      const button = page.getByRole("button", { name });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute("aria-busy", "true");
    }
    await context.close();
  });

  test("cancels after confirmation and frees the slot", async ({ page, request, baseURL }) => {
    // The last open slot of the range, filled up (one booking per free team member).
    const slots = await openSlots(request);
    const start = slots.at(-1)!.start;
    let manage: string | undefined;
    for (let i = 0; i < 5 && (await openSlots(request)).some((s) => s.start === start); i++) {
      const response = await book(request, baseURL!, start);
      expect(response.status(), await response.text()).toBe(201);
      manage = ((await response.json()) as { manage_url: string }).manage_url;
    }
    expect((await openSlots(request)).map((s) => s.start)).not.toContain(start);

    await page.goto(manage!);
    await page.getByRole("button", { name: "Annuler le rendez-vous" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Annuler ce rendez-vous ?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Oui, annuler" }).click();
    await expect(page.getByText("Votre rendez-vous est annulé.")).toBeVisible();
    await expect(page.getByText("Statut : Annulé")).toBeVisible();
    await expect(page.getByRole("button", { name: "Annuler le rendez-vous" })).toHaveCount(0);
    // Said plainly, with a way to book again (not "cannot be changed online").
    await expect(page.getByText("Rendez-vous annulé", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Réserver de nouveau" })).toHaveAttribute("href", "/booking");
    await expect(page.getByText(/ne peut plus être modifié en ligne/)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("link", { name: "Réserver de nouveau" })).toBeVisible();

    expect((await openSlots(request)).map((s) => s.start)).toContain(start);
  });

  test("reschedules with the picker: opens on the booking's day, its time marked, then another day", async ({
    page,
    request,
    baseURL,
    axe,
  }) => {
    const booking = await createBooking(request, baseURL!, laterSlot(4));
    await page.goto(booking.path);
    const shown = page.getByTestId("manage-start");
    const before = await shown.textContent();

    await page.getByRole("button", { name: "Changer la date" }).click();
    const picker = page.getByRole("group", { name: "Choisissez un nouveau créneau" });
    const strip = picker.getByRole("group", { name: "Choisissez un jour" });
    const bookedDay = strip.getByRole("radio", { checked: true });
    await expect(bookedDay).toHaveCount(1);
    await expect(picker.getByRole("img", { name: /, heure actuelle de votre rendez-vous$/ })).toBeVisible();
    await expect(picker.locator(`input[name="start"][value="${booking.start}"]`)).toHaveCount(0);
    await expect(strip.getByRole("radio", { name: /, aucune heure libre$/ }).first()).toBeDisabled();
    expect(await axe()).toEqual([]);

    await strip.getByRole("radio", { checked: false, disabled: false }).last().check();
    await expect(picker.getByRole("img", { name: /heure actuelle/ })).toHaveCount(0);
    const slot = picker.getByRole("radio", { name: TIME }).first();
    const newStart = (await slot.getAttribute("value"))!;
    await slot.check();
    await page.getByRole("button", { name: "Confirmer le nouveau créneau" }).click();

    await expect(page.getByText(/^Rendez-vous déplacé au /)).toBeVisible();
    await expect(shown).not.toHaveText(before!);
    const answer = (await (await request.get(`/api/appointments/${booking.booking_id}`)).json()) as {
      start: string;
    };
    expect(answer.start).toBe(newStart);
  });

  test("a time taken meanwhile: the picker reloads the slots and offers the nearest free times", async ({
    page,
    request,
    baseURL,
  }) => {
    const booking = await createBooking(request, baseURL!, laterSlot(6));
    await page.goto(booking.path);
    await page.getByRole("button", { name: "Changer la date" }).click();
    const picker = page.getByRole("group", { name: "Choisissez un nouveau créneau" });
    await picker
      .getByRole("group", { name: "Choisissez un jour" })
      .getByRole("radio", { checked: false, disabled: false })
      .nth(3)
      .check();
    const slot = picker.getByRole("radio", { name: TIME }).last();
    const lost = (await slot.getAttribute("value"))!;
    await slot.check();
    // Others book that time until every team member is taken.
    let status = 0;
    for (let attempt = 0; attempt < 5 && status !== 409; attempt += 1) {
      status = (await book(request, baseURL!, lost)).status();
      expect([201, 409]).toContain(status);
    }
    expect(status).toBe(409);

    await page.getByRole("button", { name: "Confirmer le nouveau créneau" }).click();
    const notice = picker.getByRole("status").filter({ hasText: "Ce créneau vient d'être réservé." });
    await expect(notice).toBeFocused();
    await expect(notice.getByText("Les heures libres les plus proches :")).toBeVisible();
    await expect(picker.locator(`input[name="start"][value="${lost}"]`)).toHaveCount(0);
    await notice.getByRole("button").first().click();
    await expect(picker.getByRole("radio", { name: TIME, checked: true })).toBeFocused();
    await page.getByRole("button", { name: "Confirmer le nouveau créneau" }).click();
    await expect(page.getByText(/^Rendez-vous déplacé au /)).toBeVisible();
  });

  test("less than 24 h before the start, the page says to call", async ({ page, request, baseURL }) => {
    const soon = (await openSlots(request)).find((s) => new Date(s.start).getTime() < Date.now() + DAY_MS);
    test.skip(
      !soon,
      "No open slot starts within 24 h right now (4 h notice and weekday hours): the 24 h rule is covered by the service tests.",
    );
    const response = await book(request, baseURL!, soon!.start);
    expect(response.status(), await response.text()).toBe(201);
    const { manage_url: manageUrl } = (await response.json()) as { manage_url: string };
    await page.goto(manageUrl);
    await expect(page.getByText(/appelez-nous au 450 555-0142/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Appeler le 450 555-0142" })).toHaveAttribute(
      "href",
      "tel:+14505550142",
    );
    await expect(page.getByRole("button", { name: "Annuler le rendez-vous" })).toHaveCount(0);
  });
});
