import { vi } from "vitest";

/**
 * The unit and database tests share their worker between files (`isolate: false`, ADR 117): the
 * packages (PGlite, Drizzle, Zod, React, jsdom…) are loaded once per worker instead of once per
 * file. What a file could leave behind for the next one is put back here, before each file: the
 * environment variables as the worker started with them, no process-wide singleton (the store of
 * `remember()`, app/server/remember.server.ts, ADR 100), and the app's own modules evaluated
 * again, so a module-level cache (the parsed environment, the payment gateway) and a file's
 * `vi.mock` start afresh, as they did in a process of their own.
 */
const worker = globalThis as typeof globalThis & {
  __appRemembered?: unknown;
  __testWorkerEnvironment?: Readonly<Record<string, string | undefined>>;
};
const original = (worker.__testWorkerEnvironment ??= { ...process.env });
for (const key of Object.keys(process.env)) if (!(key in original)) delete process.env[key];
Object.assign(process.env, original);
delete worker.__appRemembered;
vi.resetModules();
