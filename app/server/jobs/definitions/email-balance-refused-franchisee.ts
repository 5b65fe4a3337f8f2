import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The same refusal told to the franchisee, with where to record a payment on site (ADR 079).
 */
export const emailBalanceRefusedFranchiseeJob = defineJob(
  "email.balance-refused-franchisee",
  z.object({ paymentId: z.string() }),
);
