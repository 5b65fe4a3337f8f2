import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A refused renewal told to the customer, once per try; `retryAt` null: the membership ended (ADR 095).
 */
export const emailMembershipRefusedJob = defineJob(
  "email.membership-refused",
  z.object({ chargeId: z.string(), retryAt: z.iso.datetime({ offset: true }).nullable() }),
);
