import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The French receipt of one ledger row that succeeded (a payment or a refund), once (ADR 079).
 */
export const emailReceiptJob = defineJob("email.receipt", z.object({ paymentId: z.string() }));
