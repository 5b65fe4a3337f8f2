import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { deliverEvent, granbyAppointment, setUpStripeStandIn } from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import type { Db } from "../../db.server";
import { createPaymentMailHandlers } from "../../jobs/handlers/payment-mails.server";
import { createPaymentHandlers } from "../../jobs/handlers/payments.server";
import { claimJobs, completeJob } from "../../jobs/job-claims.server";
import type { Mailer } from "../../mail/mailer.server";
import { dayPeriod } from "~/domain/time/periods";
import { completeAppointment } from "../appointments/complete-appointment.server";
import { listSchedule } from "../franchisee/list-schedule.server";
import { hashPassword } from "better-auth/crypto";
import { deleteClientAccount } from "../account/delete-client-account.server";
import { exportClientData } from "../account/export-client-data.server";
import { loadClient } from "../account/client-owner.server";
import { listSavedCards } from "../../payments/customers.server";
import { openBalancePage } from "./balance-link.server";
import { leaveTip, loadTipPage } from "./leave-tip.server";
import { recordOnSitePayment } from "./record-on-site-payment.server";
import { listClientCards, removeClientCard } from "./saved-cards.server";
import { startCardStep } from "./start-card-step.server";
import { tipToken } from "./tip-link.server";
import { localDate } from "~/domain/time/zoned";

// The money after the wash (ADR 079), on both databases through the real SDK and the stand-in:
// the balance charged once when the wash is completed (even twice at once), a refused card
// recorded, the tip charged once whatever submits it twice, and the receipts' amounts.

const stripeTest = setUpStripeStandIn();

type Sent = { to: string; subject: string; text: string };

/** Runs the payment jobs and the payment e-mails until none is left; returns the e-mails sent. */
async function drain(db: Db): Promise<Sent[]> {
  const sent: Sent[] = [];
  const mailer: Mailer = {
    kind: "file",
    send: async (mail) => {
      sent.push({ to: mail.to, subject: mail.subject, text: mail.text });
      return { messageId: String(sent.length) } as never;
    },
  };
  const handlers = {
    ...createPaymentHandlers({ stripe: () => stripeTest.stripe }),
    ...createPaymentMailHandlers({ mailer: () => mailer }),
  };
  for (;;) {
    const jobs = await claimJobs(db, { workerId: "test", names: Object.keys(handlers), limit: 10 });
    if (jobs.length === 0) return sent;
    for (const job of jobs) {
      const handler = handlers[job.name as keyof typeof handlers] as (p: unknown, c: never) => Promise<void>;
      await handler(job.payload, { db } as never);
      await completeJob(db, job);
    }
  }
}

