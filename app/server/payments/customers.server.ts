import Stripe from "stripe";
import type { StripeClient } from "./stripe.server";

/** A saved card as the customer space shows it ("Moyens de paiement"): never the number. */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The Stripe customer of one of our customers (their cards live there, not with us). */
export async function createCustomer(
  stripe: StripeClient,
  input: {
    email: string;
    name: string;
    phone?: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  },
): Promise<string> {
  const customer = await stripe.customers.create(
    { email: input.email, name: input.name, phone: input.phone, metadata: input.metadata },
    { idempotencyKey: input.idempotencyKey },
  );
  return customer.id;
}

/** The cards saved for a customer, newest first (Stripe's order). */
export async function listSavedCards(stripe: StripeClient, customerId: string): Promise<SavedCard[]> {
  const page = await stripe.customers.listPaymentMethods(customerId, { type: "card", limit: 20 });
  return page.data.flatMap((method) =>
    method.card
      ? [
          {
            id: method.id,
            brand: method.card.brand,
            last4: method.card.last4,
            expMonth: method.card.exp_month,
            expYear: method.card.exp_year,
          },
        ]
      : [],
  );
}

/**
 * Removes a saved card. The caller checks first that the card is this customer's
 * (`listSavedCards`): Stripe detaches any card of the platform it is given.
 */
export async function detachSavedCard(stripe: StripeClient, paymentMethodId: string): Promise<void> {
  await stripe.paymentMethods.detach(paymentMethodId);
}

/**
 * Deletes a Stripe customer for good (a deleted account, ADR 027, 079): its e-mail, name and
 * phone leave Stripe too. One already deleted is done (a retried job).
 */
export async function deleteCustomer(stripe: StripeClient, customerId: string): Promise<void> {
  try {
    await stripe.customers.del(customerId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") return;
    throw error;
  }
}
