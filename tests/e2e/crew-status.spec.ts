/**
 * The crew's status taps at 390 px (issue 32, ADR 078): a new team member, invited by the
 * franchisee, has a wash that started a minute ago (the demo tool, ADR 049), so the test holds at
 * any hour. The member marks « En route » (the phone's position is shared: the customer's e-mail
 * gives an arrival time), « Arrivé », « Commencé », « Terminé »; the franchisee's schedule, open
 * the whole time, shows each step without a reload; the booking's history lists them.
 * CREW_SHOTS=<dir> also writes screenshots (390 px both themes, the schedule at 1440 px).
 */
import { newMemberWithStartedWash, removeMember, signInFromInvitation, torontoDate } from "./crew-member";
import { openMail } from "./dev-mail";
import { readyStopThroughApi } from "./job-report";
import { appPage, expect, loginAs, test, waitForHydration } from "./fixtures";

const SHOTS = process.env.CREW_SHOTS;

/** How often the open schedule refreshes (app/components/franchisee/use-live-schedule.ts, ADR 078). */
const SCHEDULE_REFRESH_MS = 20_000;

test("@mobile the crew marks each step in one tap; the customer gets the arrival time and the schedule follows without a reload", async ({
  browser,
  baseURL,
}) => {
  test.skip(test.info().project.name !== "mobile", "a phone journey");
  test.setTimeout(240_000);
  const context = { baseURL, locale: "fr-CA", timezoneId: "America/Toronto" } as const;

  // The franchisee adds a member, invites them to the app, and gives them a wash started a minute ago.
  const office = await browser.newContext({ ...context, viewport: { width: 1440, height: 1000 } });
  const franchisee = appPage(await office.newPage());
  await loginAs(franchisee, "franchisee");
  const { memberId, memberName, memberEmail, customer, customerEmail, bookingId, appointmentId } =
    await newMemberWithStartedWash(franchisee, baseURL!, { member: "Noé Laveur", customer: "Hélène Client" });

  // The schedule of today stays open from now on: a mark on the window tells a reload. Its clock
  // is Playwright's, which runs as the real one and is moved on by the schedule's refresh interval
  // (20 s, SCHEDULE_REFRESH_MS) where the test waits for the next refresh.
  await office.clock.install();
  await franchisee.goto(`/franchisee/schedule?view=day&date=${torontoDate()}`);
  await waitForHydration(franchisee);
  await franchisee.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const stop = franchisee.locator(`li[data-booking-id="${bookingId}"]`);
  await expect(stop).toBeVisible();

  // The member sets a password from the invitation and opens « Ma journée » on the phone.
  const phone = await browser.newContext({
    ...context,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ["geolocation"],
    // Near Granby's centre.
    geolocation: { latitude: 45.38, longitude: -72.7 },
  });
  const crew = appPage(await phone.newPage());
  await signInFromInvitation(crew, memberEmail);
  await crew.goto("/crew");
  const mine = crew.getByTestId("crew-stop").filter({ hasText: customer });
  await expect(mine).toBeVisible();

  if (SHOTS) await crew.screenshot({ path: `${SHOTS}/crew-before-390-light.png`, fullPage: true });

  // « En route »: one tap, the position shared, the arrival time shown and told.
  await mine.getByRole("button", { name: `En route : ${customer}` }).click();
  const steps = mine.getByTestId("crew-steps");
  await expect(steps).toContainText(/En route à \d{1,2} h \d{2}/);
  await expect(steps).toContainText(/Arrivée prévue vers \d{1,2} h \d{2}/);
  await expect(mine.getByRole("button", { name: `En route : ${customer}` })).toHaveCount(0);
  // The franchisee's schedule shows it without a reload (polling, ADR 078).
  await franchisee.clock.fastForward(SCHEDULE_REFRESH_MS);
  await expect(stop.getByTestId("crew-progress")).toContainText(/En route à \d{1,2} h \d{2}/, {
    timeout: 30_000,
  });
  await expect(franchisee.locator(`a[data-booking-id="${bookingId}"]`)).toContainText("En route");
  expect(await franchisee.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
    true,
  );

  // The customer's e-mail gives the arrival time.
  const inbox = appPage(await phone.newPage());
  await openMail(inbox, customerEmail, /Notre équipe est en route : arrivée vers \d{1,2} h \d{2}/);
  await expect(inbox.getByText(/Arrivée prévue vers \d{1,2} h \d{2}, selon la route\./)).toBeVisible();
  await inbox.close();

  await mine.getByRole("button", { name: `Arrivé : ${customer}` }).click();
  await expect(steps).toContainText(/Arrivé à \d{1,2} h \d{2}/);
  await mine.getByRole("button", { name: `Commencé : ${customer}` }).click();
  await expect(steps).toContainText(/Commencé à \d{1,2} h \d{2}/);
  await expect(mine.getByRole("button", { name: `Terminé : ${customer}` })).toBeVisible();
  const overflow = await crew.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (SHOTS) {
    // The theme follows the system's on load: each scheme is shot after a reload.
    for (const scheme of ["dark", "light"] as const) {
      await crew.emulateMedia({ colorScheme: scheme });
      await crew.reload();
      await expect(steps).toContainText(/Commencé à/);
      await crew.screenshot({ path: `${SHOTS}/crew-status-390-${scheme}.png`, fullPage: true });
    }
  }
  await franchisee.clock.fastForward(SCHEDULE_REFRESH_MS);
  await expect(stop.getByTestId("crew-progress")).toContainText(/Commencé à \d{1,2} h \d{2}/, {
    timeout: 30_000,
  });
  if (SHOTS) await franchisee.screenshot({ path: `${SHOTS}/schedule-1440-light.png`, fullPage: true });

  // « Terminé » completes the wash, as the franchisee would, once the checklist is ticked and the
  // before/after photos sent (ADR 088, tested on its own in crew-report.spec.ts).
  await readyStopThroughApi(crew.request, baseURL!, appointmentId);
  await mine.getByRole("button", { name: `Terminé : ${customer}` }).click();
  await expect(steps).toContainText(/Terminé à \d{1,2} h \d{2}/);
  await expect(mine.getByRole("button")).toHaveCount(0);
  await franchisee.clock.fastForward(SCHEDULE_REFRESH_MS);
  await expect(stop.getByTestId("crew-progress")).toContainText(/Terminé à \d{1,2} h \d{2}/, {
    timeout: 30_000,
  });
  await expect(stop.getByText("Terminé", { exact: true })).toBeVisible();
  expect(await franchisee.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
    true,
  );

  // The booking's history lists the steps with who tapped them; the text told the arrival time.
  await franchisee.goto(`/franchisee/bookings/${bookingId}`);
  const history = franchisee.getByTestId("crew-history");
  for (const step of ["En route", "Arrivé", "Commencé", "Terminé"])
    await expect(history).toContainText(`${step} · ${memberName}`);
  await expect(
    franchisee.getByText(/notre équipe est en route, arrivée prévue vers \d{1,2} h \d{2}/),
  ).toBeVisible();
  if (SHOTS) await franchisee.screenshot({ path: `${SHOTS}/booking-history-1440-light.png`, fullPage: true });

  await removeMember(franchisee, baseURL!, memberId);
  await phone.close();
  await office.close();
});