describeDatabases("after the wash: balance, tip, receipts", ({ db, kind }) => {
  let franchiseeId: string;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    franchiseeId = zone!.franchiseeId!;
    const account = await stripeTest.stripe.accounts.create(
      { country: "CA" },
      { idempotencyKey: `${kind}:after-wash` },
    );
    await db()
      .update(s.franchisees)
      .set({ stripeAccountId: account.id, stripeAccountState: "enabled" })
      .where(eq(s.franchisees.id, franchiseeId));
    // A 25 % deposit: 43,11 $ of 172,45 $ (149,99 $ before taxes).
    await db()
      .insert(s.zonePaymentSettings)
      .values({ zoneId: zone!.id, mode: "deposit", depositRule: "percent", depositValue: 2_500 })
      .onConflictDoNothing();
  });

  /** A booking whose deposit was paid on the hosted page with `card`, its event processed. */
  async function paidBooking(card: "ok" = "ok") {
    const booking = await granbyAppointment(db());
    const step = await startCardStep(db(), {
      appointmentId: booking.id,
      now: new Date(),
      stripe: stripeTest.stripe,
      returnUrl: "http://l/ok",
      cancelUrl: "http://l/no",
    });
    if (step.mode === "on_site") throw new Error("expected a card step");
    await fetch(step.url, { method: "POST", body: new URLSearchParams({ card }), redirect: "manual" });
    await deliverEvent(
      db(),
      stripeTest.standIn,
      stripeTest.standIn.events.findLast((e) => e.type === "checkout.session.completed")!,
    );
    await drain(db());
    return booking;
  }

  const rows = (appointmentId: string) =>
    db()
      .select()
      .from(s.payments)
      .where(eq(s.payments.appointmentId, appointmentId))
      .orderBy(s.payments.createdAt);

  const afterStart = (booking: { startAt: Date }) => new Date(booking.startAt.getTime() + 60 * 60_000);

  it("charges the balance once when the wash is completed, even twice at once, and sends its receipt", async () => {
    const booking = await paidBooking();
    const complete = () =>
      completeAppointment(db(), { appointmentId: booking.id, franchiseeId, now: afterStart(booking) });
    const results = await Promise.allSettled([complete(), complete()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await expect(complete()).rejects.toMatchObject({ code: "APPOINTMENT_NOT_CHANGEABLE" });
    const mails = await drain(db());

    const [deposit, balance, ...rest] = await rows(booking.id);
    expect(rest).toEqual([]);
    // 172,45 $ = 43,11 $ + 129,34 $, line by line; the royalty 8 % of 149,99 $ = 12,00 $ = 3,00 $ + 9,00 $.
    expect(deposit).toMatchObject({ kind: "deposit", status: "succeeded", amountCents: 4_311 });
    expect(balance).toMatchObject({
      kind: "balance",
      status: "succeeded",
      amountCents: 12_934,
      subtotalCents: 11_249,
      tpsCents: 563,
      tvqCents: 1_122,
      applicationFeeCents: 900,
      idempotencyKey: `booking:${booking.id}:balance`,
    });
    expect(deposit!.subtotalCents + balance!.subtotalCents).toBe(14_999);
    expect(deposit!.amountCents + balance!.amountCents).toBe(17_245);
    const intents = stripeTest.standIn.requests.filter(
      (r) =>
        r.method === "POST" &&
        r.path === "/v1/payment_intents" &&
        r.idempotencyKey === balance!.idempotencyKey,
    );
    expect(intents).toHaveLength(1);
    const intent = stripeTest.standIn.object<{ amount: number; application_fee_amount: number }>(
      balance!.stripePaymentIntentId!,
    );
    expect(intent).toMatchObject({ amount: 12_934, application_fee_amount: 900 });

    // The completion e-mail with the tip link, and the balance's receipt to the cent of the ledger.
    const completed = mails.find((m) => m.subject === "Votre lavage est terminé")!;
    expect(completed.text).toContain("129,34");
    expect(completed.text).toContain(`/tip/${booking.bookingId}?token=`);
    const receipt = mails.find((m) => m.subject === `Reçu de paiement, réservation ${booking.bookingId}`)!;
    expect(receipt.to).toBe("lea@example.com");
    for (const line of [
      "Sous-total : 112,49",
      "TPS (5 %) : 5,63",
      "TVQ (9,975 %) : 11,22",
      "Total payé : 129,34",
    ])
      expect(receipt.text.replace(/\u00a0/g, " ")).toContain(line);
    expect(receipt.text).not.toContain("Pourboire");
  });

  it("records a refused balance, tells the customer with a link that pays it once, and the franchisee sees it", async () => {
    const booking = await paidBooking();
    // Stripe's test card that is always refused.
    await db()
      .update(s.appointmentPaymentPlans)
      .set({ stripePaymentMethodId: "pm_card_chargeDeclined" })
      .where(eq(s.appointmentPaymentPlans.appointmentId, booking.id));
    await completeAppointment(db(), { appointmentId: booking.id, franchiseeId, now: afterStart(booking) });
    const mails = await drain(db());
    const [balance] = await db()
      .select()
      .from(s.payments)
      .where(and(eq(s.payments.appointmentId, booking.id), eq(s.payments.kind, "balance")));
    expect(balance).toMatchObject({ status: "failed", failureCode: "generic_decline", amountCents: 12_934 });
    expect(mails.filter((m) => m.subject.startsWith("Reçu"))).toHaveLength(0);
    // The completion e-mail does not claim the charge was made; the refusal is told, once.
    const completed = mails.find((m) => m.subject === "Votre lavage est terminé")!;
    expect(completed.text.replace(/\u00a0/g, " ")).toContain("129,34 $ taxes incluses sera débité");
    const told = mails.filter((m) => m.subject === "Paiement refusé pour votre lavage");
    expect(told).toHaveLength(1);
    const text = told[0]!.text.replace(/\u00a0/g, " ");
    expect(told[0]!.to).toBe(booking.customerEmail);
    expect(text).toContain("Votre carte a été refusée pour le solde du lavage");
    expect(text).toContain("Montant dû : 129,34 $ taxes incluses.");
    expect(text).toMatch(/communiquer avec .+ pour régler ce montant/);
    // The franchisee is told too, once, with where to record a payment on site.
    const franchiseeMails = mails.filter(
      (m) => m.subject === `Solde refusé : réservation ${booking.bookingId}`,
    );
    expect(franchiseeMails).toHaveLength(1);
    expect(franchiseeMails[0]!.to).not.toBe(booking.customerEmail);
    expect(franchiseeMails[0]!.text).toContain("/franchisee/payments");
    // The e-mail's link is our own, which outlives Stripe's page (a day at most).
    const link = new URL(/Payer le solde : (\S+)/.exec(text)![1]!);
    expect(link.pathname).toBe(`/tip/${booking.bookingId}/balance`);
    const token = link.searchParams.get("token")!;
    const open = () =>
      openBalancePage(db(), {
        bookingId: booking.bookingId,
        token,
        stripe: stripeTest.stripe,
        now: new Date(),
      });
    expect(
      await openBalancePage(db(), {
        bookingId: booking.bookingId,
        token: "x",
        stripe: stripeTest.stripe,
        now: new Date(),
      }),
    ).toBeNull();
    // The hosted page charges exactly the balance's lines, for the franchisee with its royalty.
    const first = stripeTest.standIn.object<{ id: string; amount_total: number; mode: string }>(
      balance!.stripeCheckoutSessionId!,
    );
    expect(first).toMatchObject({ mode: "payment", amount_total: 12_934 });
    expect(await open()).toEqual({ to: "stripe", url: expect.stringContaining(first.id) });
    // A day later Stripe has expired it: the link makes one new page, the same for two visits at once.
    await stripeTest.stripe.checkout.sessions.expire(first.id);
    const [one, two] = await Promise.all([open(), open()]);
    expect(one).toEqual(two);
    expect(one).toMatchObject({ to: "stripe" });
    const payUrl = (one as { url: string }).url;
    expect(payUrl).not.toContain(first.id);
    const [renewed] = await rows(booking.id).then((all) => all.filter((r) => r.kind === "balance"));
    const session = stripeTest.standIn.object<{ id: string; amount_total: number; mode: string }>(
      renewed!.stripeCheckoutSessionId!,
    );
    expect(session).toMatchObject({ mode: "payment", amount_total: 12_934 });
    expect(payUrl).toContain(session.id);
    // Running the charge again changes nothing and tells nothing more.
    await createPaymentHandlers({ stripe: () => stripeTest.stripe })["payments.charge"](
      { paymentId: balance!.id },
      {
        db: db(),
      } as never,
    );
    expect((await drain(db())).filter((m) => m.subject.startsWith("Paiement refusé"))).toEqual([]);
    // The franchisee's schedule shows the refusal on the booking.
    const day = await listSchedule(db(), { franchiseeId, period: dayPeriod(localDate(booking.startAt)) });
    expect(day.find((a) => a.id === booking.id)).toMatchObject({ refusedPayment: "generic_decline" });
    // Paid with another card on the link: the balance is recorded once, its receipt sent once,
    // even if Stripe delivers the event twice.
    await fetch(payUrl, { method: "POST", body: new URLSearchParams({ card: "ok" }), redirect: "manual" });
    const completedEvent = stripeTest.standIn.events.findLast(
      (e) => e.type === "checkout.session.completed" && (e.data.object as { id: string }).id === session.id,
    )!;
    await deliverEvent(db(), stripeTest.standIn, completedEvent);
    await deliverEvent(db(), stripeTest.standIn, completedEvent);
    const receipts = (await drain(db())).filter(
      (m) => m.subject === `Reçu de paiement, réservation ${booking.bookingId}`,
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text.replace(/\u00a0/g, " ")).toContain("Total payé : 129,34 $");
    const [paid] = await db()
      .select()
      .from(s.payments)
      .where(and(eq(s.payments.appointmentId, booking.id), eq(s.payments.kind, "balance")));
    expect(paid).toMatchObject({ status: "succeeded", amountCents: 12_934 });
    expect(
      stripeTest.standIn.object<{ application_fee_amount: number }>(paid!.stripePaymentIntentId!),
    ).toMatchObject({
      application_fee_amount: balance!.applicationFeeCents,
      amount: 12_934,
    });
    const after = await listSchedule(db(), { franchiseeId, period: dayPeriod(localDate(booking.startAt)) });
    expect(after.find((a) => a.id === booking.id)).toMatchObject({ refusedPayment: null });
    // Paid: the link now goes back to the booking's page, which says so.
    expect(await open()).toEqual({ to: "tip-page", paid: true });
    expect(await loadTipPage(db(), booking.bookingId, token)).toMatchObject({ balanceDueCents: null });
  });

  it("sends a refused balance recorded on site since to the tip page, never to a second payment", async () => {
    const booking = await paidBooking();
    await db()
      .update(s.appointmentPaymentPlans)
      .set({ stripePaymentMethodId: "pm_card_chargeDeclined" })
      .where(eq(s.appointmentPaymentPlans.appointmentId, booking.id));
    await completeAppointment(db(), { appointmentId: booking.id, franchiseeId, now: afterStart(booking) });
    await drain(db());
    const token = await tipToken(db(), booking.bookingId);
    expect(await loadTipPage(db(), booking.bookingId, token)).toMatchObject({ balanceDueCents: 12_934 });
    const [owner] = await db().select().from(s.franchisees).where(eq(s.franchisees.id, franchiseeId));
    await recordOnSitePayment(db(), {
      franchiseeId,
      actorId: owner!.userId,
      payment: { appointmentId: booking.id, method: "cash" },
      now: afterStart(booking),
    });
    expect(
      await openBalancePage(db(), {
        bookingId: booking.bookingId,
        token,
        stripe: stripeTest.stripe,
        now: new Date(),
      }),
    ).toEqual({ to: "tip-page", paid: true });
    expect(await loadTipPage(db(), booking.bookingId, token)).toMatchObject({ balanceDueCents: null });
  });

  it("charges a tip once under concurrent submits, with no tax and no royalty", async () => {
    const booking = await paidBooking();
    await completeAppointment(db(), { appointmentId: booking.id, franchiseeId, now: afterStart(booking) });
    await drain(db());
    const token = await tipToken(db(), booking.bookingId);
    expect(await loadTipPage(db(), booking.bookingId, "wrong")).toBeNull();
    const page = await loadTipPage(db(), booking.bookingId, token);
    // 10, 15 and 20 % of 149,99 $ before taxes, none chosen yet.
    expect(page!.choices.map((c) => (c.kind === "percent" ? c.cents : c.kind))).toEqual([
      1_500,
      2_250,
      3_000,
      "custom",
      "none",
    ]);
    expect(page!.tip).toBeNull();

    const submit = (answer: Parameters<typeof leaveTip>[1]["answer"]) =>
      leaveTip(db(), { bookingId: booking.bookingId, token, answer, now: new Date() });
    const outcomes = await Promise.all([
      submit({ choice: "15" }),
      submit({ choice: "15" }),
      submit({ choice: "custom", customCents: 1_000 }),
    ]);
    expect(outcomes.filter((o) => o.status === "charged")).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === "already")).toHaveLength(2);
    expect(await submit({ choice: "20" })).toMatchObject({ status: "already" });
    const mails = await drain(db());

    const tips = (await rows(booking.id)).filter((r) => r.kind === "tip");
    expect(tips).toHaveLength(1);
    const [tip] = tips;
    expect(tip).toMatchObject({
      status: "succeeded",
      subtotalCents: 0,
      tpsCents: 0,
      tvqCents: 0,
      applicationFeeCents: 0,
    });
    expect(tip!.amountCents).toBe(tip!.tipCents);
    expect(
      stripeTest.standIn.object<{ application_fee_amount: number }>(tip!.stripePaymentIntentId!),
    ).toMatchObject({
      application_fee_amount: 0,
    });
    const receipt = mails.find((m) => m.subject === `Reçu de paiement, réservation ${booking.bookingId}`)!;
    const amount = (tip!.amountCents / 100).toFixed(2).replace(".", ",");
    expect(receipt.text.replace(/\u00a0/g, " ")).toContain(`Pourboire (sans taxes) : ${amount}`);
    expect(receipt.text).not.toContain("TPS (5 %)");
    expect((await loadTipPage(db(), booking.bookingId, token))!.tip).toMatchObject({ status: "succeeded" });
  });

  it("charges nothing for « Aucun pourboire », and no tip for a booking paid on site", async () => {
    const booking = await paidBooking();
    await completeAppointment(db(), { appointmentId: booking.id, franchiseeId, now: afterStart(booking) });
    await drain(db());
    const token = await tipToken(db(), booking.bookingId);
    const submit = (answer: Parameters<typeof leaveTip>[1]["answer"]) =>
      leaveTip(db(), { bookingId: booking.bookingId, token, answer, now: new Date() });
    expect((await loadTipPage(db(), booking.bookingId, token))!.declined).toBe(false);
    // Recorded once, even when submitted twice at once, and nothing is charged after it.
    const outcomes = await Promise.all([
      submit({ choice: "none" }),
      submit({ choice: "none" }),
      submit({ choice: "none" }),
    ]);
    expect(outcomes.filter((o) => o.status === "none")).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === "declined")).toHaveLength(2);
    expect(await submit({ choice: "20" })).toEqual({ status: "declined" });
    expect((await loadTipPage(db(), booking.bookingId, token))!.declined).toBe(true);
    expect(await drain(db())).toEqual([]);
    expect((await rows(booking.id)).filter((r) => r.kind === "tip")).toEqual([]);

    const onSite = await granbyAppointment(db());
    await completeAppointment(db(), { appointmentId: onSite.id, franchiseeId, now: afterStart(onSite) });
    expect(await drain(db())).toEqual([]);
    expect(await rows(onSite.id)).toEqual([]);
    expect(await loadTipPage(db(), onSite.bookingId, await tipToken(db(), onSite.bookingId))).toBeNull();
  });

  // Last: it deletes the account of lea@example.com, whose Stripe customer the bookings above share.
  it("lists and removes the client's cards, exports the payments, and forgets the cards on deletion", async () => {
    const booking = await paidBooking();
    const userId = crypto.randomUUID();
    await db().insert(s.users).values({
      id: userId,
      email: "lea@example.com",
      emailVerified: true,
      name: "Léa Côté",
      firstName: "Léa",
      lastName: "Côté",
      role: "client",
    });
    await db()
      .insert(s.accounts)
      .values({
        id: crypto.randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: await hashPassword("Demo12345!"),
      });
    const owner = await loadClient(db(), userId);
    const { cards } = await listClientCards(db(), stripeTest.stripe, owner);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards[0]).toMatchObject({ brand: "visa", last4: "4242", expMonth: 12 });
    // A card that is not among this client's is refused before Stripe is asked to detach it.
    await expect(removeClientCard(db(), stripeTest.stripe, owner, "pm_card_visa")).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await removeClientCard(db(), stripeTest.stripe, owner, cards[0]!.id);
    expect((await listClientCards(db(), stripeTest.stripe, owner)).cards.map((c) => c.id)).not.toContain(
      cards[0]!.id,
    );
    expect(await listClientCards(db(), undefined, owner)).toEqual({ online: false, cards: [] });

    const exported = await exportClientData(db(), { userId });
    expect(exported.paymentCustomers).toEqual([
      expect.objectContaining({ email: "lea@example.com", stripeCustomerId: expect.stringMatching(/^cus_/) }),
    ]);
    expect(exported.payments).toContainEqual(
      expect.objectContaining({ bookingId: booking.bookingId, kind: "deposit", amountCents: 4_311 }),
    );
    expect(JSON.stringify(exported.payments)).not.toContain("idempotency");

    const customerId = exported.paymentCustomers[0]!.stripeCustomerId;
    const ledgerBefore = (await db().select().from(s.payments)).length;
    await deleteClientAccount(db(), { userId, password: "Demo12345!", now: new Date() });
    await drain(db());
    expect(
      await db().select().from(s.paymentCustomers).where(eq(s.paymentCustomers.stripeCustomerId, customerId)),
    ).toEqual([]);
    expect(await listSavedCards(stripeTest.stripe, customerId)).toEqual([]);
    // The Stripe customer itself is deleted (its e-mail and name leave Stripe), and a retried job
    // finds it done.
    expect(await stripeTest.stripe.customers.retrieve(customerId)).toMatchObject({
      id: customerId,
      deleted: true,
    });
    await createPaymentHandlers({ stripe: () => stripeTest.stripe })["payments.detach-cards"](
      { stripeCustomerId: customerId },
      { db: db() } as never,
    );
    // The ledger stays for the accountant, on the anonymized bookings.
    const ledger = await db().select().from(s.payments);
    expect(ledger.length).toBeGreaterThanOrEqual(ledgerBefore);
    const [plan] = await db()
      .select()
      .from(s.appointmentPaymentPlans)
      .where(eq(s.appointmentPaymentPlans.appointmentId, booking.id));
    expect(plan).toMatchObject({ stripeCustomerId: null, stripePaymentMethodId: null });
  });
});
