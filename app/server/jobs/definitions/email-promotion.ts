import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A commercial e-mail, sent only with consent, with the unsubscribe link and headers.
 */
export const emailPromotionJob = defineJob(
  "email.promotion",
  z.object({ to: z.string(), title: z.string(), body: z.string() }),
);
