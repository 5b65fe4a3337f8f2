import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Charges one pending ledger row (a fee, a balance) to the card kept at booking; the id only.
 */
export const paymentsChargeJob = defineJob("payments.charge", z.object({ paymentId: z.string() }));
