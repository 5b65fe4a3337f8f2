import type { z } from "~/lib/zod-fr";

/**
 * One job: its name and the Zod schema of its payload, in a file of its own
 * (`definitions/<name>.ts`). The queue checks the payload against it when the job is queued
 * (`enqueue`, `newJobsInsert`) and when a worker claims it (ADR 099).
 */
export interface JobDefinition<N extends string, S extends z.ZodObject> {
  readonly name: N;
  readonly schema: S;
}

export function defineJob<const N extends string, S extends z.ZodObject>(
  name: N,
  schema: S,
): JobDefinition<N, S> {
  return { name, schema };
}
