import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import {
  FRIDAY_MORNING as BOOKED_AT,
  granbyRequest,
  nthGranbyStart,
} from "../../../../tests/factories/bookings";
import { memoryMailer } from "../../../../tests/factories/memory-mailer";
import { standInClient } from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import { startStripeStandIn, type StripeStandIn } from "../../../../tests/stripe/stand-in";
import { createMessagingHandlers } from "../../jobs/handlers/messaging.server";
import { createPaymentHandlers } from "../../jobs/handlers/payments.server";
import type { OutgoingMail } from "../../mail/mailer.server";
import { createStripeClient, type StripeClient } from "../../payments/stripe.server";
import { placeBooking } from "../booking/place-booking.server";
import { bookingPayment, cardStepByLink, paymentPageUrl, resumeCardStep } from "./booking-payment.server";
import { CARD_STEP_RETRY_MINUTES } from "./retry-card-step.server";

// A card step that could not start at booking (ADR 074), on both databases: the
// payments.start-card-step job tries again 1, 5 and 15 minutes later and sends the payment
// link once it starts; still failing, the booking is paid on site and its confirmation says so.

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_standin";
});

let standIn: StripeStandIn;
let stripe: StripeClient;
/** Stripe failing: every call refused (a revoked key answers 401 at once, without retries). */
let failing: StripeClient;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = standInClient(standIn);
  failing = createStripeClient({
    secretKey: "sk_test_revoked",
    publishableKey: "pk_test_standin",
    webhookSecret: standIn.webhookSecret,
    api: standIn.sdkOptions,
  });
});

afterAll(() => standIn.close());

const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);

