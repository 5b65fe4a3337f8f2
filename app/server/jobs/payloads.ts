import type { z } from "~/lib/zod-fr";
import type { jobSchemas } from "./definitions";

// The job names and payloads, apart from the registry of handlers: the queue, the handlers and
// the services that enqueue read these types without importing the handlers (no import circle
// queue -> registry -> handlers -> services -> queue, ADR 055). Each job's payload is the type
// of its Zod schema, in `definitions/<name>.ts` (ADR 099).

type Schemas = typeof jobSchemas;

/** Every job the product queues, by name, with its payload. */
export type JobPayloads = { [N in keyof Schemas]: z.infer<Schemas[N]> };

export type JobName = keyof JobPayloads;
