import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import {
  FRIDAY_MORNING as BOOKED_AT,
  granbyRequest,
  nthGranbyStart,
} from "../../../../tests/factories/bookings";
import { deliverEvent, drainPaymentJobs, setUpStripeStandIn } from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import { placeBooking } from "../booking/place-booking.server";
import { confirmationKey } from "../messaging/notify.server";
import { memoryMailer } from "../../../../tests/factories/memory-mailer";
import type { OutgoingMail } from "../../mail/mailer.server";
import { createMessagingHandlers } from "../../jobs/handlers/messaging.server";
import {
  bookingCardStep,
  cardStepByLink,
  paymentPageUrl,
  bookingPayment,
  cancelUnpaidBooking,
  isPaymentPageToken,
  paymentPageToken,
  resumeCardStep,
  syncCardStep,
  zonePaymentPolicy,
} from "./booking-payment.server";
import { releaseHold } from "./release-hold.server";

// The wizard's card path (ADR 074), on both databases: the summary's setting, the booking and
// its card step (twice: the same booking, the same page), the return from the hosted page paid
// (twice: one payment), abandoned (resumed, then cancelled), and a hold that runs out; the
// confirmation e-mail waits for the card, a released booking gets its own e-mail.

// Stripe configured for the booking's own check (bookSlot reads the environment); every call to
// Stripe in this file goes to the stand-in through the client passed in.
vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_standin";
});

const stripeTest = setUpStripeStandIn();

const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);
const pay = (url: string) =>
  fetch(url, { method: "POST", body: new URLSearchParams({ card: "ok" }), redirect: "manual" });

