import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { giftCardRefunds, giftCards } from "#db/schema";
import { deliveryInstant, giftCardCodeFrom, type GiftCardPurchase } from "~/domain/giftcards/gift-cards";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { enqueue } from "../../jobs/queue.server";
import { createNetworkCheckout } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { acceptedKeys, purposeKey, signedWithAny } from "../../security/keys.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { hasLiveRefund } from "./refund-gift-card.server";

// Gift cards (issue 34, item 5; ADR 087): sold by the network through a hosted Checkout page,
// e-mailed on the chosen day by a durable job, and spent at booking like a payment already made
// (a `gift_card` row of the payments ledger, so the franchisee's statement credits it).
// This module sells and delivers a card (and the admin's overview); spending it is in
// `gift-card-redemption`, a refund in `refund-gift-card`.

export type GiftCard = typeof giftCards.$inferSelect;

/** The purchase page's hosted Checkout lives this long (Stripe's longest). */
const CHECKOUT_HOURS = 24;

function sign(key: Buffer, id: string): string {
  return crypto.createHmac("sha256", key).update(`gift:${id}`).digest("base64url").slice(0, 32);
}

/**
 * The secret of a purchase's page (HMAC of its id with the "gift-card-purchase-link" key, ADR
 * 101): only the buyer's browser and e-mail have it.
 */
export async function purchaseToken(db: Db | Tx, id: string): Promise<string> {
  return sign(await purposeKey(db, "gift-card-purchase-link"), id);
}

async function isPurchaseToken(db: Db, id: string, token: string | null): Promise<boolean> {
  if (!token) return false;
  return signedWithAny(await acceptedKeys(db, "gift-card-purchase-link"), token, (key) => sign(key, id));
}

export async function purchasePagePath(db: Db | Tx, id: string): Promise<string> {
  return `/cartes-cadeaux/achat/${id}?k=${await purchaseToken(db, id)}`;
}

/**
 * A purchase: the card's row (awaiting its payment, its code drawn now) under the form's one-time
 * key, then the network's hosted Checkout page for its amount (idempotency key of the card: a
 * repeated submit gets the same page). Returns the card's id; the page links to Stripe.
 */
export async function purchaseGiftCard(
  db: Db,
  input: { purchase: GiftCardPurchase; key: string; now: Date; stripe: StripeClient },
): Promise<{ id: string }> {
  const { purchase } = input;
  const [created] = await db
    .insert(giftCards)
    .values({
      code: giftCardCodeFrom(crypto.randomBytes(16)),
      amountCents: purchase.amount,
      balanceCents: purchase.amount,
      buyerName: purchase.buyerName,
      buyerEmail: purchase.buyerEmail,
      recipientName: purchase.recipientName,
      recipientEmail: purchase.recipientEmail,
      message: purchase.message,
      deliverOn: purchase.deliverOn,
      purchaseKey: input.key,
    })
    .onConflictDoNothing({ target: giftCards.purchaseKey })
    .returning();
  const card = created ?? (await db.select().from(giftCards).where(eq(giftCards.purchaseKey, input.key)))[0]!;
  if (card.stripeCheckoutSessionId || card.status === "paid") return { id: card.id };
  const back = `${env().PUBLIC_URL}${await purchasePagePath(db, card.id)}`;
  const page = await createNetworkCheckout(input.stripe, {
    amountCents: card.amountCents,
    label: giftCardMessages.purchase.checkoutLabel,
    email: card.buyerEmail,
    successUrl: `${back}&retour=paye`,
    cancelUrl: back,
    expiresAt: new Date(input.now.getTime() + CHECKOUT_HOURS * 3_600_000 - 60_000),
    metadata: { gift_card_id: card.id },
    idempotencyKey: `gift-card:${card.id}:checkout`,
  });
  await db
    .update(giftCards)
    .set({ stripeCheckoutSessionId: page.id, stripeCheckoutUrl: page.url })
    .where(eq(giftCards.id, card.id));
  return { id: card.id };
}

/**
 * The card paid (the Checkout Session completed: the webhook's event, or the buyer's return
 * read from Stripe): `awaiting_payment → paid` once, and in the same transaction the buyer's
 * confirmation and the recipient's e-mail on the chosen day. Null when the session is not a
 * gift card's; 'stale' when it was applied already.
 */
export async function giftCardPaid(
  tx: Tx,
  session: Pick<Stripe.Checkout.Session, "id" | "payment_intent" | "payment_status">,
  now: Date,
): Promise<"applied" | "stale" | null> {
  const intentId =
    typeof session.payment_intent === "string"
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  const [paid] = await tx
    .update(giftCards)
    .set({ status: "paid", paidAt: now, stripePaymentIntentId: intentId })
    .where(and(eq(giftCards.stripeCheckoutSessionId, session.id), eq(giftCards.status, "awaiting_payment")))
    .returning();
  if (!paid) {
    const [known] = await tx
      .select({ id: giftCards.id })
      .from(giftCards)
      .where(eq(giftCards.stripeCheckoutSessionId, session.id));
    return known ? "stale" : null;
  }
  await enqueue(
    tx,
    "email.gift-card",
    { giftCardId: paid.id, to: "buyer" },
    { singletonKey: `email.gift-card.buyer:${paid.id}`, maxAttempts: EMAIL_MAX_ATTEMPTS },
  );
  await enqueue(
    tx,
    "gift-cards.deliver",
    { giftCardId: paid.id },
    { runAt: deliveryInstant(paid.deliverOn, now), singletonKey: `gift-cards.deliver:${paid.id}` },
  );
  return "applied";
}