describeDatabases("a card step tried again", ({ db, kind }) => {
  let booked = 0;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    const account = await stripe.accounts.create({ country: "CA" }, { idempotencyKey: `${kind}:retry-acct` });
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

  /** POST /api/bookings while Stripe fails: the booking is made, without a payment link. */
  async function bookWhileStripeFails(overrides: Record<string, unknown> = {}) {
    booked += 1;
    const placed = await placeBooking(db(), {
      ip: `198.51.100.${booked}`,
      now: BOOKED_AT,
      relist: "day",
      key: { scope: "api", value: crypto.randomUUID() },
      read: async () => ({ input: granbyRequest({ start: nthGranbyStart(booked), ...overrides }) }),
      actor: async () => null,
    });
    const booking = placed.booking!;
    const now = new Date();
    expect(await cardStepByLink(db(), booking, { stripe: failing, now })).toBeNull();
    return { ...booking, now };
  }

  const jobsOf = async (appointmentId: string, name: string) =>
    (await db().select().from(s.jobs).where(eq(s.jobs.name, name))).filter(
      (job) => (job.payload as { appointmentId?: string }).appointmentId === appointmentId,
    );
  const plan = async (appointmentId: string) =>
    (
      await db()
        .select()
        .from(s.appointmentPaymentPlans)
        .where(eq(s.appointmentPaymentPlans.appointmentId, appointmentId))
    )[0];
  /** Runs the booking's pending start-card-step job as the worker would, at `now`. */
  async function runRetry(appointmentId: string, client: StripeClient, now: Date) {
    const pending = (await jobsOf(appointmentId, "payments.start-card-step")).filter(
      (job) => job.status === "pending",
    );
    expect(pending).toHaveLength(1);
    const job = pending[0]!;
    const handlers = createPaymentHandlers({ stripe: () => client, now: () => now });
    await handlers["payments.start-card-step"](job.payload as never, { db: db() } as never);
    await db().update(s.jobs).set({ status: "completed" }).where(eq(s.jobs.id, job.id));
    return job;
  }

  it("queues a retry when the card step cannot start, then starts it and sends the payment link", async () => {
    const booking = await bookWhileStripeFails({ smsConsent: true });
    expect(await plan(booking.appointmentId)).toBeUndefined();
    const [retry] = await jobsOf(booking.appointmentId, "payments.start-card-step");
    expect(retry).toMatchObject({
      status: "pending",
      payload: { appointmentId: booking.appointmentId, bookingId: booking.bookingId, attempt: 1 },
    });
    expect(retry!.runAt).toEqual(minutes(booking.now, 1));
    // The same request again (its Idempotency-Key), Stripe still failing: one retry queued.
    await cardStepByLink(db(), { ...booking, repeated: true }, { stripe: failing, now: booking.now });
    expect(await jobsOf(booking.appointmentId, "payments.start-card-step")).toHaveLength(1);

    // A minute later Stripe answers: the card step starts with its hold, the link goes out.
    const later = minutes(booking.now, 1);
    await runRetry(booking.appointmentId, stripe, later);
    expect(await plan(booking.appointmentId)).toMatchObject({
      status: "awaiting_card",
      depositCents: 4_311,
      holdUntil: minutes(later, 30),
    });
    const url = await paymentPageUrl(db(), booking.bookingId);
    const links = (await jobsOf(booking.appointmentId, "email.booking")).filter(
      (job) => (job.payload as { kind: string }).kind === "payment-link",
    );
    expect(links).toHaveLength(1);
    const sms = (await db().select().from(s.smsMessages)).filter(
      (m) => m.appointmentId === booking.appointmentId,
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(url);
    expect(await bookingPayment(db(), booking.bookingId)).toMatchObject({ state: "awaiting_card" });
    // No further attempt is queued.
    expect(
      (await jobsOf(booking.appointmentId, "payments.start-card-step")).filter((j) => j.status === "pending"),
    ).toEqual([]);
  });

  it("tries three times, then keeps the booking paid on site and confirms it at once, saying so", async () => {
    const booking = await bookWhileStripeFails();
    let at = booking.now;
    for (const [i, delay] of CARD_STEP_RETRY_MINUTES.entries()) {
      at = minutes(at, delay);
      const job = await runRetry(booking.appointmentId, failing, at);
      expect((job.payload as { attempt: number }).attempt).toBe(i + 1);
    }
    expect(at).toEqual(minutes(booking.now, 21));
    // Paid on site: no hold, nothing to charge, no page to start afterwards.
    expect(await plan(booking.appointmentId)).toMatchObject({
      status: "settled",
      depositCents: 0,
      lateCancelFeeCents: 0,
      noShowFeeCents: 0,
      holdUntil: null,
      stripeCheckoutSessionId: null,
    });
    expect(await bookingPayment(db(), booking.bookingId)).toEqual({
      state: "on_site",
      bookingId: booking.bookingId,
    });
    expect(await resumeCardStep(db(), booking.bookingId, { stripe, now: minutes(at, 1) })).toBeNull();
    const [appointment] = await db()
      .select()
      .from(s.appointments)
      .where(eq(s.appointments.id, booking.appointmentId));
    expect(appointment).toMatchObject({ status: "scheduled" });

    // The confirmation that waited goes now (not 45 minutes after booking), and says it.
    const [confirmation] = (await jobsOf(booking.appointmentId, "email.booking")).filter(
      (job) => (job.payload as { kind: string }).kind === "confirmation",
    );
    expect(confirmation!.runAt).toEqual(at);
    const sent: OutgoingMail[] = [];
    const messaging = createMessagingHandlers({ mailer: memoryMailer(sent), now: () => at });
    await messaging["email.booking"](
      confirmation!.payload as never,
      { db: db(), jobId: confirmation!.id } as never,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Réservation confirmée/);
    expect(sent[0]!.text).toContain("le paiement en ligne n'a pas pu être préparé");
    expect(sent[0]!.text).toContain("vous paierez sur place");
    // A last attempt run again (a worker's retry) changes nothing.
    expect(
      (await jobsOf(booking.appointmentId, "payments.start-card-step")).filter((j) => j.status === "pending"),
    ).toEqual([]);
  });

  it("leaves a booking alone once its page started the card step, or once it is cancelled", async () => {
    const started = await bookWhileStripeFails();
    // The customer opened the payment page meanwhile (it starts the step) while the job runs.
    const at = minutes(started.now, 1);
    const [page] = await Promise.all([
      resumeCardStep(db(), started.bookingId, { stripe, now: at }),
      runRetry(started.appointmentId, stripe, at),
    ]);
    expect(page).toMatch(/^http/);
    const plans = await db()
      .select()
      .from(s.appointmentPaymentPlans)
      .where(eq(s.appointmentPaymentPlans.appointmentId, started.appointmentId));
    expect(plans).toHaveLength(1);
    const deposits = await db()
      .select()
      .from(s.payments)
      .where(eq(s.payments.appointmentId, started.appointmentId));
    expect(deposits.map((d) => [d.kind, d.status])).toEqual([["deposit", "pending"]]);

    const cancelled = await bookWhileStripeFails();
    await db()
      .update(s.appointments)
      .set({ status: "cancelled", cancelledAt: cancelled.now })
      .where(eq(s.appointments.id, cancelled.appointmentId));
    await runRetry(cancelled.appointmentId, stripe, minutes(cancelled.now, 1));
    expect(await plan(cancelled.appointmentId)).toBeUndefined();
    expect(
      (await jobsOf(cancelled.appointmentId, "email.booking")).filter(
        (job) => (job.payload as { kind: string }).kind === "payment-link",
      ),
    ).toEqual([]);
  });
});
