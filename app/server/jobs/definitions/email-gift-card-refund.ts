import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The buyer's notice that a card's unused balance was refunded, once Stripe took the refund
 * (ADR 087, amended).
 */
export const emailGiftCardRefundJob = defineJob("email.gift-card-refund", z.object({ refundId: z.string() }));
