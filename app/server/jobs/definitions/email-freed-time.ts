import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The one e-mail of an offer of a freed time; the id only (ADR 091).
 */
export const emailFreedTimeJob = defineJob("email.freed-time", z.object({ offerId: z.string() }));
