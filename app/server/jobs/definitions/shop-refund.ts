import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * An accepted return's refund, under the return's idempotency key (ADR 094).
 */
export const shopRefundJob = defineJob("shop.refund", z.object({ returnId: z.string() }));
