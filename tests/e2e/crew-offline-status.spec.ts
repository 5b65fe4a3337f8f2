/**
 * Status taps made offline at 390 px (issue 32, ADR 088): the demo crew member's wash, started a
 * minute ago (the demo tool, ADR 049), so the test holds at any hour. Offline, « En route » and
 * « Arrivé » wait on the phone with « en attente »; back online they are sent and recorded once.
 * Then the franchisee's booking page shows the stop's checklist and before/after photos.
 * CREW_SHOTS=<dir> also writes screenshots of that page (390 and 1440 px, both themes).
 */
import { newMemberWithStartedWash, removeMember, signInFromInvitation } from "./crew-member";
import { readyStopThroughApi } from "./job-report";
import { appPage, expect, loginAs, test, waitForHydration } from "./fixtures";

const SHOTS = process.env.CREW_SHOTS;

test("@mobile a status tap made offline waits on the phone and is sent once back online; the franchisee sees the checklist and photos", async ({
  browser,
  baseURL,
}) => {
  test.skip(test.info().project.name !== "mobile", "a phone journey");
  test.setTimeout(240_000);
  const context = { baseURL, locale: "fr-CA", timezoneId: "America/Toronto" } as const;

  // A customer's wash, given to a new member of the team (free at any hour), started a minute ago.
  const office = await browser.newContext({ ...context, viewport: { width: 1440, height: 1000 } });
  const franchisee = appPage(await office.newPage());
  await loginAs(franchisee, "franchisee");
  const { memberId, memberName, memberEmail, customer, bookingId, appointmentId } =
    await newMemberWithStartedWash(franchisee, baseURL!, {
      member: "Odile Horsligne",
      customer: "Odile Cliente",
    });

  // The member opens « Ma journée » on the phone, then the network goes.
  const phone = await browser.newContext({
    ...context,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const crew = appPage(await phone.newPage());
  await signInFromInvitation(crew, memberEmail);
  await crew.goto("/crew");
  const mine = crew.getByTestId("crew-stop").filter({ hasText: customer });
  await expect(mine).toBeVisible();
  await waitForHydration(crew);
  await crew.waitForLoadState("networkidle");
  await phone.setOffline(true);

  // Two taps offline: kept on the phone, each said « en attente ».
  await mine.getByRole("button", { name: `En route : ${customer}` }).click();
  const steps = mine.getByTestId("crew-steps");
  await expect(steps.locator("li[data-queued]")).toHaveText(["En route · en attente"]);
  await mine.getByRole("button", { name: `Arrivé : ${customer}` }).click();
  await expect(steps.locator("li[data-queued]")).toHaveText(["En route · en attente", "Arrivé · en attente"]);
  await expect(mine.getByTestId("crew-status-queued")).toHaveText(
    "Hors ligne : 2 statuts en attente, envoyés dès le retour du réseau.",
  );
  await expect(mine.getByRole("button", { name: `Commencé : ${customer}` })).toBeVisible();
  const overflow = await crew.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (SHOTS) await crew.screenshot({ path: `${SHOTS}/crew-status-queued-390-light.png`, fullPage: true });

  // Back online: the taps are sent in order and recorded, at the time they were made.
  await phone.setOffline(false);
  await expect(steps).toContainText(/En route à \d{1,2} h \d{2}/, { timeout: 30_000 });
  await expect(steps).toContainText(/Arrivé à \d{1,2} h \d{2}/);
  await expect(steps.locator("li[data-queued]")).toHaveCount(0);
  await expect(mine.getByTestId("crew-status-queued")).toHaveCount(0);
  await expect(mine.getByTestId("crew-status-message")).toHaveText("Statut en attente envoyé.");
  // Sent again (a lost answer): recorded once.
  const again = await crew.request.post("/crew/status", {
    form: { appointmentId, status: "arrived", tappedAt: String(Date.now()) },
    headers: { origin: baseURL! },
  });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ ok: true, recorded: false, status: "arrived" });

  // The checklist ticked and a before and an after photo sent; the franchisee sees them.
  await readyStopThroughApi(crew.request, baseURL!, appointmentId);
  await franchisee.goto(`/franchisee/bookings/${bookingId}`);
  const history = franchisee.getByTestId("crew-history");
  await expect(history).toContainText(`En route · ${memberName}`);
  await expect(history).toContainText(`Arrivé · ${memberName}`);
  const report = franchisee.getByTestId("desk-job-report");
  await expect(report.getByRole("heading", { name: "Liste de vérification et photos" })).toBeVisible();
  const ticks = report.getByTestId("desk-checklist").getByRole("listitem");
  expect(await ticks.count()).toBeGreaterThanOrEqual(6);
  await expect(report.locator('[data-ticked="false"]')).toHaveCount(0);
  const photos = report.getByTestId("desk-photos").getByRole("img");
  await expect(photos).toHaveCount(2);
  await expect(report.getByRole("img", { name: "Photo avant, véhicule 1" })).toBeVisible();
  await expect(report.getByRole("img", { name: "Photo après, véhicule 1" })).toBeVisible();
  for (const img of await photos.all()) {
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
  }
  // Each thumbnail opens the photo by its signed link; without the token, nothing.
  const href = (await report.getByRole("link").first().getAttribute("href"))!;
  expect(href).toMatch(new RegExp(`^/job-photos/${appointmentId}/[0-9a-f-]{36}\\.webp\\?token=`));
  const file = await franchisee.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/webp");
  expect((await franchisee.request.get(href.split("?")[0]!)).status()).toBe(404);

  if (SHOTS) {
    for (const width of [1440, 390]) {
      await franchisee.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
      for (const scheme of ["dark", "light"] as const) {
        await franchisee.emulateMedia({ colorScheme: scheme });
        await franchisee.reload();
        await expect(photos).toHaveCount(2);
        for (const img of await photos.all()) {
          await img.scrollIntoViewIfNeeded();
          await expect
            .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
            .toBeGreaterThan(0);
        }
        await franchisee.screenshot({
          path: `${SHOTS}/booking-photos-${width}-${scheme}.png`,
          fullPage: true,
        });
      }
    }
  }
  await removeMember(franchisee, baseURL!, memberId);
  await phone.close();
  await office.close();
});