describeDatabases("the wizard's card path", ({ db, kind }) => {
  let booked = 0;
  /** The wizard's post: a booking under the form's key, then its card step. */
  const book = async (key: string, n: number) => {
    const placed = await placeBooking(db(), {
      ip: `198.51.100.${n}`,
      now: BOOKED_AT,
      relist: "range",
      key: { scope: "wizard", value: key },
      read: async () => ({ input: granbyRequest({ start: nthGranbyStart(n) }) }),
      actor: async () => null,
    });
    return placed.booking!;
  };
  const jobsOf = async (appointmentId: string, name: "email.booking" | "booking.reminder") =>
    (await db().select().from(s.jobs).where(eq(s.jobs.name, name))).filter(
      (job) => (job.payload as { appointmentId?: string }).appointmentId === appointmentId,
    );
  const appointment = async (id: string) =>
    (await db().select().from(s.appointments).where(eq(s.appointments.id, id)))[0]!;
  const deposits = (appointmentId: string) =>
    db()
      .select()
      .from(s.payments)
      .where(and(eq(s.payments.appointmentId, appointmentId), eq(s.payments.kind, "deposit")));

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    const account = await stripeTest.stripe.accounts.create(
      { country: "CA" },
      { idempotencyKey: `${kind}:wizard-acct` },
    );
    await db().insert(s.zonePaymentSettings).values({
      zoneId: zone!.id,
      mode: "deposit",
      depositRule: "percent",
      depositValue: 2_500,
      lateCancelRule: "deposit",
      noShowRule: "deposit",
    });
    await db()
      .update(s.franchisees)
      .set({ stripeAccountId: account.id, stripeAccountState: "enabled" })
      .where(eq(s.franchisees.id, zone!.franchiseeId!));
  });

  it("shows the zone's deposit in the summary only when Stripe is configured", async () => {
    expect(await zonePaymentPolicy(db(), "granby", true)).toMatchObject({
      mode: "deposit",
      deposit: { rule: "percent", basisPoints: 2_500 },
    });
    expect(await zonePaymentPolicy(db(), "granby", false)).toBeNull();
    expect(await zonePaymentPolicy(db(), "trois-rivieres", true)).toBeNull();
  });

  it("books once, opens one hosted page, and confirms by e-mail once the deposit is paid, however often the customer comes back", async () => {
    booked += 1;
    const key = crypto.randomUUID();
    const booking = await book(key, booked);
    // The wizard's post sent twice (a double tap, a retry): the same booking, the same page.
    const again = await book(key, booked);
    expect(again.bookingId).toBe(booking.bookingId);
    const now = new Date();
    const step = await bookingCardStep(db(), { ...booking, now, stripe: stripeTest.stripe });
    const second = await bookingCardStep(db(), {
      ...booking,
      now: minutes(now, 1),
      stripe: stripeTest.stripe,
    });
    if (step.mode !== "deposit") throw new Error(`expected a deposit, got ${step.mode}`);
    expect(second).toMatchObject({ url: step.url });
    expect(step.terms.today.totalCents).toBe(4_311);

    // Stripe comes back to our page, with its signed link.
    const token = await paymentPageToken(db(), booking.bookingId);
    const session = stripeTest.standIn.object<{ success_url: string; cancel_url: string }>(
      (await db().select().from(s.appointmentPaymentPlans)).find(
        (p) => p.appointmentId === booking.appointmentId,
      )!.stripeCheckoutSessionId!,
    );
    expect(session.success_url).toContain(`/booking-payment/${booking.bookingId}?k=${token}&retour=paye`);
    expect(session.cancel_url).toContain(`&retour=abandon`);
    expect(await isPaymentPageToken(db(), booking.bookingId, token)).toBe(true);
    expect(
      await isPaymentPageToken(
        db(),
        booking.bookingId,
        `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`,
      ),
    ).toBe(false);

    // No confirmation yet: it waits for the card step.
    const [waiting] = await jobsOf(booking.appointmentId, "email.booking");
    expect(waiting).toMatchObject({
      singletonKey: confirmationKey(booking.appointmentId),
      status: "pending",
    });
    expect(waiting!.runAt.getTime()).toBeGreaterThan(minutes(BOOKED_AT, 40).getTime());
    expect(await bookingPayment(db(), booking.bookingId)).toMatchObject({
      state: "awaiting_card",
      paidCents: 0,
    });

    expect((await pay(step.url)).status).toBe(303);
    // Back before the webhook: Stripe is asked, the booking is secured; back again: nothing more.
    const returned = await syncCardStep(db(), booking.bookingId, {
      stripe: stripeTest.stripe,
      now: minutes(now, 2),
    });
    expect(returned).toMatchObject({ state: "secured", paidCents: 4_311 });
    expect(
      await syncCardStep(db(), booking.bookingId, { stripe: stripeTest.stripe, now: minutes(now, 3) }),
    ).toMatchObject({
      state: "secured",
      paidCents: 4_311,
    });
    // The event after it changes nothing.
    await deliverEvent(
      db(),
      stripeTest.standIn,
      stripeTest.standIn.events.findLast((e) => e.type === "checkout.session.completed")!,
    );
    await drainPaymentJobs(db(), stripeTest.stripe);
    expect((await deposits(booking.appointmentId)).map((d) => d.status)).toEqual(["succeeded"]);
    const confirmations = await jobsOf(booking.appointmentId, "email.booking");
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.runAt).toEqual(minutes(now, 2));
    expect(await appointment(booking.appointmentId)).toMatchObject({ status: "scheduled" });
    expect(
      (await db().select().from(s.appointments)).filter((a) => a.bookingId === booking.bookingId),
    ).toHaveLength(1);
    // Paid: no page to resume, nothing to cancel here.
    expect(
      await resumeCardStep(db(), booking.bookingId, { stripe: stripeTest.stripe, now: minutes(now, 4) }),
    ).toBeNull();
    expect(
      await cancelUnpaidBooking(db(), booking.bookingId, { stripe: stripeTest.stripe, now: minutes(now, 4) }),
    ).toBe("not_awaiting");
  });

  it("keeps an abandoned booking's slot during its hold, resumes the same page, then cancels it and opens the slot", async () => {
    booked += 1;
    const n = booked;
    const booking = await book(crypto.randomUUID(), n);
    const now = new Date();
    const step = await bookingCardStep(db(), { ...booking, now, stripe: stripeTest.stripe });
    if (step.mode === "on_site") throw new Error("expected a card step");
    // Back from the hosted page without paying: still held, the same page offered again.
    expect(
      await syncCardStep(db(), booking.bookingId, { stripe: stripeTest.stripe, now: minutes(now, 5) }),
    ).toMatchObject({
      state: "awaiting_card",
      holdUntil: minutes(now, 30),
    });
    expect(
      await resumeCardStep(db(), booking.bookingId, { stripe: stripeTest.stripe, now: minutes(now, 5) }),
    ).toBe(step.url);
    // After the hold: no page to resume.
    expect(
      await resumeCardStep(db(), booking.bookingId, { stripe: stripeTest.stripe, now: minutes(now, 30) }),
    ).toBeNull();

    expect(
      await cancelUnpaidBooking(db(), booking.bookingId, { stripe: stripeTest.stripe, now: minutes(now, 6) }),
    ).toBe("cancelled");
    expect(await appointment(booking.appointmentId)).toMatchObject({ status: "cancelled" });
    expect((await deposits(booking.appointmentId)).map((d) => d.status)).toEqual(["cancelled"]);
    expect((await pay(step.url)).status).toBe(402);
    // No confirmation, no reminder, no 'released' e-mail: they cancelled it themselves.
    expect(await jobsOf(booking.appointmentId, "email.booking")).toEqual([]);
    expect(
      (await jobsOf(booking.appointmentId, "booking.reminder")).filter((j) => j.status === "pending"),
    ).toEqual([]);
    // The release job and Stripe's own 'expired' event find it done.
    expect(
      await releaseHold(db(), booking.appointmentId, { stripe: stripeTest.stripe, now: minutes(now, 31) }),
    ).toBe("done");
    // The slot is open again: someone else books it.
    const other = await placeBooking(db(), {
      ip: "203.0.113.7",
      now: BOOKED_AT,
      relist: "range",
      read: async () => ({ input: granbyRequest({ start: nthGranbyStart(n), email: "autre@example.com" }) }),
      actor: async () => null,
    });
    expect(other.booking!.bookingId).not.toBe(booking.bookingId);
  });

  it("releases a booking whose hold ran out and tells its customer, without a confirmation", async () => {
    booked += 1;
    const booking = await book(crypto.randomUUID(), booked);
    const now = new Date();
    await bookingCardStep(db(), { ...booking, now, stripe: stripeTest.stripe });
    expect(
      await releaseHold(db(), booking.appointmentId, { stripe: stripeTest.stripe, now: minutes(now, 31) }),
    ).toBe("released");
    const mails = await jobsOf(booking.appointmentId, "email.booking");
    expect(mails.map((job) => (job.payload as { kind: string }).kind)).toEqual(["released"]);
    expect(
      await syncCardStep(db(), booking.bookingId, { stripe: stripeTest.stripe, now: minutes(now, 32) }),
    ).toMatchObject({
      state: "released",
    });
  });

  it("sends the payment page's link by e-mail and text for a booking made away from our page, then the confirmation once paid", async () => {
    booked += 1;
    const placed = await placeBooking(db(), {
      ip: "198.51.100.200",
      now: BOOKED_AT,
      relist: "day",
      key: { scope: "api", value: crypto.randomUUID() },
      read: async () => ({ input: granbyRequest({ start: nthGranbyStart(booked), smsConsent: true }) }),
      actor: async () => null,
    });
    const booking = placed.booking!;
    const now = new Date();
    const card = await cardStepByLink(db(), booking, { stripe: stripeTest.stripe, now });
    const url = await paymentPageUrl(db(), booking.bookingId);
    expect(card).toEqual({ paymentUrl: url, holdUntil: minutes(now, 30) });
    // The same request again (its Idempotency-Key): the same page, nothing sent twice.
    expect(
      await cardStepByLink(db(), { ...booking, repeated: true }, { stripe: stripeTest.stripe, now }),
    ).toEqual(card);
    const sms = (await db().select().from(s.smsMessages)).filter(
      (m) => m.appointmentId === booking.appointmentId,
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(url);

    const sent: OutgoingMail[] = [];
    const handlers = createMessagingHandlers({ mailer: memoryMailer(sent), now: () => minutes(now, 1) });
    const run = async (job: { id: number; payload: unknown }) =>
      handlers["email.booking"](job.payload as never, { db: db(), jobId: job.id } as never);
    const mails = await jobsOf(booking.appointmentId, "email.booking");
    const link = mails.find((job) => (job.payload as { kind: string }).kind === "payment-link")!;
    const confirmation = mails.find((job) => (job.payload as { kind: string }).kind === "confirmation")!;
    await run(link);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Paiement à compléter/);
    expect(sent[0]!.text).toContain(url);
    // The confirmation, due early (a worker's clock ahead), waits while the card step is open.
    await expect(run(confirmation)).rejects.toThrow(/card step/);
    expect(sent).toHaveLength(1);
    const texts = async () =>
      (await db().select().from(s.smsMessages).orderBy(s.smsMessages.createdAt))
        .filter((m) => m.appointmentId === booking.appointmentId)
        .map((m) => m.body);
    // Nor does its text: only the payment link so far.
    expect(await texts()).toHaveLength(1);

    const step = await bookingCardStep(db(), { ...booking, now, stripe: stripeTest.stripe });
    if (step.mode === "on_site") throw new Error("expected a card step");
    await pay(step.url);
    await deliverEvent(
      db(),
      stripeTest.standIn,
      stripeTest.standIn.events.findLast((e) => e.type === "checkout.session.completed")!,
    );
    await drainPaymentJobs(db(), stripeTest.stripe);
    await run(confirmation);
    expect(sent.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Paiement à compléter/),
      expect.stringMatching(/^Réservation confirmée/),
    ]);
    // The card step secured: the confirmation goes by text too (the SMS box was ticked).
    expect(await texts()).toEqual([
      expect.stringContaining(url),
      expect.stringMatching(/^Lavage Mobile Prestige : réservation confirmée pour votre lavage du /),
    ]);
    expect(sent[1]!.text).toMatch(/Dépôt payé\s:\s43,11\s\$/);
    expect(sent[1]!.text).not.toContain("Rien à payer en ligne");
    // Paid: a late run of the link's job sends nothing more.
    await run(link);
    expect(sent).toHaveLength(2);
  });
});
