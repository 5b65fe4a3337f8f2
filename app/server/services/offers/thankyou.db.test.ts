import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { THANKYOU_DEFAULTS } from "~/domain/offers/promo";
import type { OutgoingMail } from "~/server/mail/mailer.server";
import type { Db } from "../../db.server";
import { clearBookings, granbyRequest, nthGranbyStart } from "../../../../tests/factories/bookings";
import { memoryMailer } from "../../../../tests/factories/memory-mailer";
import { unsubscribeEmail } from "../../../../tests/factories/consent";
import { describeDatabases, describeTwoWorkers, runWorkersUntil } from "../../../../tests/setup/db";
import { createOfferHandlers } from "../../jobs/handlers/offers.server";
import { enqueue, jobCounts } from "../../jobs/queue.server";
import { completeAppointment } from "../appointments/complete-appointment.server";
import { bookSlot } from "../booking/book-slot.server";
import { sendReviewRequest } from "../reviews/review-request.server";
import { sendThankYouOffer, setThankYouSettings, thankYouKey, thankYouSettings } from "./thankyou.server";

const BOOKED_AT = new Date("2026-03-06T08:00:00-05:00");
/** Every wash below has started by then. */
const DONE = new Date("2026-03-13T18:00:00-04:00");
/** The review request's run, three hours after completion. */
const ASKED = new Date(DONE.getTime() + 3 * 60 * 60_000);
/** The thank-you's run: a day after the request. */
const THANKED = new Date(ASKED.getTime() + 24 * 60 * 60_000);
const DAY_MS = 24 * 60 * 60_000;

let slot = 0;
/** A Granby wash booked (implied e-mail consent from the purchase) and marked completed. */
async function completedWash(db: Db, email: string, { sms = false }: { sms?: boolean } = {}) {
  const [zone] = await db.select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
  const start = nthGranbyStart(slot);
  slot++;
  const booked = await bookSlot(db, {
    actor: null,
    input: granbyRequest({
      start,
      email,
      phone: `(450) 555-01${String(slot).padStart(2, "0")}`,
      smsConsent: sms ? "on" : undefined,
    }),
    now: BOOKED_AT,
  });
  await completeAppointment(db, {
    appointmentId: booked.appointmentId,
    franchiseeId: zone!.franchiseeId!,
    now: DONE,
  });
  return booked.appointmentId;
}

async function clear(db: Db) {
  slot = 0;
  await clearBookings(db);
  await db.delete(s.appSettings).where(eq(s.appSettings.key, "thankyou_offer"));
}

async function thankYouCodes(db: Db) {
  return db.select().from(s.promoCodes).where(eq(s.promoCodes.campaign, "thankyou"));
}

