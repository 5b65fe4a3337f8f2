import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A booking e-mail (ADR 013-015); the manage link's secret when the caller knows it (book, reschedule).
 */
export const emailBookingJob = defineJob(
  "email.booking",
  z.object({
    appointmentId: z.string(),
    kind: z.enum(["confirmation", "changed", "cancelled", "reminder", "released", "payment-link"]),
    manageToken: z.string().optional(),
  }),
);
