import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import {
  bookingAwaitingCard,
  deliverEvent,
  drainPaymentJobs,
  standInClient,
} from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import { startStripeStandIn, type StripeStandIn } from "../../../../tests/stripe/stand-in";
import { chargeSavedCard, createPaymentCheckout, createSetupCheckout } from "../../payments/charges.server";
import { createConnectedAccount } from "../../payments/connect.server";
import { createCustomer } from "../../payments/customers.server";
import type { StripeClient } from "../../payments/stripe.server";

// Stripe's events through the route's steps (signature, record, job) on both databases (ADR 073):
// the real SDK against the local stand-in; duplicates and any order of delivery end the same.

let standIn: StripeStandIn;
let stripe: StripeClient;
let accountId: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = standInClient(standIn);
  accountId = await createConnectedAccount(stripe, {
    email: null,
    businessName: "Lavage Granby",
    franchiseeId: "f",
    idempotencyKey: "account:events",
  });
});

afterAll(() => standIn.close());

const expiresAt = () => new Date(Date.now() + 45 * 60_000);
const lastEvent = (type: string) => standIn.events.findLast((e) => e.type === type)!;

describeDatabases("Stripe events", ({ db, kind }) => {
  // One stand-in serves both databases: the keys of each run are its own.
  const key = (name: string) => `${kind}:${name}`;
  const deliver = (event: Stripe.Event) => deliverEvent(db(), standIn, event);

  async function depositPage(name: string) {
    const customerId = await createCustomer(stripe, {
      email: `${name}@example.com`,
      name: "Léa",
      metadata: {},
      idempotencyKey: key(`c:${name}`),
    });
    const page = await createPaymentCheckout(stripe, {
      customerId,
      amountCents: 4_311,
      label: "Dépôt",
      to: { accountId, applicationFeeCents: 300 },
      successUrl: "http://localhost/ok",
      cancelUrl: "http://localhost/no",
      expiresAt: expiresAt(),
      metadata: {},
      idempotencyKey: key(`checkout:${name}`),
    });
    const booking = await bookingAwaitingCard(db(), {
      mode: "deposit",
      accountId,
      customerId,
      sessionId: page.id,
    });
    return { ...booking, page, customerId };
  }

  const plan = async (appointmentId: string) =>
    (
      await db()
        .select()
        .from(s.appointmentPaymentPlans)
        .where(eq(s.appointmentPaymentPlans.appointmentId, appointmentId))
    )[0]!;
  const payment = async (id: string) =>
    (await db().select().from(s.payments).where(eq(s.payments.id, id)))[0]!;
  const appointment = async (id: string) =>
    (await db().select().from(s.appointments).where(eq(s.appointments.id, id)))[0]!;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
  });

  it("secures a booking when its deposit is paid, once, however often the event comes", async () => {
    const { appointmentId, depositId, page } = await depositPage("paid");
    await fetch(page.url, { method: "POST", body: new URLSearchParams({ card: "ok" }), redirect: "manual" });
    const completed = lastEvent("checkout.session.completed");
    expect(await deliver(completed)).toEqual({ duplicate: false });
    expect(await deliver(completed)).toEqual({ duplicate: true });
    expect(await deliver(lastEvent("payment_intent.succeeded"))).toEqual({ duplicate: false });
    expect(await drainPaymentJobs(db(), stripe)).toBe(2);

    const intent = (completed.data.object as Stripe.Checkout.Session).payment_intent as string;
    const kept = await stripe.paymentIntents.retrieve(intent);
    expect(await plan(appointmentId)).toMatchObject({
      status: "secured",
      stripePaymentMethodId: kept.payment_method,
      holdUntil: null,
    });
    expect(await payment(depositId!)).toMatchObject({ status: "succeeded", stripePaymentIntentId: intent });
    const [row] = await db().select().from(s.stripeEvents).where(eq(s.stripeEvents.eventId, completed.id));
    expect(row).toMatchObject({ outcome: "applied", objectId: page.id });
    expect(row!.processedAt).toBeInstanceOf(Date);

    // Delivered late, an 'expired' for the paid page changes nothing.
    const expiredLate = {
      ...completed,
      id: `${completed.id}_x`,
      type: "checkout.session.expired",
    } as Stripe.Event;
    await deliver(expiredLate);
    await drainPaymentJobs(db(), stripe);
    expect((await appointment(appointmentId)).status).toBe("scheduled");
    expect((await plan(appointmentId)).status).toBe("secured");
  });

  it("releases the slot of an abandoned page, and refunds a payment that comes after the release", async () => {
    const { appointmentId, depositId, page } = await depositPage("late");
    await stripe.checkout.sessions.expire(page.id);
    await deliver(lastEvent("checkout.session.expired"));
    await drainPaymentJobs(db(), stripe);
    expect(await appointment(appointmentId)).toMatchObject({
      status: "cancelled",
      cancelReason: expect.stringContaining("Paiement non reçu"),
    });
    expect(await plan(appointmentId)).toMatchObject({ status: "released" });
    expect(await payment(depositId!)).toMatchObject({ status: "cancelled" });

    // Out of order: Stripe's 'completed' of that page arrives after the release (a stand-in page
    // cannot be paid once expired, so the event is made from the expired one).
    const customerId = (await plan(appointmentId)).stripeCustomerId!;
    const method = await stripe.paymentMethods.list({ customer: customerId });
    expect(method.data).toHaveLength(0);
    const paid = await chargeSavedCard(stripe, {
      customerId,
      paymentMethodId: "pm_card_visa",
      amountCents: 4_311,
      description: "Dépôt",
      to: { accountId, applicationFeeCents: 300 },
      metadata: {},
      idempotencyKey: key("late-deposit"),
    });
    const expired = lastEvent("checkout.session.expired");
    const session = {
      ...(expired.data.object as Stripe.Checkout.Session),
      status: "complete",
      payment_status: "paid",
      payment_intent: paid.ok ? paid.paymentIntentId : null,
    };
    await deliver({
      ...expired,
      id: `${expired.id}_completed`,
      type: "checkout.session.completed",
      data: { object: session },
    } as Stripe.Event);
    await drainPaymentJobs(db(), stripe);
    expect(await payment(depositId!)).toMatchObject({ status: "succeeded" });
    const [refund] = await db().select().from(s.payments).where(eq(s.payments.refundOf, depositId!));
    expect(refund).toMatchObject({
      kind: "refund",
      status: "succeeded",
      amountCents: 4_311,
      stripeRefundId: expect.stringMatching(/^re_/),
    });
    expect(
      standIn.object<{ amount: number; reverse_transfer: boolean }>(refund!.stripeRefundId!),
    ).toMatchObject({ amount: 4_311, reverse_transfer: true });
    // Its refund.created event finds the row already settled.
    await deliver(lastEvent("refund.created"));
    await drainPaymentJobs(db(), stripe);
    expect(await payment(refund!.id)).toMatchObject({ status: "succeeded" });
    expect((await appointment(appointmentId)).status).toBe("cancelled");
  });

  it("keeps a card for a card-kept booking, then settles off-session charges by their events in any order", async () => {
    const customerId = await createCustomer(stripe, {
      email: "kept@example.com",
      name: "Léa",
      metadata: {},
      idempotencyKey: key("c:kept"),
    });
    const page = await createSetupCheckout(stripe, {
      customerId,
      accountId,
      successUrl: "http://localhost/ok",
      cancelUrl: "http://localhost/no",
      expiresAt: expiresAt(),
      metadata: {},
      idempotencyKey: key("setup:kept"),
    });
    const { appointmentId, franchiseeId } = await bookingAwaitingCard(db(), {
      mode: "card_kept",
      accountId,
      customerId,
      sessionId: page.id,
    });
    await fetch(page.url, { method: "POST", body: new URLSearchParams({ card: "ok" }), redirect: "manual" });
    await deliver(lastEvent("checkout.session.completed"));
    await drainPaymentJobs(db(), stripe);
    const secured = await plan(appointmentId);
    expect(secured).toMatchObject({
      status: "secured",
      stripePaymentMethodId: expect.stringMatching(/^pm_/),
    });

    const balance = async (name: string, paymentMethodId: string) => {
      const charge = await chargeSavedCard(stripe, {
        customerId,
        paymentMethodId,
        amountCents: 17_245,
        description: "Solde",
        to: { accountId, applicationFeeCents: 1_200 },
        metadata: {},
        idempotencyKey: key(name),
      });
      const intentId = charge.ok ? charge.paymentIntentId : charge.paymentIntentId!;
      const [row] = await db()
        .insert(s.payments)
        .values({
          appointmentId,
          franchiseeId,
          kind: "balance",
          amountCents: 17_245,
          subtotalCents: 14_999,
          tpsCents: 750,
          tvqCents: 1_496,
          applicationFeeCents: 1_200,
          idempotencyKey: key(name),
          stripePaymentIntentId: intentId,
        })
        .returning();
      return row!.id;
    };
    const ok = await balance("balance:ok", secured.stripePaymentMethodId!);
    const okEvent = lastEvent("payment_intent.succeeded");
    const refused = await balance("balance:refused", "pm_card_chargeDeclined");
    const refusedEvent = lastEvent("payment_intent.payment_failed");
    // A refusal of the first intent delivered after its success: the success stands.
    await deliver(okEvent);
    await deliver({
      ...refusedEvent,
      id: `${refusedEvent.id}_for_ok`,
      data: { object: { ...refusedEvent.data.object, id: (okEvent.data.object as { id: string }).id } },
    } as Stripe.Event);
    await deliver(refusedEvent);
    await drainPaymentJobs(db(), stripe);
    expect(await payment(ok)).toMatchObject({ status: "succeeded", failureCode: null });
    expect(await payment(refused)).toMatchObject({ status: "failed", failureCode: "card_declined" });
  });
});
