import { z } from "~/lib/zod-fr";
import { defineJob } from "./define";

/**
 * Does nothing: lets an operator check that a worker is running.
 */
export const noopJob = defineJob("noop", z.object({}));
