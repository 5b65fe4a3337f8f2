import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The applicant's acknowledgement of a franchise application.
 */
export const emailApplicationReceivedJob = defineJob(
  "email.application-received",
  z.object({ applicationId: z.string() }),
);
