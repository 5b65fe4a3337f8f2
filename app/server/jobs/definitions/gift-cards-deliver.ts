import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * On the chosen day: the recipient's e-mail with the card's code, once (ADR 087).
 */
export const giftCardsDeliverJob = defineJob("gift-cards.deliver", z.object({ giftCardId: z.string() }));
