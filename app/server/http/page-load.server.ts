import { currentRequestContext, type RequestContext } from "../log.server";

/**
 * Work that the loaders of one page load share (ADR 054; scripts/bench-measurements.md, ninth pass): React Router runs the root
 * loader, the layouts' and the page's together, each with its own copy of the Request, and each
 * asks who is signed in. `onePerPageLoad` runs `work` once per HTTP request (the request context
 * of the log, app.ts), reads (GET, HEAD) and cookies, and hands the same promise to every later
 * caller. Anything else runs `work` each time: an action (POST and others) may sign in or out, and
 * outside a served request (tests, scripts) there is no request to share.
 */
const sharedOf = new WeakMap<RequestContext, Map<string, Promise<unknown>>>();

export function onePerPageLoad<T>(request: Request, name: string, work: () => Promise<T>): Promise<T> {
  const context = currentRequestContext();
  if (!context || (request.method !== "GET" && request.method !== "HEAD")) return work();
  let shared = sharedOf.get(context);
  if (!shared) {
    shared = new Map();
    sharedOf.set(context, shared);
  }
  const key = `${name}\n${request.headers.get("cookie") ?? ""}`;
  let promise = shared.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = work();
    shared.set(key, promise);
  }
  return promise;
}
