import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The renewal run: daily (every subscription due), or one subscription's (resumed) (ADR 095).
 */
export const membershipsRenewJob = defineJob(
  "memberships.renew",
  z.object({ subscriptionId: z.string().optional() }),
);
