import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A minute after an unpaid booking's hosted page expires: releases its slot, or secures it if paid.
 */
export const paymentsReleaseHoldJob = defineJob(
  "payments.release-hold",
  z.object({ appointmentId: z.string() }),
);
