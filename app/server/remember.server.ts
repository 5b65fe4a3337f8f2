/**
 * Process-wide singletons (ADR 100). The value `create` makes the first time `key` is asked for,
 * kept on `globalThis` so that a dev-server reload, which evaluates the modules again, finds the
 * same database, worker or cache instead of opening a second one. Every process-wide holder goes
 * through here; a holder that is set and cleared (the database, the worker) remembers a box.
 */
const store = globalThis as typeof globalThis & { __appRemembered?: Map<string, unknown> };

export function remember<T>(key: string, create: () => T): T {
  const values = (store.__appRemembered ??= new Map<string, unknown>());
  if (!values.has(key)) values.set(key, create());
  return values.get(key) as T;
}
