import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Nightly, on the embedded database only: `vacuum (analyze)`, then the next night's run queued
 * (ADR 113).
 */
export const databaseUpkeepJob = defineJob("database.upkeep", z.object({}));
