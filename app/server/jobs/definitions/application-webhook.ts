import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Delivers a stored franchise application to APPLICATION_WEBHOOK_URL; the id only.
 */
export const applicationWebhookJob = defineJob(
  "application.webhook",
  z.object({ applicationId: z.string() }),
);
