import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "../../../tests/stripe/stand-in";
import { chargeSavedCard, createPaymentCheckout, createSetupCheckout, refundPayment } from "./charges.server";
import { createConnectedAccount, createOnboardingLink, retrieveAccountState } from "./connect.server";
import { createCustomer, detachSavedCard, listSavedCards } from "./customers.server";
import { createStripeClient, type StripeClient } from "./stripe.server";

// The real SDK against the local stand-in (ADR 073): nothing reaches the network.

let standIn: StripeStandIn;
let stripe: StripeClient;
const to = { accountId: "", applicationFeeCents: 1_500 };

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = createStripeClient({
    secretKey: standIn.secretKey,
    publishableKey: "pk_test_standin",
    webhookSecret: standIn.webhookSecret,
    api: standIn.sdkOptions,
  });
  to.accountId = await createConnectedAccount(stripe, {
    email: "granby@example.com",
    businessName: "Lavage Granby",
    franchiseeId: "f-1",
    idempotencyKey: "account:f-1",
  });
});

afterAll(() => standIn.close());

const expiresAt = () => new Date(Date.now() + 60 * 60 * 1000);

async function newCustomer(key: string) {
  return createCustomer(stripe, {
    email: `${key}@example.com`,
    name: "Marie Tremblay",
    metadata: { user: key },
    idempotencyKey: `customer:${key}`,
  });
}

/** Submits the hosted Checkout page with a test card, as the customer's browser would. */
async function payOnHostedPage(url: string, card: "ok" | "declined" | "authentication_required") {
  return fetch(url, { method: "POST", body: new URLSearchParams({ card }), redirect: "manual" });
}

async function savedCard(customerId: string, card: "ok" | "authentication_required" = "ok") {
  const page = await createSetupCheckout(stripe, {
    customerId,
    accountId: to.accountId,
    successUrl: "http://localhost:3000/booking-success/B1?session={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://localhost:3000/booking",
    expiresAt: expiresAt(),
    metadata: { appointment_id: "a-1" },
    idempotencyKey: `setup:${customerId}`,
  });
  const answer = await payOnHostedPage(page.url, card);
  expect(answer.status).toBe(303);
  expect(answer.headers.get("location")).toBe(`http://localhost:3000/booking-success/B1?session=${page.id}`);
  const [card0] = await listSavedCards(stripe, customerId);
  return card0!.id;
}

