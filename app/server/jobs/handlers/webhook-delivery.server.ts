import { log } from "../../log.server";

/** Longest wait for a webhook's answer; the job's own time limit (ctx.signal) also applies. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** Logs `message` the first time it is called, then never again (per process). */
export function warnOnce(message: string): () => void {
  let warned = false;
  return () => {
    if (warned) return;
    warned = true;
    log.warn(message);
  };
}

/**
 * POSTs `body` as JSON to `url` with `idempotencyKey` in an Idempotency-Key header, so that a
 * receiver can drop a repeat. Any answer other than 2xx throws (`"<what> answered HTTP …"`), so
 * the queue tries again later; a redirect is such an answer.
 */
export async function postWebhook(
  url: string,
  {
    what,
    idempotencyKey,
    body,
    signal,
  }: { what: string; idempotencyKey: string; body: unknown; signal: AbortSignal },
): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
    body: JSON.stringify(body),
    // A redirect is an answer like any other: following it would turn the POST into a GET.
    redirect: "manual",
    signal: AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
  });
  await response.body?.cancel();
  if (!response.ok) {
    throw new Error(`${what} answered HTTP ${response.status} ${response.statusText}`.trimEnd());
  }
}
