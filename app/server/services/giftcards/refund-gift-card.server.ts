import { and, eq, sql } from "drizzle-orm";
import { giftCardRefunds, giftCards } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { refundNetworkPayment } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { assertAdmin, type AdminActor } from "../admin/assert-admin.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";

// Refunding a gift card's purchase (ADR 087, amended): the admin gives the buyer back what is left
// on the card, never what a booking spent. The card's row is locked (as a redemption locks it),
// its balance set to zero and the refund's row written in one transaction: a booking spending the
// card at the same moment waits, then finds nothing (GIFT_CARD_REFUSED, REFUNDED), or spends first
// and the refund gives back only what is left. Stripe is asked afterwards, on the purchase's
// PaymentIntent (the network's own account: no transfer, no royalty), under the row's own
// idempotency key, by the `gift-cards.refund` job and once at once: a retry, a second worker or a
// double click refunds once.

type GiftCardRefund = typeof giftCardRefunds.$inferSelect;

/**
 * The admin refunds a paid card's unused balance. `key` is the form's one-time key: the same key
 * again (a double click, a retried request) answers the first refund (`replayed`). A card with
 * nothing left is refused: fully used (USED), or refunded already (REFUNDED).
 */
export async function refundGiftCard(
  db: Db,
  input: {
    actor: AdminActor | null;
    giftCardId: string;
    key: string;
    now: Date;
    stripe: StripeClient | undefined;
  },
): Promise<{ refundId: string; amountCents: number; status: GiftCardRefund["status"]; replayed: boolean }> {
  assertAdmin(input.actor);
  const actor = input.actor;
  if (!/^[0-9a-f-]{36}$/i.test(input.giftCardId)) throw new AppError("NOT_FOUND");
  const written = await db.transaction(async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, input.giftCardId)).for("update");
    if (!card || card.status !== "paid") throw new AppError("NOT_FOUND");
    const idempotencyKey = `gift-card:${card.id}:refund:${input.key}`;
    const [again] = await tx
      .select()
      .from(giftCardRefunds)
      .where(eq(giftCardRefunds.idempotencyKey, idempotencyKey));
    if (again) return { refund: again, replayed: true };
    if (!card.stripePaymentIntentId) throw new AppError("GIFT_CARD_NOT_REFUNDABLE", "UNPAID");
    if (card.balanceCents <= 0) {
      throw new AppError(
        "GIFT_CARD_NOT_REFUNDABLE",
        (await hasLiveRefund(tx, card.id)) ? "REFUNDED" : "USED",
      );
    }
    await tx.update(giftCards).set({ balanceCents: 0 }).where(eq(giftCards.id, card.id));
    const [refund] = await tx
      .insert(giftCardRefunds)
      .values({
        giftCardId: card.id,
        amountCents: card.balanceCents,
        idempotencyKey,
        stripePaymentIntentId: card.stripePaymentIntentId,
        createdBy: actor.id,
      })
      .returning();
    await enqueue(
      tx,
      "gift-cards.refund",
      { refundId: refund!.id },
      { singletonKey: `gift-cards.refund:${refund!.id}` },
    );
    return { refund: refund!, replayed: false };
  });
  let status = written.refund.status;
  if (status === "pending" && input.stripe) {
    // The job does it if this fails (Stripe unreachable): the row's key makes both one refund.
    status = await sendGiftCardRefund(db, written.refund.id, { stripe: input.stripe, now: input.now }).catch(
      () => status,
    );
  }
  return {
    refundId: written.refund.id,
    amountCents: written.refund.amountCents,
    status,
    replayed: written.replayed,
  };
}

/** A card whose balance was refunded (pending or done): a redemption finding it empty says so. */
export async function hasLiveRefund(tx: Db | Tx, giftCardId: string): Promise<boolean> {
  const [live] = await tx
    .select({ id: giftCardRefunds.id })
    .from(giftCardRefunds)
    .where(
      and(
        eq(giftCardRefunds.giftCardId, giftCardId),
        sql`${giftCardRefunds.status} in ('pending', 'succeeded')`,
      ),
    )
    .limit(1);
  return Boolean(live);
}

/**
 * Sends one pending refund to Stripe (the job's work, and the admin's request at once), under the
 * row's idempotency key, then records Stripe's answer. Returns the row's status after.
 */
export async function sendGiftCardRefund(
  db: Db,
  refundId: string,
  deps: { stripe: StripeClient; now: Date },
): Promise<GiftCardRefund["status"]> {
  const [row] = await db.select().from(giftCardRefunds).where(eq(giftCardRefunds.id, refundId));
  if (!row) return "cancelled";
  if (row.status !== "pending" || row.stripeRefundId) return row.status;
  const refund = await refundNetworkPayment(deps.stripe, {
    paymentIntentId: row.stripePaymentIntentId,
    amountCents: row.amountCents,
    metadata: { gift_card_refund_id: row.id, gift_card_id: row.giftCardId },
    idempotencyKey: row.idempotencyKey,
  });
  return db.transaction((tx) =>
    giftCardRefundSettled(tx, {
      refundId: row.id,
      stripeRefundId: refund.refundId,
      stripeStatus: refund.status,
      now: deps.now,
    }),
  );
}

/**
 * Stripe's answer on a gift card's refund (its reply, or a refund event): `pending → succeeded`
 * once, with the buyer's e-mail queued in the same transaction; `pending → failed` once, the
 * amount back on the card. A refund Stripe still processes keeps its row pending.
 */
export async function giftCardRefundSettled(
  tx: Tx,
  input: { refundId: string; stripeRefundId: string; stripeStatus: string | null; now: Date },
): Promise<GiftCardRefund["status"]> {
  const [row] = await tx
    .select()
    .from(giftCardRefunds)
    .where(eq(giftCardRefunds.id, input.refundId))
    .for("update");
  if (!row) return "cancelled";
  if (row.status !== "pending") return row.status;
  const status =
    input.stripeStatus === "succeeded"
      ? "succeeded"
      : ["failed", "canceled"].includes(input.stripeStatus ?? "")
        ? "failed"
        : "pending";
  await tx
    .update(giftCardRefunds)
    .set({
      status,
      stripeRefundId: input.stripeRefundId,
      settledAt: status === "succeeded" ? input.now : null,
    })
    .where(eq(giftCardRefunds.id, row.id));
  if (status === "succeeded") {
    await enqueue(
      tx,
      "email.gift-card-refund",
      { refundId: row.id },
      { singletonKey: `email.gift-card-refund:${row.id}`, maxAttempts: EMAIL_MAX_ATTEMPTS },
    );
  }
  if (status === "failed") {
    await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${row.amountCents}` })
      .where(eq(giftCards.id, row.giftCardId));
  }
  return status;
}
