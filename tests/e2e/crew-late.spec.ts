/**
 * A late crew at 390 px (issue 32 item 3, ADR 078): a new team member's wash started a while ago
 * and their next stop follows it with no slack (the demo tool, ADR 049), both on today's day
 * whatever the hour. « En route » then finds the next stop late: the crew is told who was warned,
 * the next customer gets one e-mail with the new time, and the franchisee's schedule, open the
 * whole time, flags the next stop without a reload. « Arrivé » moves the flag and tells nobody
 * again. CREW_SHOTS=<dir> also writes screenshots (390 px both themes, the schedule at 1440 px).
 */
import { bookThroughApi, openSlots } from "./bookings";
import { newMemberWithStartedWash, removeMember, signInFromInvitation, torontoDate } from "./crew-member";
import { openMail } from "./dev-mail";
import { appPage, expect, loginAs, test, waitForHydration } from "./fixtures";

const SHOTS = process.env.CREW_SHOTS;

/** Minutes since midnight and until midnight, on Toronto's wall clock. */
function torontoMinutes(at = new Date()): { since: number; until: number } {
  const [hour, minute] = new Intl.DateTimeFormat("en-GB", {
    timeZone: "America/Toronto",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(at)
    .split(":")
    .map(Number) as [number, number];
  const since = hour * 60 + minute;
  return { since, until: 24 * 60 - since };
}

test("@mobile a late crew: the next customer is told the new time once and the franchisee sees the flag without a reload", async ({
  browser,
  baseURL,
}) => {
  test.skip(test.info().project.name !== "mobile", "a phone journey");
  test.setTimeout(300_000);
  const context = { baseURL, locale: "fr-CA", timezoneId: "America/Toronto" } as const;

  // In the first two minutes of a day, yesterday's start would leave today's « Ma journée ».
  if (torontoMinutes().since < 2) await new Promise((resolve) => setTimeout(resolve, 120_000));

  const office = await browser.newContext({ ...context, viewport: { width: 1440, height: 1000 } });
  const franchisee = appPage(await office.newPage());
  await loginAs(franchisee, "franchisee");
  const first = await newMemberWithStartedWash(franchisee, baseURL!, {
    member: "Léa Tardive",
    customer: "Paul Premier",
  });
  // Both stops on today's day: near midnight the first one started earlier (a wash and its set-up
  // last well under four hours), and the second follows it with no slack.
  const minutesAgo = Math.max(1, 240 - torontoMinutes().until);
  const moved = await franchisee.request.post("/api/dev/start-appointment", {
    data: { bookingId: first.bookingId, minutesAgo },
    headers: { origin: baseURL! },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  const suffix = Math.random().toString(36).slice(2, 7);
  const nextCustomer = `Nina Suivante${suffix}`;
  const nextEmail = `suivante.${suffix}@example.com`;
  const [slot] = await openSlots(franchisee.request);
  const { booking_id: nextBookingId } = await bookThroughApi(franchisee.request, baseURL!, {
    start: slot!.start,
    name: nextCustomer,
    email: nextEmail,
    smsConsent: true,
  });
  const follows = await franchisee.request.post("/api/dev/start-appointment", {
    data: { bookingId: nextBookingId, afterBookingId: first.bookingId },
    headers: { origin: baseURL! },
  });
  expect(follows.ok(), await follows.text()).toBe(true);

  // The franchisee's schedule of today stays open: a mark on the window tells a reload.
  // Playwright's clock runs as the real one; the wait below moves it on by the schedule's refresh
  // interval (20 s, use-live-schedule.ts) instead of waiting for it.
  await office.clock.install();
  await franchisee.goto(`/franchisee/schedule?view=day&date=${torontoDate()}`);
  await waitForHydration(franchisee);
  await franchisee.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const nextStop = franchisee.locator(`li[data-booking-id="${nextBookingId}"]`);
  await expect(nextStop).toBeVisible();
  await expect(nextStop).not.toContainText("En retard");

  // The member opens « Ma journée »: two stops, the second after the first.
  const phone = await browser.newContext({
    ...context,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const crew = appPage(await phone.newPage());
  await signInFromInvitation(crew, first.memberEmail);
  await crew.goto("/crew");
  const stops = crew.getByTestId("crew-stop");
  await expect(stops).toHaveCount(2);
  await expect(stops.nth(0)).toContainText(first.customer);
  await expect(stops.nth(1)).toContainText(nextCustomer);
  await waitForHydration(crew);

  // « En route » to a wash that should have started: the next stop is late, its customer told.
  const mine = stops.filter({ hasText: first.customer });
  await mine.getByRole("button", { name: `En route : ${first.customer}` }).click();
  const message = mine.getByTestId("crew-status-message");
  await expect(message).toHaveText(
    new RegExp(
      `^Statut enregistré : En route\\. Retard : ${nextCustomer} a été prévenu\\(e\\) d'une arrivée vers \\d{1,2} h \\d{2}\\.$`,
    ),
  );
  const told = /vers (\d{1,2} h \d{2})/.exec((await message.textContent())!)![1]!;
  const overflow = await crew.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  if (SHOTS) await crew.screenshot({ path: `${SHOTS}/crew-late-390-light.png`, fullPage: true });

  // The franchisee's schedule flags the next stop, with the time told, without a reload.
  await franchisee.clock.fastForward(20_000);
  await expect(nextStop).toContainText(new RegExp(`En retard : arrivée prévue vers ${told} \\(\\d+ min\\)`), {
    timeout: 30_000,
  });
  expect(await franchisee.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
    true,
  );
  if (SHOTS) await franchisee.screenshot({ path: `${SHOTS}/schedule-late-1440-light.png`, fullPage: true });

  // « Arrivé » later: the flag follows, nobody is told twice.
  await mine.getByRole("button", { name: `Arrivé : ${first.customer}` }).click();
  await expect(mine.getByTestId("crew-steps")).toContainText(/Arrivé à \d{1,2} h \d{2}/);
  const inbox = appPage(await phone.newPage());
  await openMail(inbox, nextEmail, new RegExp(`^Nouvelle heure d'arrivée : vers ${told}`));
  await expect(
    inbox.getByText(
      /Notre équipe a pris du retard sur l'arrêt précédent\. Prévu à \d{1,2} h \d{2}, votre lavage/,
    ),
  ).toBeVisible();
  await openMail(inbox, nextEmail, /^Nouvelle heure d'arrivée/, 1);
  await inbox.close();

  if (SHOTS) {
    for (const scheme of ["dark", "light"] as const) {
      await crew.emulateMedia({ colorScheme: scheme });
      await crew.reload();
      await expect(stops).toHaveCount(2);
      await crew.screenshot({ path: `${SHOTS}/crew-late-after-390-${scheme}.png`, fullPage: true });
    }
  }

  await removeMember(franchisee, baseURL!, first.memberId);
  await phone.close();
  await office.close();
});
