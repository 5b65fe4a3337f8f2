import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * 24 h before: re-checks the booking, then queues the reminder e-mail and SMS. One per appointment.
 */
export const bookingReminderJob = defineJob(
  "booking.reminder",
  z.object({ appointmentId: z.string(), manageToken: z.string().optional() }),
);
