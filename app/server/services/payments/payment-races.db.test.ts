import { eq, inArray, like } from "drizzle-orm";
import type Stripe from "stripe";
import { beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { AppError } from "~/lib/errors";
import {
  FRIDAY_MORNING as BOOKED_AT,
  granbyRequest,
  nthGranbyStart,
  teamOf,
} from "../../../../tests/factories/bookings";
import { deliverEvent, drainPaymentJobs, setUpStripeStandIn } from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import { chargeSavedCard, refundPayment } from "../../payments/charges.server";
import { cancelAppointment } from "../appointments/cancel-appointment.server";
import { markNoShow } from "../appointments/mark-no-show.server";
import { bookSlot } from "../booking/book-slot.server";
import { cancelBooking } from "../booking/cancel-booking.server";
import { bookingCardStep, cancelUnpaidBooking, syncCardStep } from "./booking-payment.server";
import { executeRefund } from "./execute-refund.server";
import { processStripeEvent } from "./process-stripe-event.server";
import { releaseHold } from "./release-hold.server";

// The payments' races (issue 31, ADR 073/074), on both databases: the 50-racer booking with a
// deposit zone, webhooks twice at once and out of order, the card step's three actors at once,
// and two settlements of one booking at once. Each ends with one effect, never two.

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_standin";
});

const stripeTest = setUpStripeStandIn();

const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);
const pay = (url: string) =>
  fetch(url, { method: "POST", body: new URLSearchParams({ card: "ok" }), redirect: "manual" });
/** The refunds Stripe made of a payment (each made once: a replayed key makes none). */
const refundsOf = (intentId: string) =>
  stripeTest.standIn.events
    .filter((e) => e.type === "refund.created")
    .map((e) => e.data.object as Stripe.Refund)
    .filter((r) => r.payment_intent === intentId)
    .map((r) => r.amount);
const checkoutCreations = () =>
  stripeTest.standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").length;

