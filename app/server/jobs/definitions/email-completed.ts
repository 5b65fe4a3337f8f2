import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A completed wash paid by card: the completion e-mail (and SMS) with the tip link (ADR 079).
 * With `report`: the crew's wash report (ADR 088), photos, checklist, review and tip links in one.
 */
export const emailCompletedJob = defineJob(
  "email.completed",
  z.object({ appointmentId: z.string(), report: z.boolean().optional() }),
);
