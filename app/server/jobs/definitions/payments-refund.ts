import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Sends one pending refund row of the payments ledger to Stripe; the id only (ADR 073).
 */
export const paymentsRefundJob = defineJob("payments.refund", z.object({ paymentId: z.string() }));
