import { contactMessages } from "#db/schema";
import type { ContactMessage } from "~/domain/contact/schemas";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { env } from "../../env.server";
import { enqueue } from "../../jobs/queue.server";
import { queueContactReceived } from "../messaging/notify.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";

/** Messages one address may send: enough for a person, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 } as const satisfies RateLimitRule;

/**
 * Delivery attempts before the job is kept as 'dead' for an admin to retry: with the queue's
 * backoff (10 s doubling, at most 1 h between attempts), about three hours of webhook outage.
 */
export const CONTACT_WEBHOOK_MAX_ATTEMPTS = 12;

/**
 * Stores a message of the contact form and, in the same transaction, queues its e-mail to the
 * business address and, when CONTACT_WEBHOOK_URL is set, its webhook delivery: the message is
 * kept even while the webhook or the SMTP server is down.
 */
export async function sendContactMessage(
  db: Db,
  { input, ip }: { input: ContactMessage; ip: string },
): Promise<{ id: string }> {
  const limit = await hitRateLimit(db, `contact:ip:${ip}`, CONTACT_RATE_LIMIT);
  if (!limit.allowed) throw new AppError("RATE_LIMITED");

  const deliver = env().CONTACT_WEBHOOK_URL !== undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, phone: input.phone ?? null, message: input.message })
      .returning({ id: contactMessages.id });
    const id = row!.id;
    // The job holds the id only: the handler reads the row, so no personal data sits in the queue.
    if (deliver) {
      await enqueue(tx, "contact.webhook", { messageId: id }, { maxAttempts: CONTACT_WEBHOOK_MAX_ATTEMPTS });
    }
    // And always by e-mail to the business address (ADR 013).
    await queueContactReceived(tx, id);
    return { id };
  });
}
