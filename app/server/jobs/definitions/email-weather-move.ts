import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A weather move's one e-mail (ADR 090): the link to pick a new time, its token (sealed, ADR
 * 068); not sent once the booking was rebooked or cancelled.
 */
export const emailWeatherMoveJob = defineJob(
  "email.weather-move",
  z.object({ appointmentId: z.string(), manageToken: z.string() }),
);
