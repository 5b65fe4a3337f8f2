import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The buyer's confirmation once the card is paid (ADR 087).
 */
export const emailGiftCardJob = defineJob(
  "email.gift-card",
  z.object({ giftCardId: z.string(), to: z.literal("buyer") }),
);
