import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The balance after the wash refused by the card kept: told to the customer, once, with the
 * hosted page that pays it (`url`, sealed: ADR 068) (ADR 079).
 */
export const emailBalanceRefusedJob = defineJob(
  "email.balance-refused",
  z.object({ paymentId: z.string(), url: z.string().nullable() }),
);
