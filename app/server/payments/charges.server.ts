import Stripe from "stripe";
import type { StripeClient } from "./stripe.server";

// The calls that move money (ADR 073). Each takes the caller's idempotency key, required by its
// type: the key is derived from our ledger (a booking and a kind, a refund's row), so a retry
// after a crash or a lost answer gets Stripe's first answer back instead of a second charge.

/** Metadata sent with every object, to find our rows again from a webhook. */
export type PaymentMetadata = Record<string, string>;

/**
 * A destination charge for a franchisee (ADR 073): made on behalf of its connected account
 * (`on_behalf_of`, so it is the merchant of record and its statement descriptor shows), the
 * funds transferred to it, and the network's royalty kept as the application fee.
 */
export interface ForFranchisee {
  accountId: string;
  /** The royalty in cents: on the amount before taxes and tips (domain/payments/royalty.ts). */
  applicationFeeCents: number;
}

function destination(to: ForFranchisee) {
  return {
    application_fee_amount: to.applicationFeeCents,
    on_behalf_of: to.accountId,
    transfer_data: { destination: to.accountId },
  };
}

export interface HostedPage {
  id: string;
  /** Stripe's hosted page, where the customer types the card. */
  url: string;
}

interface CheckoutCommon {
  customerId: string;
  /** Where Stripe sends the customer back; `{CHECKOUT_SESSION_ID}` is replaced by Stripe. */
  successUrl: string;
  cancelUrl: string;
  /** The page stops taking payments then (Stripe: 30 min to 24 h after creation). */
  expiresAt: Date;
  metadata: PaymentMetadata;
  idempotencyKey: string;
}

function hosted(session: Stripe.Checkout.Session): HostedPage {
  if (!session.url) throw new Error(`Checkout Session ${session.id} has no hosted page URL`);
  return { id: session.id, url: session.url };
}

/**
 * A hosted Checkout page that charges `amountCents` now (a deposit) and keeps the card for the
 * balance after the wash (`setup_future_usage: off_session`).
 */
export async function createPaymentCheckout(
  stripe: StripeClient,
  input: CheckoutCommon & { amountCents: number; label: string; to: ForFranchisee },
): Promise<HostedPage> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      customer: input.customerId,
      locale: "fr-CA",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "cad",
            unit_amount: input.amountCents,
            product_data: { name: input.label },
          },
        },
      ],
      payment_intent_data: {
        ...destination(input.to),
        setup_future_usage: "off_session",
        metadata: input.metadata,
      },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
      metadata: input.metadata,
    },
    { idempotencyKey: input.idempotencyKey },
  );
  return hosted(session);
}

/**
 * A hosted Checkout page that charges exactly the given lines now (a balance the card kept
 * refused, ADR 079), for the franchisee with its royalty; it keeps no card.
 */
export async function createLinesCheckout(
  stripe: StripeClient,
  input: CheckoutCommon & { lines: { label: string; cents: number }[]; to: ForFranchisee },
): Promise<HostedPage> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      customer: input.customerId,
      locale: "fr-CA",
      line_items: input.lines.map((line) => ({
        quantity: 1,
        price_data: { currency: "cad", unit_amount: line.cents, product_data: { name: line.label } },
      })),
      payment_intent_data: { ...destination(input.to), metadata: input.metadata },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
      metadata: input.metadata,
    },
    { idempotencyKey: input.idempotencyKey },
  );
  return hosted(session);
}

/**
 * A hosted Checkout page that charges the network itself (no connected account, no transfer):
 * a gift card's price, collected by the network until the card pays a booking (ADR 087).
 */
export async function createNetworkCheckout(
  stripe: StripeClient,
  input: Omit<CheckoutCommon, "customerId"> & { amountCents: number; label: string; email: string },
): Promise<HostedPage> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      customer_email: input.email,
      locale: "fr-CA",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "cad",
            unit_amount: input.amountCents,
            product_data: { name: input.label },
          },
        },
      ],
      payment_intent_data: { metadata: input.metadata },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
      metadata: input.metadata,
    },
    { idempotencyKey: input.idempotencyKey },
  );
  return hosted(session);
}

/**
 * A hosted Checkout page of the network's own account for several lines (a shop order, ADR 094):
 * each line's quantity and unit price, and the taxes as lines, so Stripe's page and receipt show
 * what our order holds to the cent.
 */
