import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A recurring date moved to the nearest free time, or left unplaced: the customer told once (ADR 086).
 */
export const emailRecurringJob = defineJob(
  "email.recurring",
  z.object({
    kind: z.enum(["moved", "unplaced"]),
    seriesId: z.string(),
    appointmentId: z.string().nullable(),
    /** ISO instant of the usual time. */
    plannedStart: z.iso.datetime({ offset: true }),
  }),
);