describeDatabases("the payments' races", ({ db, kind }) => {
  let franchiseeId: string;
  let ownerUserId: string;
  let slot = 0;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    franchiseeId = zone!.franchiseeId!;
    const account = await stripeTest.stripe.accounts.create(
      { country: "CA" },
      { idempotencyKey: `${kind}:races` },
    );
    // A 25 % deposit (43,11 $ of 172,45 $); late: the deposit; no-show: half the total (86,23 $).
    await db().insert(s.zonePaymentSettings).values({
      zoneId: zone!.id,
      mode: "deposit",
      depositRule: "percent",
      depositValue: 2_500,
      lateCancelRule: "deposit",
      noShowRule: "percent",
      noShowValue: 5_000,
    });
    const [owner] = await db()
      .update(s.franchisees)
      .set({ stripeAccountId: account.id, stripeAccountState: "enabled" })
      .where(eq(s.franchisees.id, franchiseeId))
      .returning();
    ownerUserId = owner!.userId;
  });

  const ledger = (appointmentId: string) =>
    db()
      .select()
      .from(s.payments)
      .where(eq(s.payments.appointmentId, appointmentId))
      .orderBy(s.payments.createdAt);
  const plan = async (appointmentId: string) =>
    (
      await db()
        .select()
        .from(s.appointmentPaymentPlans)
        .where(eq(s.appointmentPaymentPlans.appointmentId, appointmentId))
    )[0]!;
  const appointment = async (id: string) =>
    (await db().select().from(s.appointments).where(eq(s.appointments.id, id)))[0]!;
  /** The jobs queued for one ledger row's receipt (one per row: a receipt is sent once). */
  const receiptJobs = async (paymentIds: string[]) =>
    (await db().select().from(s.jobs).where(eq(s.jobs.name, "email.receipt"))).filter((job) =>
      paymentIds.includes((job.payload as { paymentId: string }).paymentId),
    );
  const mailsOf = async (appointmentId: string) =>
    (await db().select().from(s.jobs).where(eq(s.jobs.name, "email.booking")))
      .filter((job) => (job.payload as { appointmentId: string }).appointmentId === appointmentId)
      .map((job) => ({ kind: (job.payload as { kind: string }).kind, status: job.status }));

  /** A booking made as the wizard makes it, with its card step started; its hosted page's link. */
  async function bookWithCard(email = `race${slot}@example.com`) {
    slot += 1;
    const booked = await bookSlot(db(), {
      actor: null,
      input: granbyRequest({ start: nthGranbyStart(slot), email }),
      now: BOOKED_AT,
    });
    const now = new Date();
    const step = await bookingCardStep(db(), { ...booked, now, stripe: stripeTest.stripe });
    if (step.mode !== "deposit") throw new Error(`expected a deposit, got ${step.mode}`);
    const sessionId = (await plan(booked.appointmentId)).stripeCheckoutSessionId!;
    return { ...booked, url: step.url, sessionId, now };
  }

  /** A booking whose deposit is paid and secured (the return page's step). */
  async function securedBooking() {
    const booking = await bookWithCard();
    await pay(booking.url);
    await syncCardStep(db(), booking.bookingId, { stripe: stripeTest.stripe, now: booking.now });
    await drainPaymentJobs(db(), stripeTest.stripe);
    expect((await plan(booking.appointmentId)).status).toBe("secured");
    return booking;
  }

  const eventOf = (type: string, objectId: string) =>
    stripeTest.standIn.events.findLast(
      (e) => e.type === type && (e.data.object as { id: string }).id === objectId,
    )!;
  const intentEventOf = (type: string, intentId: string) =>
    stripeTest.standIn.events.findLast(
      (e) => e.type === type && (e.data.object as { id: string }).id === intentId,
    )!;
  const processNow = (eventId: string) =>
    processStripeEvent(db(), eventId, { stripe: stripeTest.stripe, now: new Date() });

  it("THE RACE with payments on: 50 bookings of the last slot, one winner, one hosted page, no charge for the losers", async () => {
    const start = nthGranbyStart(36);
    const input = granbyRequest({ start });
    const team = await teamOf(db(), "granby");
    for (let i = 0; i < team.length - 1; i++) {
      // The other members' bookings (their card steps are not started: only the race's count).
      await bookSlot(db(), {
        actor: null,
        input: { ...input, email: `pris${i}@example.com` },
        now: BOOKED_AT,
      });
    }
    const pagesBefore = checkoutCreations();
    const intentsBefore = stripeTest.standIn.requests.filter((r) =>
      r.path.startsWith("/v1/payment_intents"),
    ).length;

    // Each racer does what the wizard's post does: book, then start the card step if booked.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, async (_, i) => {
        const booked = await bookSlot(db(), {
          actor: null,
          input: { ...input, email: `coureur${i}@example.com` },
          now: BOOKED_AT,
        });
        return bookingCardStep(db(), { ...booked, now: new Date(), stripe: stripeTest.stripe }).then(
          (step) => ({
            booked,
            step,
          }),
        );
      }),
    );
    const won = outcomes.filter((o) => o.status === "fulfilled");
    const lost = outcomes.filter((o) => o.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const o of lost) {
      expect(o.reason).toBeInstanceOf(AppError);
      expect((o.reason as AppError).code).toBe("SLOT_TAKEN");
    }
    const { booked, step } = won[0]!.value;
    expect(step.mode).toBe("deposit");

    // One hosted page, for the winner; no payment intent made for anyone.
    expect(checkoutCreations() - pagesBefore).toBe(1);
    expect(stripeTest.standIn.requests.filter((r) => r.path.startsWith("/v1/payment_intents")).length).toBe(
      intentsBefore,
    );
    const racers = await db()
      .select({ id: s.appointments.id, email: s.appointments.customerEmail })
      .from(s.appointments)
      .where(like(s.appointments.customerEmail, "coureur%"));
    expect(racers.map((r) => r.id)).toEqual([booked.appointmentId]);
    const plans = await db()
      .select()
      .from(s.appointmentPaymentPlans)
      .where(eq(s.appointmentPaymentPlans.appointmentId, booked.appointmentId));
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ status: "awaiting_card", depositCents: 4_311 });
    // The race's only ledger row: the winner's pending deposit.
    const atThatTime = await db()
      .select({ kind: s.payments.kind, status: s.payments.status, appointmentId: s.payments.appointmentId })
      .from(s.payments)
      .innerJoin(s.appointments, eq(s.appointments.id, s.payments.appointmentId))
      .where(eq(s.appointments.startAt, new Date(start)));
    expect(atThatTime).toEqual([{ kind: "deposit", status: "pending", appointmentId: booked.appointmentId }]);
    const session = stripeTest.standIn.object<{ metadata: { appointment_id: string }; amount_total: number }>(
      plans[0]!.stripeCheckoutSessionId!,
    );
    expect(session).toMatchObject({
      amount_total: 4_311,
      metadata: { appointment_id: booked.appointmentId },
    });
  }, 180_000);

  it("applies checkout.session.completed once when it comes twice at once, and out of order with its payment_intent.succeeded", async () => {
    const booking = await bookWithCard();
    await pay(booking.url);
    const completed = eventOf("checkout.session.completed", booking.sessionId);
    const session = completed.data.object as Stripe.Checkout.Session;
    const intentId = session.payment_intent as string;
    // payment_intent.succeeded first: no ledger row knows that intent yet.
    await deliverEvent(db(), stripeTest.standIn, intentEventOf("payment_intent.succeeded", intentId));
    expect(await processNow(intentEventOf("payment_intent.succeeded", intentId).id)).toBe("unknown_object");

    // The same event delivered twice at the same moment: recorded once.
    const deliveries = await Promise.all([
      deliverEvent(db(), stripeTest.standIn, completed),
      deliverEvent(db(), stripeTest.standIn, completed),
    ]);
    expect(deliveries.map((d) => d.duplicate).sort()).toEqual([false, true]);
    // Stripe may also send the same effect under another event id: two rows, processed at once,
    // with the recorded one's job run at the same time.
    const twin = { ...completed, id: `${completed.id}_twin` } as Stripe.Event;
    await deliverEvent(db(), stripeTest.standIn, twin);
    await Promise.all([
      processNow(completed.id),
      processNow(twin.id),
      processNow(completed.id),
      drainPaymentJobs(db(), stripeTest.stripe),
    ]);
    const events = await db()
      .select()
      .from(s.stripeEvents)
      .where(inArray(s.stripeEvents.eventId, [completed.id, twin.id]));
    expect(events.map((e) => e.outcome).sort()).toEqual(["applied", "stale"]);

    const rows = await ledger(booking.appointmentId);
    expect(rows.map((r) => [r.kind, r.status, r.amountCents, r.stripePaymentIntentId])).toEqual([
      ["deposit", "succeeded", 4_311, intentId],
    ]);
    expect(await receiptJobs(rows.map((r) => r.id))).toHaveLength(1);
    expect((await plan(booking.appointmentId)).status).toBe("secured");
    expect((await mailsOf(booking.appointmentId)).filter((m) => m.kind === "confirmation")).toHaveLength(1);
    // The intent's event once more, now after: the row is already paid.
    const again = { ...intentEventOf("payment_intent.succeeded", intentId) };
    await deliverEvent(db(), stripeTest.standIn, { ...again, id: `${again.id}_late` } as Stripe.Event);
    await drainPaymentJobs(db(), stripeTest.stripe);
    expect((await ledger(booking.appointmentId)).map((r) => r.status)).toEqual(["succeeded"]);
    // One payment on Stripe's side for that page.
    expect(stripeTest.standIn.object<{ amount: number; status: string }>(intentId)).toMatchObject({
      amount: 4_311,
      status: "succeeded",
    });
  });

  it("settles a refund once when its event comes before the refund job's own answer, and twice at once", async () => {
    const booking = await securedBooking();
    await cancelBooking(db(), {
      bookingId: booking.bookingId,
      now: BOOKED_AT,
      input: { token: booking.manageToken },
    });
    const [deposit, refund] = await ledger(booking.appointmentId);
    expect(refund).toMatchObject({ kind: "refund", status: "pending", amountCents: 4_311 });
    // Stripe's refund.created, delivered (twice at once) and processed before the job records
    // Stripe's answer: the job is run, but its answer applied after the events.
    // (Stripe's side of the job's call, with the job's parameters and key.)
    const created = await refundPayment(stripeTest.stripe, {
      paymentIntentId: deposit!.stripePaymentIntentId!,
      amountCents: refund!.amountCents,
      metadata: { payment_id: refund!.id, appointment_id: booking.appointmentId },
      idempotencyKey: refund!.idempotencyKey,
    });
    const event = eventOf("refund.created", created.refundId);
    await Promise.all([
      deliverEvent(db(), stripeTest.standIn, event),
      deliverEvent(db(), stripeTest.standIn, event),
    ]);
    const twin = { ...event, id: `${event.id}_twin` } as Stripe.Event;
    await deliverEvent(db(), stripeTest.standIn, twin);
    await Promise.all([
      processNow(event.id),
      processNow(twin.id),
      executeRefund(db(), refund!.id, { stripe: stripeTest.stripe, now: new Date() }),
    ]);
    await drainPaymentJobs(db(), stripeTest.stripe);

    const rows = await ledger(booking.appointmentId);
    expect(rows.map((r) => [r.kind, r.status, r.amountCents])).toEqual([
      ["deposit", "succeeded", 4_311],
      ["refund", "succeeded", 4_311],
    ]);
    expect(rows[1]!.stripeRefundId).toBe(created.refundId);
    // One refund on Stripe's side (the job's call carried the row's key: the same refund back).
    expect(refundsOf(deposit!.stripePaymentIntentId!)).toEqual([4_311]);
    expect(await receiptJobs(rows.map((r) => r.id))).toHaveLength(2);
  });

  it("secures a paid booking exactly once when the return page, the webhook and the release job act at once", async () => {
    const booking = await bookWithCard();
    await pay(booking.url);
    const completed = eventOf("checkout.session.completed", booking.sessionId);
    await deliverEvent(db(), stripeTest.standIn, completed);
    const after = minutes(booking.now, 31);
    const [returned, processed, released] = await Promise.all([
      syncCardStep(db(), booking.bookingId, { stripe: stripeTest.stripe, now: after }),
      processNow(completed.id),
      releaseHold(db(), booking.appointmentId, { stripe: stripeTest.stripe, now: after }),
    ]);
    expect(returned).toMatchObject({ state: "secured", paidCents: 4_311 });
    // Exactly one of the three applied the step; the others found it done.
    expect([processed === "applied", released === "secured"].filter(Boolean).length).toBeLessThanOrEqual(1);
    await drainPaymentJobs(db(), stripeTest.stripe);
    expect(await appointment(booking.appointmentId)).toMatchObject({ status: "scheduled" });
    const rows = await ledger(booking.appointmentId);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([["deposit", "succeeded"]]);
    expect(await receiptJobs(rows.map((r) => r.id))).toHaveLength(1);
    const mails = await mailsOf(booking.appointmentId);
    expect(mails.filter((m) => m.kind === "confirmation")).toHaveLength(1);
    expect(mails.filter((m) => m.kind === "released")).toEqual([]);
  });

  it("releases an unpaid booking exactly once when the customer cancels, the hold ends and Stripe's expiry comes at once, and refunds a late payment in full once", async () => {
    const booking = await bookWithCard();
    const after = minutes(booking.now, 31);
    // The customer's « Annuler » on the return page and the release job at the same moment (both
    // expire the page), then Stripe's own expiry event.
    const [cancelled, released] = await Promise.all([
      cancelUnpaidBooking(db(), booking.bookingId, { stripe: stripeTest.stripe, now: after }),
      releaseHold(db(), booking.appointmentId, { stripe: stripeTest.stripe, now: after }),
    ]);
    const expired = eventOf("checkout.session.expired", booking.sessionId);
    await deliverEvent(db(), stripeTest.standIn, expired);
    const outcome = await processNow(expired.id);
    expect(
      [cancelled === "cancelled", released === "released", outcome === "applied"].filter(Boolean),
    ).toHaveLength(1);
    await drainPaymentJobs(db(), stripeTest.stripe);
    expect(await appointment(booking.appointmentId)).toMatchObject({ status: "cancelled" });
    expect((await plan(booking.appointmentId)).status).toBe("released");
    expect((await ledger(booking.appointmentId)).map((r) => [r.kind, r.status])).toEqual([
      ["deposit", "cancelled"],
    ]);
    // At most one 'released' e-mail (none when the customer cancelled it), never a confirmation.
    const mails = await mailsOf(booking.appointmentId);
    expect(mails.filter((m) => m.kind === "released").length).toBeLessThanOrEqual(1);
    expect(mails.filter((m) => m.kind === "confirmation" && m.status === "pending")).toEqual([]);

    // A payment that went through anyway (the stand-in cannot pay an expired page: the event is
    // made from the expired one), its completed event twice at once, processed at once.
    const p = await plan(booking.appointmentId);
    const paid = await chargeSavedCard(stripeTest.stripe, {
      customerId: p.stripeCustomerId!,
      paymentMethodId: "pm_card_visa",
      amountCents: 4_311,
      description: "Dépôt",
      to: { accountId: p.stripeAccountId, applicationFeeCents: 300 },
      metadata: {},
      idempotencyKey: `${kind}:late:${booking.appointmentId}`,
    });
    if (!paid.ok) throw new Error("the late payment was refused");
    const late = {
      ...expired,
      id: `${expired.id}_completed`,
      type: "checkout.session.completed",
      data: {
        object: {
          ...(expired.data.object as Stripe.Checkout.Session),
          status: "complete",
          payment_status: "paid",
          payment_intent: paid.paymentIntentId,
        },
      },
    } as Stripe.Event;
    const twin = { ...late, id: `${late.id}_twin` } as Stripe.Event;
    await Promise.all([
      deliverEvent(db(), stripeTest.standIn, late),
      deliverEvent(db(), stripeTest.standIn, twin),
    ]);
    const lateOutcomes = await Promise.all([
      processNow(late.id),
      processNow(twin.id),
      syncCardStep(db(), booking.bookingId, { stripe: stripeTest.stripe, now: after }),
    ]);
    expect(lateOutcomes.filter((o) => o === "late_payment_refunded")).toHaveLength(1);
    await drainPaymentJobs(db(), stripeTest.stripe);
    const rows = await ledger(booking.appointmentId);
    expect(rows.map((r) => [r.kind, r.status, r.amountCents])).toEqual([
      ["deposit", "succeeded", 4_311],
      ["refund", "succeeded", 4_311],
    ]);
    expect(refundsOf(paid.paymentIntentId)).toEqual([4_311]);
    expect(await appointment(booking.appointmentId)).toMatchObject({ status: "cancelled" });
    expect((await plan(booking.appointmentId)).status).toBe("released");
  });

  it("settles once when the customer cancels and the franchisee cancels at the same moment", async () => {
    const booking = await securedBooking();
    const actor = { id: ownerUserId, role: "franchisee" as const, name: "F", email: "f@example.com" };
    const outcomes = await Promise.allSettled([
      cancelBooking(db(), {
        bookingId: booking.bookingId,
        now: BOOKED_AT,
        input: { token: booking.manageToken },
      }),
      cancelAppointment(db(), {
        appointmentId: booking.appointmentId,
        franchiseeId,
        reason: "Pluie",
        actor,
        now: BOOKED_AT,
      }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    await drainPaymentJobs(db(), stripeTest.stripe);
    const rows = await ledger(booking.appointmentId);
    expect(rows.map((r) => [r.kind, r.status, r.amountCents])).toEqual([
      ["deposit", "succeeded", 4_311],
      ["refund", "succeeded", 4_311],
    ]);
    expect(await receiptJobs(rows.map((r) => r.id))).toHaveLength(2);
  });

  it("settles once when a cancellation and a no-show are recorded at the same moment", async () => {
    const booking = await securedBooking();
    const row = await appointment(booking.appointmentId);
    const outcomes = await Promise.allSettled([
      // Each with its own clock: the customer's link ahead of time, the crew's mark after the start.
      cancelBooking(db(), {
        bookingId: booking.bookingId,
        now: BOOKED_AT,
        input: { token: booking.manageToken },
      }),
      markNoShow(db(), { appointmentId: booking.appointmentId, franchiseeId, now: row.endAt }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    await drainPaymentJobs(db(), stripeTest.stripe);
    const rows = await ledger(booking.appointmentId);
    const status = (await appointment(booking.appointmentId)).status;
    // The early cancellation refunds the deposit; the no-show keeps it and charges the rest.
    expect(rows.map((r) => [r.kind, r.status, r.amountCents])).toEqual(
      status === "cancelled"
        ? [
            ["deposit", "succeeded", 4_311],
            ["refund", "succeeded", 4_311],
          ]
        : [
            ["deposit", "succeeded", 4_311],
            ["charge", "succeeded", 4_312],
          ],
    );
    expect((await plan(booking.appointmentId)).status).toBe("settled");
  });
});
