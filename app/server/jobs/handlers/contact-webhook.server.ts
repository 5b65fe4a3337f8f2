import { env } from "../../env.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";
import { log } from "../../log.server";
import { loadContactMessage } from "./contact-message.server";
import { postWebhook, warnOnce } from "./webhook-delivery.server";

const warnUnconfigured = warnOnce(
  "Webhook de contact : CONTACT_WEBHOOK_URL n'est plus défini, les messages en file restent en base sans être transmis.",
);

/**
 * Delivers a stored contact message to CONTACT_WEBHOOK_URL as JSON {name, email, phone, message}
 * (docs/product.md, section 7). Any answer other than 2xx throws, so the queue tries again later. The
 * message id goes in an Idempotency-Key header: a receiver may see a message twice (an answer
 * lost on the way back) and can drop the repeat.
 */
export const deliverContactWebhook: JobHandler<JobPayloads["contact.webhook"]> = async (
  { messageId },
  { db, signal },
) => {
  const url = env().CONTACT_WEBHOOK_URL;
  if (!url) {
    warnUnconfigured();
    return;
  }

  const message = await loadContactMessage(db, messageId);
  if (!message) {
    log.warn(`Webhook de contact : le message ${messageId} n'existe plus, rien à transmettre.`);
    return;
  }

  await postWebhook(url, { what: "Contact webhook", idempotencyKey: messageId, body: message, signal });
};
