import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A gift card's refund sent to Stripe, under the refund row's idempotency key (ADR 087, amended).
 */
export const giftCardsRefundJob = defineJob("gift-cards.refund", z.object({ refundId: z.string() }));
