import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A contact form message to the business address.
 */
export const emailContactReceivedJob = defineJob(
  "email.contact-received",
  z.object({ messageId: z.string() }),
);
