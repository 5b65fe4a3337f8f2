import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The card step of a booking whose start failed at booking (Stripe unreachable), tried again;
 * `attempt` counts from 1 (ADR 074).
 */
export const paymentsStartCardStepJob = defineJob(
  "payments.start-card-step",
  z.object({
    appointmentId: z.string(),
    bookingId: z.string(),
    attempt: z.number().int().positive(),
    /** A recurring wash (ADR 086): the customer's kept card is tried first, then the link. */
    keptCard: z.literal(true).optional(),
  }),
);
