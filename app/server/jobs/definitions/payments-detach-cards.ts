import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A deleted account's cards are detached from its Stripe customer (ADR 027, 079).
 */
export const paymentsDetachCardsJob = defineJob(
  "payments.detach-cards",
  z.object({ stripeCustomerId: z.string() }),
);
