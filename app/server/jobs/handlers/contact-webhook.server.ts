import { eq } from "drizzle-orm";
import { contactMessages } from "#db/schema";
import { env } from "../../env.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";
import { log } from "../../log.server";

/** Longest wait for the webhook's answer; the job's own time limit (ctx.signal) also applies. */
export const CONTACT_WEBHOOK_TIMEOUT_MS = 15_000;

let warnedUnconfigured = false;

/**
 * Delivers a stored contact message to CONTACT_WEBHOOK_URL as JSON {name, email, phone, message}
 * (spec section 7). Any answer other than 2xx throws, so the queue tries again later. The
 * message id goes in an Idempotency-Key header: a receiver may see a message twice (an answer
 * lost on the way back) and can drop the repeat.
 */
export const deliverContactWebhook: JobHandler<JobPayloads["contact.webhook"]> = async (
  { messageId },
  { db, signal },
) => {
  const url = env().CONTACT_WEBHOOK_URL;
  if (!url) {
    if (!warnedUnconfigured) {
      warnedUnconfigured = true;
      log.warn(
        "Webhook de contact : CONTACT_WEBHOOK_URL n'est plus défini, les messages en file restent en base sans être transmis.",
      );
    }
    return;
  }

  const [message] = await db
    .select({
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      message: contactMessages.message,
    })
    .from(contactMessages)
    .where(eq(contactMessages.id, messageId));
  if (!message) {
    log.warn(`Webhook de contact : le message ${messageId} n'existe plus, rien à transmettre.`);
    return;
  }

  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": messageId },
    body: JSON.stringify(message),
    // A redirect is an answer like any other: following it would turn the POST into a GET.
    redirect: "manual",
    signal: AbortSignal.any([signal, AbortSignal.timeout(CONTACT_WEBHOOK_TIMEOUT_MS)]),
  });
  await response.body?.cancel();
  if (!response.ok) {
    throw new Error(`Contact webhook answered HTTP ${response.status} ${response.statusText}`.trimEnd());
  }
};
