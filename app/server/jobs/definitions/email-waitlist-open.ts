import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The one e-mail of a claimed waiting-list entry; the id only (ADR 046).
 */
export const emailWaitlistOpenJob = defineJob("email.waitlist-open", z.object({ entryId: z.string() }));
