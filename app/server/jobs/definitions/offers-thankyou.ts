import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A day after the review request: the thank-you offer of a completed appointment, once (ADR 057).
 */
export const offersThankyouJob = defineJob("offers.thankyou", z.object({ appointmentId: z.string() }));