test("@mobile without JavaScript, each step is a plain form post on the crew's own stop", async ({
  browser,
  baseURL,
}) => {
  test.skip(test.info().project.name !== "mobile", "a phone journey");
  const phone = await browser.newContext({
    baseURL,
    locale: "fr-CA",
    timezoneId: "America/Toronto",
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
  });
  const page = await phone.newPage();
  const signedIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: "crew@example.com", password: "Demo12345!" },
    headers: { origin: baseURL! },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  // The demo crew's seeded stops of tomorrow (ADR 077): « En route » needs no started wash. The seed
  // adds today and the next two days, so a run that crosses midnight in Toronto still has a tomorrow
  // nobody else taps.
  await page.goto(`/crew?date=${torontoDate(new Date(Date.now() + 86_400_000))}`);
  const stop = page.getByTestId("crew-stop").filter({ hasText: "Yves Paquette" });
  await stop.getByRole("button", { name: "En route : Yves Paquette" }).click();
  await expect(stop.getByTestId("crew-status-message")).toHaveText("Statut enregistré : En route.");
  await expect(stop.getByTestId("crew-steps")).toContainText(/Arrivée prévue vers \d{1,2} h \d{2}/);
  await stop.getByRole("button", { name: "Arrivé : Yves Paquette" }).click();
  await expect(stop.getByTestId("crew-steps")).toContainText(/Arrivé à \d{1,2} h \d{2}/);
  await expect(stop.getByRole("button", { name: /^(En route|Arrivé) :/ })).toHaveCount(0);
  await phone.close();
});
