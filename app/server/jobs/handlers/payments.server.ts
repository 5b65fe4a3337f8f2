import { detachSavedCard, listSavedCards } from "../../payments/customers.server";
import { stripeFromEnv, type StripeClient } from "../../payments/stripe.server";
import { executeCharge } from "../../services/payments/execute-charge.server";
import { executeRefund } from "../../services/payments/execute-refund.server";
import { processStripeEvent } from "../../services/payments/process-stripe-event.server";
import { releaseHold } from "../../services/payments/release-hold.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

export interface PaymentDeps {
  /** Default: the client of the environment's Stripe keys (undefined without them). */
  stripe?: () => StripeClient | undefined;
  /** Default: the real clock. */
  now?: () => Date;
}

type Handlers = {
  [
    N in
      | "stripe.event"
      | "payments.refund"
      | "payments.charge"
      | "payments.release-hold"
      | "payments.detach-cards"
  ]: JobHandler<JobPayloads[N]>;
};

/** The payments' jobs (ADR 073); tests pass a client of the local stand-in and a clock. */
export function createPaymentHandlers({
  stripe = stripeFromEnv,
  now = () => new Date(),
}: PaymentDeps = {}): Handlers {
  return {
    "stripe.event": async ({ eventId }, { db }) => {
      await processStripeEvent(db, eventId, { stripe: stripe(), now: now() });
    },
    "payments.refund": async ({ paymentId }, { db }) => {
      await executeRefund(db, paymentId, { stripe: stripe(), now: now() });
    },
    "payments.charge": async ({ paymentId }, { db }) => {
      await executeCharge(db, paymentId, { stripe: stripe(), now: now() });
    },
    "payments.release-hold": async ({ appointmentId }, { db }) => {
      await releaseHold(db, appointmentId, { stripe: stripe(), now: now() });
    },
    // A deleted account's cards (ADR 027, 079): Stripe keeps none of them for us afterwards.
    "payments.detach-cards": async ({ stripeCustomerId }) => {
      const client = stripe();
      if (!client) throw new Error("Detaching cards needs the Stripe keys (STRIPE_SECRET_KEY)");
      for (const card of await listSavedCards(client, stripeCustomerId))
        await detachSavedCard(client, card.id);
    },
  };
}
