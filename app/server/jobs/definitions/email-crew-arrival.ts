import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The customer's « en route » or « new time » e-mail, with the arrival time told (ISO) or null (ADR 078).
 */
export const emailCrewArrivalJob = defineJob(
  "email.crew-arrival",
  z.object({
    appointmentId: z.string(),
    kind: z.enum(["en_route", "late"]),
    arrivalAt: z.iso.datetime({ offset: true }).nullable(),
  }),
);
