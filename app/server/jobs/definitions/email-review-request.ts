import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The review request e-mail with its personal signed link; the id only (ADR 049).
 */
export const emailReviewRequestJob = defineJob(
  "email.review-request",
  z.object({ appointmentId: z.string() }),
);
