import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Delivers a stored contact message to CONTACT_WEBHOOK_URL; the id only, no personal data.
 */
export const contactWebhookJob = defineJob("contact.webhook", z.object({ messageId: z.string() }));
