import { signUpClient } from "./accounts";
import { bookThroughApi, openSlots } from "./bookings";
import { openMail } from "./dev-mail";
import { expect, test, waitForHydration } from "./fixtures";

/** Where the screenshots go when asked (SHOTS_DIR); never committed. */
const SHOTS = process.env.SHOTS_DIR;

test.describe("a freed time goes to who wanted it (ADR 091)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("asks to be told for a day, a cancellation frees a time, the e-mail's link opens the wizard on it", async ({
    page,
    request,
    baseURL,
    axe,
  }) => {
    test.setTimeout(120_000);
    /** The request form at 390 and 1440 px, in both themes, then back to 390 px light. */
    async function shots(name: string) {
      if (!SHOTS) return;
      for (const width of [390, 1440])
        for (const theme of ["clair", "sombre"] as const) {
          await page.setViewportSize({ width, height: 900 });
          // The header's theme button (the theme is the site's own choice, kept in storage).
          const toggle = page.getByRole("button", { name: `Activer le thème ${theme}` }).first();
          if (await toggle.isVisible()) await toggle.click();
          await box.scrollIntoViewIfNeeded();
          await page.screenshot({
            path: `${SHOTS}/${name}-${width}-${theme === "clair" ? "light" : "dark"}.png`,
          });
        }
      const light = page.getByRole("button", { name: "Activer le thème clair" }).first();
      if (await light.isVisible()) await light.click();
      await page.setViewportSize({ width: 390, height: 844 });
    }
    const email = `liberee-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.com`;
    // A day with an open time 8 to 12 days ahead on the business clock: the form lists 14 days
    // from Toronto's today, which is UTC's yesterday in the evening (the day was once UTC's, and
    // fell past the form's last day after 19 h).
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(new Date());
    const from = new Date(Date.parse(`${today}T12:00:00Z`) + (8 + Math.floor(Math.random() * 3)) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const slot =
      (await openSlots(request, { from, days: 1 }))[0] ?? (await openSlots(request, { from, days: 3 }))[0];
    expect(slot, "an open time").toBeTruthy();
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(
      new Date(slot!.start),
    );
    const booking = await bookThroughApi(request, baseURL!, {
      start: slot!.start,
      name: "Client Test",
      email: `pris-${email}`,
    });

    await page.goto("/booking?zone=granby&cars=1&step=2");
    const box = page.getByTestId("freed-time");
    // The link under the picker opens the request form further down.
    await page.getByRole("link", { name: "Aucune heure ne vous convient ?" }).click();
    await expect(box.getByRole("button", { name: "Me prévenir" })).toBeVisible();
    await box.getByRole("button", { name: "Me prévenir" }).click();
    await expect(box.getByText("Choisissez au moins un jour.")).toBeVisible();
    await box.getByRole("textbox", { name: "Adresse courriel" }).fill(email);
    await box.locator(`input[type=checkbox][value="${day}"]`).check();
    await shots("form");
    expect(await axe()).toEqual([]);
    await box.getByRole("button", { name: "Me prévenir" }).click();
    const done = box.getByRole("status");
    await expect(done).toContainText("C'est noté.");
    await expect(done).toBeFocused();
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways).toBe(false);
    await shots("success");

    // The booking on that day is cancelled: the freed time is offered once, by e-mail.
    const token = new URL(booking.manage_url).searchParams.get("token");
    const cancelled = await request.post(`/api/bookings/${booking.booking_id}/cancel`, {
      data: { token },
      headers: { origin: baseURL! },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await openMail(page, email, /^Une heure s'est libérée/);
    await page
      .getByRole("link", { name: /\/booking\?zone=granby/ })
      .first()
      .click();
    await expect(page).toHaveURL(/step=2/);
    await expect(page.locator(`input[type=radio][name=start][value="${slot!.start}"]`)).toBeChecked();
    const offerUrl = page.url();

    // Taken meanwhile (when no other member can take it): the wizard says the time is gone, as
    // it does for a time kept by « Modifier » (ADR 093), and offers the others.
    await bookThroughApi(request, baseURL!, {
      start: slot!.start,
      name: "Client Test",
      email: `rapide-${email}`,
    }).catch(() => undefined);
    await page.goto(offerUrl);
    const notice = page.getByTestId("kept-notice");
    if (await notice.isVisible()) await expect(notice).toContainText("n'est plus libre");
  });

  test("a signed-in client finds their cellphone filled in, and is told a texto will come too", async ({
    page,
    axe,
  }) => {
    test.setTimeout(120_000);
    const email = `texto-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.com`;
    await signUpClient(page, email);
    await waitForHydration(page);
    const account = page.getByRole("region", { name: "Mon compte" });
    await account.getByRole("button", { name: "Modifier mes informations" }).click();
    const edit = page.getByRole("dialog", { name: "Modifier mes informations" });
    await edit.getByLabel("Téléphone").fill("450 555 0142");
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("Vos informations sont enregistrées.")).toBeVisible();

    await page.goto("/booking?zone=granby&cars=1&step=2");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Aucune heure ne vous convient ?" }).click();
    const box = page.getByTestId("freed-time");
    await expect(box.getByRole("textbox", { name: "Adresse courriel" })).toHaveValue(email);
    const phone = box.getByRole("textbox", { name: "Cellulaire (facultatif)" });
    await expect(phone).toHaveValue("450 555-0142");
    // The texto is the customer's choice: the box stays unticked until they tick it.
    const texto = box.getByRole("checkbox", { name: "Me prévenir aussi par texto pour cette demande" });
    await expect(texto).not.toBeChecked();
    await texto.check();
    await phone.fill("");
    await box.locator("input[type=checkbox][name=days]").first().check();
    await box.getByRole("button", { name: "Me prévenir" }).click();
    await expect(box.getByText("Entrez votre cellulaire pour être prévenu par texto.")).toBeVisible();
    await phone.fill("450 555 0142");
    expect(await axe()).toEqual([]);
    if (SHOTS) await box.screenshot({ path: `${SHOTS}/texto-form-390.png` });
    await box.getByRole("button", { name: "Me prévenir" }).click();
    const done = box.getByRole("status");
    await expect(done).toContainText("Nous vous écrirons et vous enverrons un texto si une heure se libère");
    await expect(done).toContainText("Pour les textos, répondez STOP.");
    if (SHOTS)
      for (const width of [390, 1440])
        for (const theme of ["sombre", "clair"] as const) {
          await page.setViewportSize({ width, height: 900 });
          const toggle = page.getByRole("button", { name: `Activer le thème ${theme}` }).first();
          if (await toggle.isVisible()) await toggle.click();
          await box.screenshot({ path: `${SHOTS}/texto-done-${width}-${theme}.png` });
        }
    await page.setViewportSize({ width: 390, height: 844 });

    // The booking's details have the same cellphone filled in.
    await page
      .getByRole("radio", { name: /\d{1,2} h \d{2}/ })
      .first()
      .check();
    await expect(page.getByRole("region", { name: "Vos coordonnées" }).getByLabel("Téléphone")).toHaveValue(
      "450 555-0142",
    );
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(sideways).toBe(false);
  });
});
