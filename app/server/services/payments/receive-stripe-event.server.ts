import type Stripe from "stripe";
import { stripeEvents } from "#db/schema";
import type { Db } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";

/**
 * Records a verified Stripe event once and queues its processing in the same transaction
 * (ADR 073): the event id is the primary key, so a second delivery of the same event (Stripe
 * retries until it gets a 2xx, and may send twice) inserts nothing and queues nothing. The
 * answer to Stripe waits only for this insert; the work is done by the job, retried on failure.
 */
export async function receiveStripeEvent(db: Db, event: Stripe.Event): Promise<{ duplicate: boolean }> {
  const object = event.data.object as { id?: unknown };
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(stripeEvents)
      .values({
        eventId: event.id,
        type: event.type,
        objectId: typeof object.id === "string" ? object.id : null,
        stripeCreatedAt: new Date(event.created * 1000),
        payload: event,
      })
      .onConflictDoNothing({ target: stripeEvents.eventId })
      .returning({ eventId: stripeEvents.eventId });
    if (!recorded) return { duplicate: true };
    await enqueue(tx, "stripe.event", { eventId: event.id }, { maxAttempts: 10 });
    return { duplicate: false };
  });
}
