import { photoJpegWithGps } from "../factories/photo-jpeg";
import { expect, test } from "./fixtures";
import { applicant } from "./application-form";

// The franchise application is a real form (ADR 055): with JavaScript off it shows every step at
// once, takes the typed name as the signature, and the page then shows the receipt and status.
test.use({ javaScriptEnabled: false });

const RUN = Date.now().toString(36);

test("sans JavaScript, la candidature part avec une signature tapée et la page montre son reçu", async ({
  page,
}) => {
  const who = applicant(`sans-js.${RUN}@example.com`, { city: "Magog" });
  await page.goto("/application");
  // Every step shows, each with its heading; no step buttons.
  for (const title of [
    "Vos coordonnées",
    "Votre profil professionnel",
    "Références et financement",
    "Vérification et signature",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Suivant" })).toHaveCount(0);

  await page.getByRole("textbox", { name: "Prénom", exact: true }).fill(who.firstName);
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(who.lastName);
  await page.getByRole("textbox", { name: "Adresse courriel" }).fill(who.email);
  await page.getByRole("textbox", { name: "Téléphone", exact: true }).fill(who.phone);
  await page.getByRole("textbox", { name: "Ville" }).fill(who.city);
  await page.getByRole("radio", { name: "De 20 à 40 km" }).check();
  await page
    .getByRole("group", { name: /permis de conduire/ })
    .getByRole("radio", { name: "Oui" })
    .check();
  await page.getByRole("textbox", { name: "Votre véhicule" }).fill(who.vehicle);
  await page.getByRole("textbox", { name: "Vos disponibilités" }).fill(who.availability);
  // The photo (ADR 076) is a plain file input: it travels with the multipart form.
  const photo = { name: "moi.jpg", mimeType: "image/jpeg", buffer: await photoJpegWithGps() };
  await page.getByLabel(/^Votre photo/).setInputFiles(photo);

  // First without consent nor signature: the server sends the form back, in French, as typed.
  await page.getByRole("button", { name: "Soumettre ma candidature" }).click();
  await expect(page.getByText("Veuillez corriger les champs indiqués.")).toBeVisible();
  await expect(
    page.getByText("Vous devez accepter la vérification des antécédents pour soumettre votre candidature."),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Adresse courriel" })).toHaveValue(who.email);
  await expect(page.getByRole("textbox", { name: "Votre véhicule" })).toHaveValue(who.vehicle);
  // A file input cannot be refilled by the server: the form says to choose the photo again.
  await expect(page.getByText(/Votre photo n'a pas été conservée/)).toBeVisible();
  await page.getByLabel(/^Votre photo/).setInputFiles(photo);

  await page.getByRole("checkbox", { name: /vérification de mes antécédents/ }).check();
  await page.getByRole("button", { name: "Soumettre ma candidature" }).click();
  await expect(page.getByText("Veuillez signer avant de soumettre votre candidature.").first()).toBeVisible();

  await page.getByRole("checkbox", { name: /vérification de mes antécédents/ }).check();
  await page.getByRole("textbox", { name: "Signer au clavier : votre nom complet" }).fill("Léa Tremblay");
  await page.getByRole("button", { name: "Soumettre ma candidature" }).click();

  // The receipt and status replace the form, and stay on a new visit from this browser.
  await expect(page).toHaveURL(/\/application$/);
  await expect(page.getByRole("heading", { name: "Votre candidature" })).toBeVisible();
  await expect(page.getByText("Soumise", { exact: true })).toBeVisible();
  await expect(page.getByText("Magog")).toBeVisible();
  await expect(page.getByText("Numéro de reçu")).toBeVisible();
  await page.goto("/application");
  await expect(page.getByRole("heading", { name: "Votre candidature" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Adresse courriel" })).toHaveCount(0);
});
