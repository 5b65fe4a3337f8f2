import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * A booking was cancelled: offers its start to the matching requests, once each (ADR 091).
 */
export const freedTimeOfferJob = defineJob("freed-time.offer", z.object({ appointmentId: z.string() }));
