import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeEvents } from "#db/schema";
import type { Db, Tx } from "../../db.server";
import type { StripeClient } from "../../payments/stripe.server";
import {
  accountUpdated,
  checkoutCompleted,
  checkoutExpired,
  paymentIntentSettled,
  refundSettled,
  type EffectOutcome,
} from "./stripe-event-effects.server";
import { withSlotChange } from "../booking/slot-change.server";

export interface StripeEventDeps {
  /** The SDK's client, to read what an event names (a card, an account) fresh from Stripe. */
  stripe: StripeClient | undefined;
  now: Date;
}

/** What is read from Stripe before the transaction (no row lock is held over the network). */
interface Fresh {
  paymentMethodId?: string | null;
  account?: Stripe.Account;
}

function requireClient(stripe: StripeClient | undefined): StripeClient {
  if (!stripe) throw new Error("A Stripe event needs the Stripe keys to be processed (STRIPE_SECRET_KEY)");
  return stripe;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The card a completed Checkout Session kept (from its payment or setup intent). */
export async function paymentMethodOf(stripe: StripeClient | undefined, session: Stripe.Checkout.Session) {
  if (session.mode === "payment" && session.payment_intent) {
    const intent = await requireClient(stripe).paymentIntents.retrieve(idOf(session.payment_intent)!);
    return idOf(intent.payment_method);
  }
  if (session.mode === "setup" && session.setup_intent) {
    const setup = await requireClient(stripe).setupIntents.retrieve(idOf(session.setup_intent)!);
    return idOf(setup.payment_method);
  }
  return null;
}

async function readFresh(event: Stripe.Event, stripe: StripeClient | undefined): Promise<Fresh> {
  if (event.type === "checkout.session.completed") {
    return { paymentMethodId: await paymentMethodOf(stripe, event.data.object) };
  }
  if (event.type === "account.updated") {
    return { account: await requireClient(stripe).accounts.retrieve(event.data.object.id) };
  }
  return {};
}

function apply(tx: Tx, event: Stripe.Event, fresh: Fresh, now: Date): Promise<EffectOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
      return checkoutCompleted(tx, event.data.object, fresh.paymentMethodId ?? null, now);
    case "checkout.session.expired":
      return checkoutExpired(tx, event.data.object, now);
    case "payment_intent.succeeded":
      return paymentIntentSettled(tx, event.data.object, true, now);
    case "payment_intent.payment_failed":
      return paymentIntentSettled(tx, event.data.object, false, now);
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
      return refundSettled(tx, event.data.object, now);
    case "account.updated":
      return accountUpdated(tx, fresh.account!);
    default:
      return Promise.resolve("ignored");
  }
}

/**
 * Acts on one recorded Stripe event, once (the `stripe.event` job, ADR 073). The event row is
 * locked and marked processed in the same transaction as its effect, so a retried job, a second
 * worker or a duplicate delivery find it done. Returns what it did (also kept in `outcome`).
 */
export async function processStripeEvent(db: Db, eventId: string, deps: StripeEventDeps): Promise<string> {
  const [row] = await db.select().from(stripeEvents).where(eq(stripeEvents.eventId, eventId));
  if (!row) return "missing";
  if (row.processedAt) return row.outcome ?? "applied";
  const event = row.payload as Stripe.Event;
  const fresh = await readFresh(event, deps.stripe);
  const run = async (tx: Tx) => {
    const [locked] = await tx
      .select({ processedAt: stripeEvents.processedAt, outcome: stripeEvents.outcome })
      .from(stripeEvents)
      .where(eq(stripeEvents.eventId, eventId))
      .for("update");
    if (locked?.processedAt) return locked.outcome ?? "applied";
    const outcome = await apply(tx, event, fresh, deps.now);
    await tx
      .update(stripeEvents)
      .set({ processedAt: deps.now, outcome })
      .where(eq(stripeEvents.eventId, eventId));
    return outcome;
  };
  // An expired page frees a slot: that change is announced to the slot lists.
  return event.type === "checkout.session.expired" ? withSlotChange(db, run) : db.transaction(run);
}
