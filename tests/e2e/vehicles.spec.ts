import type { Browser, Page } from "@playwright/test";
import { signUpClient } from "./accounts";
import { openMail } from "./dev-mail";
import { appPage, expect, loginAs, test, waitForHydration } from "./fixtures";

/**
 * My vehicles (issue 34 item 1, ADR 085): the admin prices the VUS class, a new client saves two
 * vehicles at 390 px and books both; the summary and the e-mail show each car's price.
 */
const TIME = /^\d{1,2} h \d{2}$/;
/** Where the screenshots go (390 and 1440 px, both themes): only when set. */
const SHOTS = process.env.VEHICLES_SHOTS;
const PHONE = { width: 390, height: 844 };
/** The client of the booking test, whose saved vehicles the screenshots show. */
let clientEmail = "";

test.describe.configure({ mode: "serial" });

async function addVehicle(
  page: Page,
  v: { make: string; model: string; year: string; colour: string; plate?: string; size: string },
) {
  const form = page.getByRole("region", { name: "Ajouter un véhicule" });
  await form.getByLabel("Marque").fill(v.make);
  await form.getByLabel("Modèle").fill(v.model);
  await form.getByLabel("Année").fill(v.year);
  await form.getByLabel("Couleur").fill(v.colour);
  if (v.plate) await form.getByLabel("Plaque (facultatif)").fill(v.plate);
  await form.getByLabel("Catégorie").selectOption({ label: v.size });
  await form.getByRole("button", { name: "Enregistrer le véhicule" }).click();
}

const noSideways = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

test("the admin prices the VUS class 30 $ above the base price", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto("/admin/vehicle-classes");
  await expect(page.getByRole("heading", { level: 1, name: "Catégories de véhicules" })).toBeVisible();
  const vus = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "VUS", exact: true }) });
  // A wrong amount is refused at its field, what was typed kept.
  const first = vus.getByLabel(/^Différence pour/).first();
  await first.fill("trente");
  await vus.getByRole("button", { name: "Enregistrer" }).click();
  await expect(vus.getByText("Entrez un montant en dollars")).toBeVisible();
  await expect(vus.getByLabel(/^Différence pour/).first()).toHaveValue("trente");
  await vus
    .getByLabel(/^Différence pour/)
    .first()
    .fill("30");
  await vus.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Catégorie enregistrée")).toBeVisible();
  await expect(vus.getByLabel(/^Différence pour/).first()).toHaveValue("30,00");
});