describe("the Stripe gateway through the SDK and the stand-in", () => {
  it("takes a deposit on the hosted page, keeps the card, and signs its events for the SDK's check", async () => {
    const customerId = await newCustomer("deposit");
    const before = standIn.events.length;
    const page = await createPaymentCheckout(stripe, {
      customerId,
      amountCents: 5_000,
      label: "Dépôt, réservation B1",
      to,
      successUrl: "http://localhost:3000/ok?session={CHECKOUT_SESSION_ID}",
      cancelUrl: "http://localhost:3000/booking",
      expiresAt: expiresAt(),
      metadata: { appointment_id: "a-1", kind: "deposit" },
      idempotencyKey: "booking:a-1:deposit",
    });
    expect(page.url).toBe(`${standIn.url}/c/pay/${page.id}`);
    expect((await fetch(page.url)).status).toBe(200);

    const refused = await payOnHostedPage(page.url, "declined");
    expect(refused.status).toBe(402);
    expect(await refused.text()).toContain("Votre carte a été refusée");
    expect((await payOnHostedPage(page.url, "ok")).status).toBe(303);

    const types = standIn.events.slice(before).map((e) => e.type);
    expect(types).toEqual(["payment_intent.succeeded", "checkout.session.completed"]);
    const completed = standIn.events.at(-1)!;
    const { payload, header } = standIn.sign(completed);
    const verified = Stripe.webhooks.constructEvent(payload, header, standIn.webhookSecret);
    expect(verified.id).toBe(completed.id);
    expect(() => Stripe.webhooks.constructEvent(payload, header, "whsec_other")).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const session = verified.data.object as Stripe.Checkout.Session;
    expect(session).toMatchObject({ status: "complete", payment_status: "paid", amount_total: 5_000 });
    const intent = await stripe.paymentIntents.retrieve(session.payment_intent as string);
    expect(intent).toMatchObject({
      amount_received: 5_000,
      application_fee_amount: 1_500,
      on_behalf_of: to.accountId,
      transfer_data: { destination: to.accountId },
      setup_future_usage: "off_session",
      metadata: { appointment_id: "a-1", kind: "deposit" },
    });
    expect(await listSavedCards(stripe, customerId)).toHaveLength(1);
  });

  it("charges a kept card off-session once per idempotency key, and refuses the key with other amounts", async () => {
    const customerId = await newCustomer("kept");
    const paymentMethodId = await savedCard(customerId);
    const charge = (amountCents: number) =>
      chargeSavedCard(stripe, {
        customerId,
        paymentMethodId,
        amountCents,
        description: "Solde, réservation B2",
        to,
        metadata: { appointment_id: "a-2", kind: "balance" },
        idempotencyKey: "booking:a-2:balance",
      });
    const first = await charge(17_244);
    const again = await charge(17_244);
    expect(first).toMatchObject({ ok: true, status: "succeeded" });
    expect(again).toEqual(first);
    const creates = standIn.requests.filter((r) => r.idempotencyKey === "booking:a-2:balance");
    expect(creates).toHaveLength(2);
    await expect(charge(100)).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("answers a refused card and an off-session authentication as results, not exceptions", async () => {
    const customerId = await newCustomer("refused");
    const charge = (paymentMethodId: string, key: string) =>
      chargeSavedCard(stripe, {
        customerId,
        paymentMethodId,
        amountCents: 5_000,
        description: "Solde",
        to,
        metadata: {},
        idempotencyKey: key,
      });
    expect(await charge("pm_card_chargeDeclined", "refused-1")).toMatchObject({
      ok: false,
      code: "card_declined",
      declineCode: "generic_decline",
      paymentIntentId: expect.stringMatching(/^pi_/),
    });
    const strongCard = await savedCard(customerId, "authentication_required");
    expect(await charge(strongCard, "refused-2")).toMatchObject({
      ok: false,
      code: "authentication_required",
    });
  });

  it("attaches Stripe's test payment methods as Stripe does: a new card each, 0002 refused at attach, 0341 refused when charged", async () => {
    const customerId = await newCustomer("attach");
    const visa = await stripe.paymentMethods.attach("pm_card_visa", { customer: customerId });
    const failing = await stripe.paymentMethods.attach("pm_card_chargeCustomerFail", {
      customer: customerId,
    });
    expect(visa.id).toMatch(/^pm_(?!card_)/);
    expect((await listSavedCards(stripe, customerId)).map((card) => [card.id, card.last4])).toEqual([
      [failing.id, "0341"],
      [visa.id, "4242"],
    ]);
    await expect(
      stripe.paymentMethods.attach("pm_card_chargeDeclined", { customer: customerId }),
    ).rejects.toMatchObject({ type: "StripeCardError", code: "card_declined" });
    const charge = (paymentMethodId: string, key: string) =>
      chargeSavedCard(stripe, {
        customerId,
        paymentMethodId,
        amountCents: 5_000,
        description: "Dépôt",
        to,
        metadata: {},
        idempotencyKey: key,
      });
    expect(await charge(visa.id, "attach-1")).toMatchObject({ ok: true, status: "succeeded" });
    expect(await charge(failing.id, "attach-2")).toMatchObject({ ok: false, code: "card_declined" });
  });

  it("charges, then refunds in part, then no more than what is left", async () => {
    const customerId = await newCustomer("capture");
    const paymentMethodId = await savedCard(customerId);
    const held = await chargeSavedCard(stripe, {
      customerId,
      paymentMethodId,
      amountCents: 8_000,
      description: "Frais d'annulation tardive",
      to,
      metadata: {},
      idempotencyKey: "hold-1",
    });
    expect(held).toMatchObject({ ok: true, status: "succeeded" });
    const paymentIntentId = held.ok ? held.paymentIntentId : "";

    const refund = (amountCents: number | undefined, key: string) =>
      refundPayment(stripe, {
        paymentIntentId,
        amountCents,
        metadata: { reason: "geste" },
        idempotencyKey: key,
      });
    expect(await refund(3_000, "refund-1")).toMatchObject({ status: "succeeded", amountCents: 3_000 });
    expect(await refund(3_000, "refund-1")).toMatchObject({ amountCents: 3_000 });
    await expect(refund(6_000, "refund-2")).rejects.toMatchObject({ code: "amount_too_large" });
    expect(await refund(undefined, "refund-3")).toMatchObject({ amountCents: 5_000 });
    const refunds = standIn.events.filter((e) => e.type === "refund.created");
    expect(refunds.at(-1)?.data.object).toMatchObject({
      reverse_transfer: true,
      refund_application_fee: true,
    });
  });

  it("lists and removes saved cards without ever holding a number", async () => {
    const customerId = await newCustomer("cards");
    const id = await savedCard(customerId);
    expect(await listSavedCards(stripe, customerId)).toEqual([
      { id, brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 },
    ]);
    await detachSavedCard(stripe, id);
    expect(await listSavedCards(stripe, customerId)).toEqual([]);
  });

  it("onboards a franchisee through the hosted onboarding link", async () => {
    expect(await retrieveAccountState(stripe, to.accountId)).toEqual({
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
    });
    const url = await createOnboardingLink(stripe, {
      accountId: to.accountId,
      refreshUrl: "http://localhost:3000/franchisee/payments?refresh=1",
      returnUrl: "http://localhost:3000/franchisee/payments",
    });
    const done = await fetch(url, { method: "POST", redirect: "manual" });
    expect(done.headers.get("location")).toBe("http://localhost:3000/franchisee/payments");
    expect(await retrieveAccountState(stripe, to.accountId)).toEqual({
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });
    expect(standIn.events.at(-1)?.type).toBe("account.updated");
  });

  it("refuses a wrong key", async () => {
    const other = createStripeClient({
      secretKey: "sk_test_wrong",
      publishableKey: "pk_test_x",
      webhookSecret: "whsec_x",
      api: standIn.sdkOptions,
    });
    await expect(other.customers.create({})).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
  });
});
