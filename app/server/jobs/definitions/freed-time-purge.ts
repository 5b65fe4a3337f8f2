import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Daily: deletes the freed-time requests past their last day and the old offers (ADR 091), then
 * queues the next day's.
 */
export const freedTimePurgeJob = defineJob("freed-time.purge", z.object({}));