export type PurchasePage =
  | { state: "invalid" }
  | { state: "awaiting"; card: GiftCard; payUrl: string | null }
  | { state: "paid"; card: GiftCard; refunded: Refunded | null };

/** What the admin refunded of a card and when (ADR 087, amended): the sum of its settled refunds. */
interface Refunded {
  cents: number;
  at: Date;
}

async function refundedOf(db: Db, giftCardId: string): Promise<Refunded | null> {
  const [row] = await db
    .select({
      cents: sql<number>`coalesce(sum(${giftCardRefunds.amountCents}), 0)::int`,
      at: sql<Date | string | null>`max(${giftCardRefunds.settledAt})`,
    })
    .from(giftCardRefunds)
    .where(and(eq(giftCardRefunds.giftCardId, giftCardId), eq(giftCardRefunds.status, "succeeded")));
  return row && row.cents > 0 && row.at ? { cents: Number(row.cents), at: new Date(row.at) } : null;
}

/**
 * The purchase's page: the card behind a valid token; while it awaits its payment, Stripe is
 * asked (the browser's word is never taken) and a paid page is applied as the webhook would.
 */
export async function loadPurchasePage(
  db: Db,
  id: string,
  token: string | null,
  deps: { stripe: StripeClient | undefined; now: Date },
): Promise<PurchasePage> {
  if (!/^[0-9a-f-]{36}$/.test(id) || !(await isPurchaseToken(db, id, token))) return { state: "invalid" };
  const [card] = await db.select().from(giftCards).where(eq(giftCards.id, id));
  if (!card) return { state: "invalid" };
  if (card.status === "paid") return { state: "paid", card, refunded: await refundedOf(db, card.id) };
  if (!card.stripeCheckoutSessionId || !deps.stripe) return { state: "awaiting", card, payUrl: null };
  const session = await deps.stripe.checkout.sessions.retrieve(card.stripeCheckoutSessionId);
  if (session.status === "complete" && session.payment_status === "paid") {
    await db.transaction((tx) => giftCardPaid(tx, session, deps.now));
    const [fresh] = await db.select().from(giftCards).where(eq(giftCards.id, id));
    return { state: "paid", card: fresh!, refunded: null };
  }
  return { state: "awaiting", card, payUrl: session.status === "open" ? card.stripeCheckoutUrl : null };
}

/**
 * The recipient's e-mail, once: the card's row is locked, the mail sent, and `delivered_at` set
 * in the same transaction, so a second run (a retried job, a second worker) finds it delivered.
 * A crash between the send and the commit sends again: at least once, never skipped. A card
 * refunded before its day is not sent.
 */
export async function deliverGiftCard(
  db: Db,
  giftCardId: string,
  deps: { now: Date; send: (card: GiftCard) => Promise<void> },
): Promise<"delivered" | "already" | "missing" | "refunded"> {
  return db.transaction(async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, giftCardId)).for("update");
    if (!card || card.status !== "paid") return "missing";
    if (card.deliveredAt) return "already";
    // Refunded before its day (ADR 087, amended): the recipient is not sent a card worth nothing.
    if (card.balanceCents === 0 && (await hasLiveRefund(tx, card.id))) return "refunded";
    await deps.send(card);
    await tx.update(giftCards).set({ deliveredAt: deps.now }).where(eq(giftCards.id, giftCardId));
    return "delivered";
  });
}

/**
 * The admin's figures (ADR 087): sold, used (net of restorations), refunded (the unused balances
 * given back, pending or done) and outstanding (the balances: the network's liability), so that
 * sold = used + refunded + outstanding; and the latest cards with their refunds, or the one card
 * of a whole `code` (normalised: the admin finds a card a customer reads out on the phone).
 */
export async function giftCardsOverview(
  db: Db,
  { limit = 50, code = null }: { limit?: number; code?: string | null } = {},
) {
  const [sold] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amountCents: sql<number>`coalesce(sum(${giftCards.amountCents}), 0)::int`,
      balanceCents: sql<number>`coalesce(sum(${giftCards.balanceCents}), 0)::int`,
    })
    .from(giftCards)
    .where(eq(giftCards.status, "paid"));
  const [refunded] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amountCents: sql<number>`coalesce(sum(${giftCardRefunds.amountCents}), 0)::int`,
    })
    .from(giftCardRefunds)
    .where(inArray(giftCardRefunds.status, ["pending", "succeeded"]));
  // A whole code (normalised, as stored) finds its card through the unique index; else the latest.
  const cards = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.status, "paid"), code ? eq(giftCards.code, code) : undefined))
    .orderBy(desc(giftCards.paidAt))
    .limit(limit);
  const refunds = cards.length
    ? await db
        .select()
        .from(giftCardRefunds)
        .where(
          and(
            inArray(
              giftCardRefunds.giftCardId,
              cards.map((c) => c.id),
            ),
            inArray(giftCardRefunds.status, ["pending", "succeeded"]),
          ),
        )
        .orderBy(asc(giftCardRefunds.createdAt))
    : [];
  return {
    soldCount: sold!.count,
    soldCents: sold!.amountCents,
    usedCents: sold!.amountCents - sold!.balanceCents - refunded!.amountCents,
    refundedCount: refunded!.count,
    refundedCents: refunded!.amountCents,
    outstandingCents: sold!.balanceCents,
    cards: cards.map((card) => ({ ...card, refunds: refunds.filter((r) => r.giftCardId === card.id) })),
  };
}
