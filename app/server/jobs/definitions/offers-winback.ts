import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * The daily win-back run; it queues the next day's run (ADR 050).
 */
export const offersWinbackJob = defineJob("offers.winback", z.object({}));
