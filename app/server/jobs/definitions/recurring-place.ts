import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Places the occurrences due (one series just started or resumed, else every active one, daily) (ADR 086).
 */
export const recurringPlaceJob = defineJob("recurring.place", z.object({ seriesId: z.string().optional() }));
