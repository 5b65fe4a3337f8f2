/**
 * The stop's checklist, photos and wash report at 390 px (issue 32, items 4 to 6, ADR 088): a new
 * team member's wash, started a minute ago (the demo tool, ADR 049), so it holds at any hour. The member ticks the
 * checklist, goes offline, takes two photos (the file chooser stands for the camera), sees
 * « 2 photos en attente », comes back online and the photos arrive; « Terminé » sends the customer
 * the report with the photos. CREW_SHOTS=<dir> also writes screenshots (the stop at 390 px in
 * both themes, the admin's checklist editor at 1440 px in both themes).
 */
import { newMemberWithStartedWash, removeMember, signInFromInvitation } from "./crew-member";
import { openMail } from "./dev-mail";
import { appPage, expect, loginAs, test, waitForHydration } from "./fixtures";
import { carPhoto } from "./job-report";

const SHOTS = process.env.CREW_SHOTS;

test("@mobile the crew ticks the checklist, photos wait offline and arrive, « Terminé » sends the customer the report", async ({
  browser,
  baseURL,
}) => {
  test.skip(test.info().project.name !== "mobile", "a phone journey");
  test.setTimeout(240_000);
  const context = { baseURL, locale: "fr-CA", timezoneId: "America/Toronto" } as const;

  // A customer's wash (texts accepted), given to a new member of the team, started a minute ago.
  const office = await browser.newContext({ ...context, viewport: { width: 1440, height: 1000 } });
  const franchisee = appPage(await office.newPage());
  await loginAs(franchisee, "franchisee");
  const { memberId, memberEmail, customer, customerEmail } = await newMemberWithStartedWash(
    franchisee,
    baseURL!,
    { member: "Léo Rapport", customer: "Rachel Rapport" },
  );

  // The member opens the stop from « Ma journée ».
  const phone = await browser.newContext({
    ...context,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const crew = appPage(await phone.newPage());
  await signInFromInvitation(crew, memberEmail);
  await crew.goto("/crew");
  await crew.getByRole("link", { name: `Liste de vérification et photos : ${customer}` }).click();
  await expect(crew.getByRole("heading", { level: 1, name: customer })).toBeVisible();
  await waitForHydration(crew);
  const missing = crew.getByTestId("report-missing");
  await expect(missing).toContainText("étapes obligatoires à cocher");
  await expect(missing).toContainText("Photo « Avant » manquante");
  if (SHOTS) {
    for (const scheme of ["dark", "light"] as const) {
      await crew.emulateMedia({ colorScheme: scheme });
      await crew.reload();
      await crew.screenshot({ path: `${SHOTS}/crew-stop-390-${scheme}.png`, fullPage: true });
    }
  }

  // « Terminé » before the checklist and the photos: refused on the server.
  await crew.getByRole("button", { name: `Terminé : ${customer}` }).click();
  await expect(crew.getByTestId("crew-status-message")).toHaveText(
    "« Terminé » demande les étapes obligatoires cochées et une photo avant et après de chaque véhicule.",
  );

  // The checklist, ticked as the job goes.
  const checklist = crew.getByTestId("checklist");
  const steps = checklist.getByRole("button");
  const count = await steps.count();
  expect(count).toBeGreaterThanOrEqual(6);
  for (let i = 0; i < count; i++) {
    await steps.nth(i).click();
    await expect(steps.nth(i)).toHaveAttribute("aria-pressed", "true");
  }
  await expect(missing).not.toContainText("étapes obligatoires");
  // Every tick is on the server (the page's data says so) before the network goes.
  await expect(crew.getByText(`${count} sur ${count} cochées`)).toBeVisible();
  await crew.waitForLoadState("networkidle");

  // Offline, two photos taken: kept on the phone, counted as waiting.
  await phone.setOffline(true);
  for (const [label, colour] of [
    ["Photo avant", { r: 120, g: 80, b: 40 }],
    ["Photo après", { r: 40, g: 120, b: 200 }],
  ] as const) {
    const chooser = crew.waitForEvent("filechooser");
    await crew.getByText(label, { exact: true }).click();
    await (
      await chooser
    ).setFiles({ name: `${label}.jpg`, mimeType: "image/jpeg", buffer: await carPhoto(colour) });
  }
  const pending = crew.getByTestId("photos-pending");
  await expect(pending).toContainText("« 2 photos en attente »");
  await expect(crew.getByTestId("photo-waiting")).toHaveCount(2);
  if (SHOTS) await crew.screenshot({ path: `${SHOTS}/crew-stop-offline-390-light.png`, fullPage: true });
  const overflow = await crew.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Back online: the queue sends them, the server keeps them.
  await phone.setOffline(false);
  await expect(pending).toHaveCount(0, { timeout: 30_000 });
  await expect(crew.getByTestId("photo-stored")).toHaveCount(2);
  await expect(crew.getByTestId("report-ready")).toBeVisible();

  // « Terminé »: the wash is completed and the customer gets the report.
  await crew.getByRole("button", { name: `Terminé : ${customer}` }).click();
  await expect(crew.getByTestId("crew-steps")).toContainText(/Terminé à \d{1,2} h \d{2}/);
  if (SHOTS) {
    for (const scheme of ["dark", "light"] as const) {
      await crew.emulateMedia({ colorScheme: scheme });
      await crew.reload();
      await crew.screenshot({ path: `${SHOTS}/crew-stop-done-390-${scheme}.png`, fullPage: true });
    }
  }

  const inbox = appPage(await phone.newPage());
  await openMail(inbox, customerEmail, /Votre lavage est terminé : le rapport et les photos/);
  const photoLinks = inbox.getByRole("link", { name: /\/job-photos\/.+\.webp\?token=/ });
  await expect(photoLinks).toHaveCount(2);
  await expect(inbox.getByText(/Tour du véhicule : dommages existants notés/)).toBeVisible();
  await expect(inbox.getByText(/Total : .+ taxes incluses/)).toBeVisible();
  await expect(inbox.getByRole("link", { name: /\/review\// }).first()).toBeVisible();
  const photo = await inbox.request.get((await photoLinks.first().getAttribute("href"))!);
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/webp");
  // The same link without its token opens nothing.
  const bare = await inbox.request.get((await photoLinks.first().getAttribute("href"))!.split("?")[0]!);
  expect(bare.status()).toBe(404);
  // One message: no second « Votre lavage est terminé » e-mail.
  await inbox.goto("/dev/mail");
  await expect(
    inbox
      .getByRole("listitem")
      .filter({ hasText: customerEmail })
      .filter({ hasText: /Votre lavage est terminé/ }),
  ).toHaveCount(1);
  await removeMember(franchisee, baseURL!, memberId);
  await phone.close();
  await office.close();
});

test("@mobile the admin edits a service's checklist", async ({ browser, baseURL }) => {
  test.skip(test.info().project.name !== "mobile", "one run is enough");
  const office = await browser.newContext({
    baseURL,
    locale: "fr-CA",
    timezoneId: "America/Toronto",
    viewport: { width: 1440, height: 1000 },
  });
  const admin = appPage(await office.newPage());
  await loginAs(admin, "admin");
  await admin.goto("/admin/services");
  await admin.getByRole("link", { name: "Liste de vérification de Lavage Signature" }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(
    "Liste de vérification : Lavage Signature",
  );
  const label = `Pneus lustrés ${Math.random().toString(36).slice(2, 6)}`;
  const add = admin.getByRole("region", { name: "Nouvelle étape" });
  await add.getByLabel("Étape").fill(label);
  await add.getByRole("button", { name: "Ajouter l'étape" }).click();
  await expect(admin.getByText("Étape enregistrée.").first()).toBeVisible();
  await expect(
    admin
      .getByRole("list", { name: /Liste de vérification/ })
      .getByRole("textbox")
      .last(),
  ).toHaveValue(label);
  if (SHOTS) {
    for (const scheme of ["dark", "light"] as const) {
      await admin.emulateMedia({ colorScheme: scheme });
      await admin.reload();
      await admin.screenshot({ path: `${SHOTS}/admin-checklist-1440-${scheme}.png`, fullPage: true });
    }
  }
  await admin.getByRole("button", { name: `Retirer l'étape ${label}` }).click();
  await expect(admin.getByText("Étape retirée.").first()).toBeVisible();
  await expect(admin.getByRole("button", { name: `Retirer l'étape ${label}` })).toHaveCount(0);
  await office.close();
});
