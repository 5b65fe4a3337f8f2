import { deleteCustomer, detachSavedCard, listSavedCards } from "../../payments/customers.server";
import { stripeFromEnv, type StripeClient } from "../../payments/stripe.server";
import { executeCharge } from "../../services/payments/execute-charge.server";
import { executeRefund } from "../../services/payments/execute-refund.server";
import { processStripeEvent } from "../../services/payments/process-stripe-event.server";
import { releaseHold } from "../../services/payments/release-hold.server";
import { sendCardStepLink } from "../../services/payments/booking-payment.server";
import { retryCardStep } from "../../services/payments/retry-card-step.server";
import { keptCardToLink, secureWithKeptCard } from "../../services/payments/kept-card-step.server";
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
      | "payments.start-card-step"
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
    // A card step that failed at booking, tried again, then paid on site (ADR 074).
    "payments.start-card-step": async (payload, { db }) => {
      const deps = { stripe: stripe(), now: now() };
      await retryCardStep(db, payload, {
        ...deps,
        start: async () => {
          if (payload.keptCard && deps.stripe) {
            // A recurring wash (ADR 086): the kept card again (its key replays Stripe's answer).
            const outcome = await secureWithKeptCard(db, payload, { stripe: deps.stripe, now: deps.now });
            if (outcome === "secured" || outcome === "done") return "started";
            if (outcome === "on_site") return "on_site";
          }
          return (await sendCardStepLink(db, payload, deps)) ? "started" : "on_site";
        },
        keptCardFallback: () => keptCardToLink(db, payload, deps),
      });
    },
    // A deleted account's cards and Stripe customer (ADR 027, 079): Stripe keeps nothing of them
    // for us afterwards. A retry after the deletion finds the customer gone: done.
    "payments.detach-cards": async ({ stripeCustomerId }) => {
      const client = stripe();
      if (!client) throw new Error("Detaching cards needs the Stripe keys (STRIPE_SECRET_KEY)");
      const cards = await listSavedCards(client, stripeCustomerId).catch((error: unknown) => {
        if ((error as { code?: string }).code === "resource_missing") return [];
        throw error;
      });
      for (const card of cards) await detachSavedCard(client, card.id);
      await deleteCustomer(client, stripeCustomerId);
    },
  };
}
