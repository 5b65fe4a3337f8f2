import Stripe from "stripe";

/** How old a signed event may be (Stripe's own default): an older replay is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The event of a webhook request when its Stripe-Signature header was made with our endpoint's
 * secret over this exact body within the tolerance (the SDK's check, ADR 073); null otherwise.
 */
export function verifyStripeEvent(
  payload: string,
  header: string | null,
  secret: string,
): Stripe.Event | null {
  if (!header) return null;
  try {
    return Stripe.webhooks.constructEvent(payload, header, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
    throw error;
  }
}
