import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Deletes the assistant's conversations idle for 30 days; queues itself again while some remain (ADR 051).
 */
export const assistantPurgeJob = defineJob("assistant.purge", z.object({}));