test("at 390 px a client saves two vehicles and books both, each priced by its class", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const page = appPage(await context.newPage());
  const email = `vehicules.${Date.now()}@example.com`;
  await signUpClient(page, email, { first: "Émilie", last: "Gagnon" });
  clientEmail = email;

  await page.getByRole("link", { name: "Mes véhicules" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mes véhicules" })).toBeVisible();
  await expect(page.getByTestId("vehicles-empty")).toBeVisible();
  // A missing field is told at the field, the rest kept.
  await page.getByLabel("Marque").fill("Honda");
  await page.getByRole("button", { name: "Enregistrer le véhicule" }).click();
  await expect(page.getByLabel("Modèle")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Marque")).toHaveValue("Honda");
  await addVehicle(page, {
    make: "Honda",
    model: "Civic",
    year: "2019",
    colour: "bleu",
    size: "Auto (149,99 $)",
  });
  await expect(page.getByText("Honda Civic 2019, bleu")).toBeVisible();
  await addVehicle(page, {
    make: "Toyota",
    model: "RAV4",
    year: "2022",
    colour: "gris",
    plate: "abc 123",
    size: "VUS (179,99 $)",
  });
  const list = page.getByRole("list", { name: "Véhicules enregistrés" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list).toContainText("VUS · Plaque ABC 123");
  await noSideways(page);

  // The booking: the saved vehicles instead of a count, both ticked.
  await page.goto(`/booking/${crypto.randomUUID()}`);
  await waitForHydration(page);
  await page.getByLabel("Adresse ou code postal").fill("J2G 2T5");
  const vehicles = page.getByRole("group", { name: "Vos véhicules" });
  await expect(vehicles.getByRole("checkbox", { name: /Honda Civic 2019, bleu/ })).toBeChecked();
  await vehicles.getByRole("checkbox", { name: /Toyota RAV4 2022, gris/ }).check();
  await expect(page.getByRole("radio", { name: "2 véhicules" })).toHaveCount(0);
  await noSideways(page);
  await page.getByRole("button", { name: "Voir les disponibilités" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Choisissez votre créneau" })).toBeVisible();
  await expect(page.getByText("2 véhicules · Granby")).toBeVisible();
  await page
    .getByRole("group", { name: "Choisissez un jour" })
    .getByRole("radio", { disabled: false })
    .nth(3)
    .check();
  await page.getByRole("radio", { name: TIME }).first().check();
  await page.getByLabel("Téléphone").fill("450 555 0177");
  await page.getByLabel("Adresse du service").fill("120 rue Principale, Granby");

  // 149,99 $ + 179,99 $ = 329,98 $; TPS 16,50 $; TVQ 32,92 $; total 379,40 $.
  const summary = page.getByTestId("booking-summary").first();
  const cars = summary.getByTestId("summary-vehicle");
  await expect(cars).toHaveCount(2);
  await expect(cars.nth(0)).toContainText("Auto · Honda Civic 2019, bleu");
  await expect(cars.nth(0)).toContainText("149,99 $");
  await expect(cars.nth(1)).toContainText("VUS · Toyota RAV4 2022, gris");
  await expect(cars.nth(1)).toContainText("179,99 $");
  await expect(summary.getByTestId("summary-total")).toHaveText("379,40 $");
  await noSideways(page);
  if (SHOTS) await shot(page, "wizard-step-2", 390, "light");
  await page.getByRole("button", { name: "Confirmer la réservation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Vous êtes réservé" })).toBeVisible();
  await expect(page.getByTestId("success-total")).toHaveText("379,40 $");

  // The confirmation e-mail lists each car with its price.
  await openMail(page, email, /^Réservation confirmée/);
  const mail = page.getByRole("article");
  await expect(mail).toContainText("VUS · Toyota RAV4 2022, gris : 179,99 $");
  await expect(mail).toContainText("Total : 379,40 $");
  await context.close();
});

async function shot(page: Page, name: string, width: number, scheme: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true });
}

/** The new and changed screens at 390 and 1440 px, light and dark (only with VEHICLES_SHOTS). */
test("screenshots", async ({ browser, baseURL }) => {
  test.skip(!SHOTS, "VEHICLES_SHOTS unset");
  test.setTimeout(240_000);
  const signedIn = async (
    b: Browser,
    width: number,
    scheme: "light" | "dark",
    email: string | null,
    password = "Demo12345!",
  ) => {
    const context = await b.newContext({ baseURL, viewport: { width, height: 900 }, colorScheme: scheme });
    const page = await context.newPage();
    if (email) {
      const login = await page.request.post("/api/auth/sign-in/email", {
        data: { email, password },
        headers: { origin: baseURL! },
      });
      expect(login.ok()).toBe(true);
    }
    return { context, page };
  };
  for (const scheme of ["light", "dark"] as const) {
    for (const width of [390, 1440]) {
      const admin = await signedIn(browser, width, scheme, "admin@example.com");
      await admin.page.goto("/admin/vehicle-classes");
      await shot(admin.page, "admin-vehicle-classes", width, scheme);
      await admin.context.close();
      const visitor = await signedIn(browser, width, scheme, null);
      await visitor.page.goto("/booking?where=J2G+2T5&cars=2&size=auto&size=vus");
      await shot(visitor.page, "wizard-step-1-visitor", width, scheme);
      await visitor.page.goto("/booking?where=J2G+2T5&cars=2&size=auto&size=vus&step=2");
      await shot(visitor.page, "wizard-step-2-visitor", width, scheme);
      await visitor.context.close();
      if (clientEmail) {
        const client = await signedIn(browser, width, scheme, clientEmail, "unMotDePasse1");
        await client.page.goto("/client/vehicles");
        await shot(client.page, "client-vehicles", width, scheme);
        await client.page.goto("/booking?where=J2G+2T5");
        await shot(client.page, "wizard-step-1-client", width, scheme);
        await client.context.close();
      }
    }
  }
});
