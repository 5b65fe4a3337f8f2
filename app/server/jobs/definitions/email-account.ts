import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * An account e-mail (ADR 042): the confirmation link, "someone tried to sign up", "sign-ins slowed".
 */
export const emailAccountJob = defineJob(
  "email.account",
  z.object({
    userId: z.string(),
    kind: z.enum(["verify", "exists", "slowed"]),
    url: z.string().optional(),
  }),
);
