import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The customer's confirmation once the order is paid (ADR 094).
 */
export const emailShopOrderJob = defineJob("email.shop-order", z.object({ orderId: z.string() }));
