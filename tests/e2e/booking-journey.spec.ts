import { expect, test } from "./fixtures";

const TIME = /^\d{1,2} h \d{2}$/;
const DAY = /^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2}(?:er)? \p{L}+ \d{4}$/u;

test("a new visitor books 2 cars in Granby with aquapel, then cancels with the manage link", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The address step: H2X 1Y4 refused at the field, J2G 1A1 accepted; Granby follows from it.
  await page.goto("/booking");
  const address = page.getByLabel("Adresse ou code postal");
  await address.fill("H2X 1Y4");
  await address.press("Enter");
  await expect(page.getByText("hors de nos zones de service")).toBeVisible();
  await address.fill("J2G 1A1");
  await page.getByRole("radio", { name: "2 véhicules" }).check();
  await page.getByRole("button", { name: "Voir les disponibilités" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
  await expect(page.getByText("2 véhicules · Granby")).toBeVisible();
  // A slot at least two days ahead, so that the 24 h self-service limit allows the cancellation.
  await page
    .getByRole("group", { name: "Choisissez un jour" })
    .getByRole("radio", { disabled: false })
    .nth(2)
    .check();
  const slot = page.getByRole("group", { name: DAY }).getByRole("radio", { name: TIME }).first();
  await slot.check();
  let start = await slot.getAttribute("value");
  await page.getByRole("checkbox", { name: /Traitement Aquapel/ }).check();
  await page.getByLabel("Nom complet").fill("Émilie Bouchard");
  await page
    .getByRole("region", { name: "Vos coordonnées" })
    .getByLabel("Adresse courriel")
    .fill("emilie.parcours@example.com");
  await page.getByLabel("Téléphone").fill("450 555 0199");
  await expect(page.getByLabel(/^Code postal/)).toHaveValue("J2G 1A1");
  await page.getByLabel("Adresse du service").fill("120 rue Principale, Granby");
  // Another spec running beside this one may book that time first: the page then says so and
  // offers the nearest free times, and the visitor takes the first, as anyone would.
  const taken = page.getByText("Ce créneau vient d'être réservé. Choisissez-en un autre.");
  for (let tries = 1; ; tries++) {
    await page.getByRole("button", { name: "Confirmer la réservation" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Vous êtes réservé" }).or(taken)).toBeVisible({
      timeout: 15_000,
    });
    if (tries === 3 || !(await taken.isVisible())) break;
    await page.getByRole("status").filter({ has: taken }).getByRole("button").first().click();
    start = await page
      .getByRole("group", { name: DAY })
      .getByRole("radio", { checked: true })
      .getAttribute("value");
  }

  // The confirmation shows the booking, aquapel included.
  await expect(page).toHaveURL(/\/booking-success\/[0-9a-z]{10}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Vous êtes réservé" })).toBeVisible();
  const bookingId = page.url().split("/").pop()!;
  await expect(page.getByTestId("success-total")).toHaveText("367,90 $");
  const appointment = await (await request.get(`/api/appointments/${bookingId}`)).json();
  expect(JSON.stringify(appointment)).toContain("Aquapel");

  // The slot is taken now (both Granby members may still be free for it: check the booking itself).
  await page.getByRole("link", { name: "Gérer ma réservation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gérer ma réservation" })).toBeVisible();
  await expect(page.getByText("Statut : Programmé")).toBeVisible();
  await page.getByRole("button", { name: "Annuler le rendez-vous" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Oui, annuler" }).click();
  await expect(page.getByText("Statut : Annulé")).toBeVisible();

  // The slot is open again.
  const slots = await (await request.get("/api/slots?zone=granby&cars=2")).json();
  const starts = slots.days.flatMap((day: { slots: { start: string }[] }) => day.slots.map((s) => s.start));
  expect(starts).toContain(start);
});
