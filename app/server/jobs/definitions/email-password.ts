import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The reset / set-password link made by better-auth.
 */
export const emailPasswordJob = defineJob(
  "email.password",
  z.object({ userId: z.string(), url: z.string(), invitation: z.boolean().optional() }),
);