describeDatabases("the thank-you offer after a wash", ({ db }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
  });
  beforeEach(async () => clear(db()));

  it("is scheduled by the review request, a day later, once per appointment", async () => {
    const id = await completedWash(db(), "lea@example.com");
    expect(await sendReviewRequest(db(), id, { now: ASKED })).toBe(true);
    expect(await sendReviewRequest(db(), id, { now: ASKED })).toBe(false);
    const jobs = await db().select().from(s.jobs).where(eq(s.jobs.name, "offers.thankyou"));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ singletonKey: thankYouKey(id), payload: { appointmentId: id } });
    expect(jobs[0]!.runAt).toEqual(THANKED);
  });

  it("sends one personal single-use code with the defaults; a second run sends nothing", async () => {
    expect(await thankYouSettings(db())).toEqual(THANKYOU_DEFAULTS);
    const id = await completedWash(db(), "Lea@Example.com");
    expect(await sendThankYouOffer(db(), id, { now: THANKED })).toBe("sent");
    expect(await sendThankYouOffer(db(), id, { now: THANKED })).toBe("already");
    const codes = await thankYouCodes(db());
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({
      kind: "percent",
      value: 10,
      maxUses: 1,
      oncePerCustomer: true,
      recipientEmail: "lea@example.com",
      startsAt: THANKED,
      endsAt: new Date(THANKED.getTime() + 60 * DAY_MS),
    });
    expect(codes[0]!.code).toMatch(/^MERCI-[2-9A-HJ-NP-Z]{8}$/);
    const mails = await db().select().from(s.jobs).where(eq(s.jobs.name, "email.thankyou"));
    expect(mails).toHaveLength(1);
    // No SMS box ticked, no SMS consent: no SMS.
    expect(await db().select().from(s.smsMessages)).toHaveLength(0);
  });

  it("follows the admin's settings: a fixed amount and a validity", async () => {
    await setThankYouSettings(db(), { enabled: true, kind: "fixed", value: 1500, validDays: 30 });
    const id = await completedWash(db(), "fixe@example.com");
    await sendThankYouOffer(db(), id, { now: THANKED });
    const [code] = await thankYouCodes(db());
    expect(code).toMatchObject({
      kind: "fixed",
      value: 1500,
      endsAt: new Date(THANKED.getTime() + 30 * DAY_MS),
    });
  });

  it("sends nothing when the admin turned it off", async () => {
    await setThankYouSettings(db(), { ...THANKYOU_DEFAULTS, enabled: false });
    const id = await completedWash(db(), "off@example.com");
    expect(await sendThankYouOffer(db(), id, { now: THANKED })).toBe("skipped");
    expect(await thankYouCodes(db())).toHaveLength(0);
  });

  it("reads the consent ledger when it runs: a withdrawn consent gets no code, and a later run none either", async () => {
    const id = await completedWash(db(), "parti@example.com");
    await unsubscribeEmail(db(), "parti@example.com", new Date(DONE.getTime() + 60_000));
    expect(await sendThankYouOffer(db(), id, { now: THANKED })).toBe("skipped");
    expect(await sendThankYouOffer(db(), id, { now: THANKED })).toBe("already");
    expect(await thankYouCodes(db())).toHaveLength(0);
    expect(await db().select().from(s.jobs).where(eq(s.jobs.name, "email.thankyou"))).toHaveLength(0);
  });

  it("the e-mail names the business, carries the code and the unsubscribe link, and is dropped if consent goes meanwhile", async () => {
    const kept = await completedWash(db(), "garde@example.com");
    const gone = await completedWash(db(), "change@example.com");
    await sendThankYouOffer(db(), kept, { now: THANKED });
    await sendThankYouOffer(db(), gone, { now: THANKED });
    await unsubscribeEmail(db(), "change@example.com", new Date(THANKED.getTime() + 60_000));
    const sent: OutgoingMail[] = [];
    const handlers = createOfferHandlers({
      mailer: memoryMailer(sent),
      now: () => new Date(THANKED.getTime() + 120_000),
    });
    for (const appointmentId of [kept, gone]) {
      await handlers["email.thankyou"]({ appointmentId }, { db: db() } as never);
    }
    expect(sent.map((m) => m.to)).toEqual(["garde@example.com"]);
    const [code] = await db()
      .select()
      .from(s.promoCodes)
      .where(eq(s.promoCodes.recipientEmail, "garde@example.com"));
    const mail = sent[0]!;
    expect(mail.subject).toBe("Merci de votre confiance : un rabais pour votre prochain lavage");
    expect(mail.text).toContain(code!.code);
    expect(mail.text).toContain("10 % de rabais");
    expect(mail.text).toContain(`/booking?promo=${code!.code}`);
    expect(mail.text).toContain("Lavage Mobile Prestige");
    expect(mail.text).toMatch(/\/unsubscribe\?token=/);
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/\/api\/unsubscribe\?token=/);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("sends an SMS only with the SMS consent, as a promotional message under the monthly cap", async () => {
    const id = await completedWash(db(), "texto@example.com", { sms: true });
    expect(await sendThankYouOffer(db(), id, { now: THANKED })).toBe("sent");
    const sms = await db().select().from(s.smsMessages).where(eq(s.smsMessages.appointmentId, id));
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ category: "promotional", status: "queued" });
    expect(sms[0]!.body).toMatch(/^Lavage Mobile Prestige : merci ! 10 % de rabais .* STOP/);
    const [send] = await db().select().from(s.thankyouSends).where(eq(s.thankyouSends.appointmentId, id));
    expect(send).toMatchObject({ emailQueued: true, smsQueued: true });
  });
});

/** Ten completed washes, each thank-you job queued twice (a recovered job runs again): two workers send one each. */
async function thankOnceWithTwoWorkers(dbs: [Db, Db]): Promise<void> {
  const [first] = dbs;
  await seed(first, { demoAccounts: false });
  await clear(first);
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) ids.push(await completedWash(first, `client${i}@example.com`));
  await first.delete(s.jobs);
  for (const id of ids) {
    await enqueue(first, "offers.thankyou", { appointmentId: id }, { singletonKey: thankYouKey(id) });
    await enqueue(first, "offers.thankyou", { appointmentId: id });
  }
  const sent: OutgoingMail[] = [];
  await runWorkersUntil(
    dbs,
    () => ({ handlers: createOfferHandlers({ mailer: memoryMailer(sent) }) }),
    async () => {
      const counts = await jobCounts(first);
      expect(counts.pending + counts.running + counts.dead).toBe(0);
      // Twenty thank-you jobs and ten e-mails.
      expect(counts.completed).toBe(30);
    },
  );
  expect(sent.map((m) => m.to).sort()).toEqual(ids.map((_, i) => `client${i}@example.com`).sort());
  const codes = await first
    .select()
    .from(s.promoCodes)
    .where(and(eq(s.promoCodes.campaign, "thankyou"), sql`true`));
  expect(codes).toHaveLength(10);
  const sends = await first.select().from(s.thankyouSends).where(inArray(s.thankyouSends.appointmentId, ids));
  expect(sends).toHaveLength(10);
}

describeTwoWorkers(
  "thank-you offers",
  "sends each completed wash's offer once, even when its job runs twice",
  thankOnceWithTwoWorkers,
);
