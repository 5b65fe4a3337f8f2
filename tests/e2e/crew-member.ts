import type { Page } from "@playwright/test";
import { bookThroughApi, openSlots } from "./bookings";
import { openMail } from "./dev-mail";
import { expect, waitForHydration } from "./fixtures";

const PASSWORD = "Equipe-Prestige-2026!";

/** The Toronto wall-clock time of an instant, HH:MM. */
function torontoTime(at: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "America/Toronto",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
}

/** The Toronto date of an instant, as the schedule takes it. */
export function torontoDate(at: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(at);
}

export interface CrewWash {
  memberId: string;
  memberName: string;
  memberEmail: string;
  customer: string;
  customerEmail: string;
  bookingId: string;
  appointmentId: string;
}

/**
 * A new member of the signed-in franchisee's team, invited to the app, with a customer's wash
 * (texts accepted) that started a minute ago (the demo tool, ADR 049). The member is new, so free
 * at any hour: the test holds whatever the time of day, unlike the demo crew's seeded day.
 */
export async function newMemberWithStartedWash(
  franchisee: Page,
  baseURL: string,
  names: { member: string; customer: string },
): Promise<CrewWash> {
  const suffix = Math.random().toString(36).slice(2, 7);
  const [firstName, lastName] = names.member.split(" ") as [string, string];
  const memberName = `${firstName} ${lastName}${suffix}`;
  const memberEmail = `${firstName.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()}.${suffix}@example.com`;
  const customer = `${names.customer}${suffix}`;
  const customerEmail = `client.${suffix}@example.com`;

  await franchisee.goto("/franchisee/team");
  await waitForHydration(franchisee);
  const add = franchisee.getByRole("region", { name: "Nouveau membre" });
  await add.getByLabel("Prénom").fill(firstName);
  await add.getByLabel(/^Nom/).fill(`${lastName}${suffix}`);
  await add.getByLabel("Adresse courriel").fill(memberEmail);
  await add.getByRole("button", { name: "Ajouter un membre" }).click();
  const card = franchisee.getByRole("listitem", { name: memberName });
  await expect(card).toBeVisible({ timeout: 20_000 });
  const memberId = await card.locator('input[name="memberId"]').first().inputValue();
  await card.getByRole("button", { name: `Inviter à l'application : ${memberName}` }).click();
  await expect(franchisee.getByText(/Invitation envoyée : le membre/).first()).toBeVisible({
    timeout: 20_000,
  });

  const [slot] = await openSlots(franchisee.request);
  const { booking_id: bookingId } = await bookThroughApi(franchisee.request, baseURL, {
    start: slot!.start,
    name: customer,
    email: customerEmail,
    smsConsent: true,
  });
  // The member works that slot (a narrow window: the team's other slots stay as they are).
  const slotDate = torontoDate(new Date(slot!.start));
  const [hour, minute] = torontoTime(new Date(slot!.start)).split(":").map(Number) as [number, number];
  const endHour = Math.min(hour + 4, 23);
  const available = await franchisee.request.post("/franchisee/team", {
    form: {
      intent: "addAvailability",
      teamMemberId: memberId,
      dayOfWeek: String(new Date(`${slotDate}T12:00:00Z`).getUTCDay()),
      startTime: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
      endTime:
        endHour === 23 ? "23:55" : `${String(endHour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
    },
    headers: { origin: baseURL },
  });
  // A new member starts with the team's usual hours (ADR 092): a slot within them is worked already.
  const answer = await available.text();
  expect(available.ok() || answer.includes("chevauche une autre disponibilité"), answer).toBe(true);
  await franchisee.goto(`/franchisee/schedule?view=day&date=${slotDate}`);
  const appointmentId = (await franchisee
    .locator(`li[data-booking-id="${bookingId}"]`)
    .getAttribute("id"))!.slice(4);
  const reassigned = await franchisee.request.post("/franchisee/schedule", {
    form: { intent: "reassign", appointmentId, teamMemberId: memberId },
    headers: { origin: baseURL },
  });
  expect(reassigned.ok(), await reassigned.text()).toBe(true);
  const started = await franchisee.request.post("/api/dev/start-appointment", {
    data: { bookingId },
    headers: { origin: baseURL },
  });
  expect(started.ok(), await started.text()).toBe(true);
  return { memberId, memberName, memberEmail, customer, customerEmail, bookingId, appointmentId };
}

/** The member sets a password from the invitation e-mail and signs in on `crew`'s browser. */
export async function signInFromInvitation(crew: Page, memberEmail: string): Promise<void> {
  await openMail(crew, memberEmail, /créez votre mot de passe/);
  await crew
    .getByRole("link", { name: /\/api\/auth\/reset-password\// })
    .first()
    .click();
  await waitForHydration(crew);
  await crew.getByLabel("Nouveau mot de passe").fill(PASSWORD);
  await crew.getByLabel("Confirmez le mot de passe").fill(PASSWORD);
  await crew.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(crew).toHaveURL("/auth");
  const form = crew.getByRole("tabpanel", { name: "Connexion" });
  await form.getByLabel("Adresse courriel").fill(memberEmail);
  await form.getByLabel("Mot de passe").fill(PASSWORD);
  await form.getByRole("button", { name: "Se connecter" }).click();
  await expect(crew.getByText("Connexion réussie !")).toBeVisible();
}

/** The member leaves the team again (the other specs count the team), unless another spec booked them. */
export async function removeMember(franchisee: Page, baseURL: string, memberId: string): Promise<void> {
  const removed = await franchisee.request.post("/franchisee/team", {
    form: { intent: "deleteMember", memberId },
    headers: { origin: baseURL },
  });
  // Another spec running beside this one may have booked the new member meanwhile: then they stay.
  const answer = await removed.text();
  expect(removed.ok() || answer.includes("rendez-vous à venir"), answer).toBe(true);
}