export async function createNetworkLinesCheckout(
  stripe: StripeClient,
  input: Omit<CheckoutCommon, "customerId"> & {
    lines: { label: string; unitCents: number; quantity: number }[];
    email: string;
  },
): Promise<HostedPage> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      customer_email: input.email,
      locale: "fr-CA",
      line_items: input.lines.map((line) => ({
        quantity: line.quantity,
        price_data: { currency: "cad", unit_amount: line.unitCents, product_data: { name: line.label } },
      })),
      payment_intent_data: { metadata: input.metadata },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
      metadata: input.metadata,
    },
    { idempotencyKey: input.idempotencyKey },
  );
  return hosted(session);
}

/** A hosted Checkout page that only keeps the card (nothing charged until the wash is done). */
export async function createSetupCheckout(
  stripe: StripeClient,
  input: CheckoutCommon & { accountId: string },
): Promise<HostedPage> {
  const session = await stripe.checkout.sessions.create(
    {
      mode: "setup",
      customer: input.customerId,
      currency: "cad",
      locale: "fr-CA",
      setup_intent_data: { on_behalf_of: input.accountId, metadata: input.metadata },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
      metadata: input.metadata,
    },
    { idempotencyKey: input.idempotencyKey },
  );
  return hosted(session);
}

export type SavedCardCharge =
  | { ok: true; paymentIntentId: string; status: Stripe.PaymentIntent.Status }
  | {
      ok: false;
      /** Stripe's error code (card_declined, authentication_required, ...). */
      code: string;
      declineCode?: string;
      paymentIntentId?: string;
    };

/**
 * Charges the card kept at booking, without the customer (`off_session`): the balance after
 * the wash, a tip, a late-cancellation fee. A refused card is an answer, not an exception: the caller records it
 * and asks the customer to pay by link.
 */
export async function chargeSavedCard(
  stripe: StripeClient,
  input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    description: string;
    to: ForFranchisee;
    metadata: PaymentMetadata;
    idempotencyKey: string;
  },
): Promise<SavedCardCharge> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: "cad",
        customer: input.customerId,
        payment_method: input.paymentMethodId,
        off_session: true,
        confirm: true,
        description: input.description,
        ...destination(input.to),
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return { ok: true, paymentIntentId: intent.id, status: intent.status };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
    return {
      ok: false,
      code: error.code ?? "card_error",
      declineCode: error.decline_code,
      paymentIntentId: error.payment_intent?.id,
    };
  }
}

/**
 * Refunds a payment, all of it or `amountCents`. The transfer to the franchisee is reversed in
 * proportion and the royalty refunded in proportion (ADR 073: the network keeps a royalty only
 * on money the franchisee keeps).
 */
export async function refundPayment(
  stripe: StripeClient,
  input: { paymentIntentId: string; amountCents?: number; metadata: PaymentMetadata; idempotencyKey: string },
): Promise<{ refundId: string; status: string | null; amountCents: number }> {
  const refund = await stripe.refunds.create(
    {
      payment_intent: input.paymentIntentId,
      amount: input.amountCents,
      reverse_transfer: true,
      refund_application_fee: true,
      metadata: input.metadata,
    },
    { idempotencyKey: input.idempotencyKey },
  );
  return { refundId: refund.id, status: refund.status, amountCents: refund.amount };
}

/**
 * Stops a hosted page from taking payment (ADR 073/074) and answers its state after that:
 * 'expired', or 'complete' when it was paid first. Two of our steps may expire the same page at
 * the same moment (the release job and the customer's « Annuler »): Stripe refuses the second
 * expiry (the page is no longer open), which is not a failure, so the page is read again.
 */
export async function expireOpenCheckout(
  stripe: StripeClient,
  sessionId: string,
): Promise<Stripe.Checkout.Session> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.status !== "open") return session;
  try {
    return await stripe.checkout.sessions.expire(sessionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const now = await stripe.checkout.sessions.retrieve(sessionId);
    if (now.status === "open") throw error;
    return now;
  }
}

/**
 * Refunds a charge of the network's own account (a shop order, ADR 094): no transfer to reverse,
 * no application fee. The idempotency key is the return's: asked twice, refunded once.
 */
export async function refundNetworkPayment(
  stripe: StripeClient,
  input: { paymentIntentId: string; amountCents: number; metadata: PaymentMetadata; idempotencyKey: string },
): Promise<{ refundId: string; status: string | null; amountCents: number }> {
  const refund = await stripe.refunds.create(
    { payment_intent: input.paymentIntentId, amount: input.amountCents, metadata: input.metadata },
    { idempotencyKey: input.idempotencyKey },
  );
  return { refundId: refund.id, status: refund.status, amountCents: refund.amount };
}
