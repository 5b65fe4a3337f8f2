import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The thank-you e-mail with its personal code; consent checked again when it is sent (ADR 057).
 */
export const emailThankyouJob = defineJob("email.thankyou", z.object({ appointmentId: z.string() }));
