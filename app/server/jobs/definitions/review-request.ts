import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Some hours after a wash is completed: asks for a review once (e-mail, SMS within the cap) (ADR 049).
 */
export const reviewRequestJob = defineJob("review.request", z.object({ appointmentId: z.string() }));
