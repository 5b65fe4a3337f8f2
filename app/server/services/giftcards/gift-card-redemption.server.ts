import { and, eq, sql } from "drizzle-orm";
import { appointments, giftCards, giftCardUses, payments } from "#db/schema";
import { royaltyCents } from "~/domain/payments/royalty";
import { priceLinesOf, splitOfTotal, type PriceLines } from "~/domain/payments/terms";
import { AppError } from "~/lib/errors";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";
import type { Db, Tx } from "../../db.server";
import { rateOf } from "../payments/record-on-site-payment.server";
import { queueReceipts } from "../payments/receipts.server";
import { hasLiveRefund } from "./refund-gift-card.server";

// A gift card spent on a booking (ADR 087): its balance, the amount taken in the booking's
// transaction (the card's row locked), given back when the booking is cancelled, what is left to
// pay after it, and what the booking's page shows of it.

/** A paid card's balance by its (normalized) code, or null. */
export async function giftCardBalance(
  db: Db,
  code: string,
): Promise<{ balanceCents: number; amountCents: number } | null> {
  const [card] = await db
    .select({ balanceCents: giftCards.balanceCents, amountCents: giftCards.amountCents })
    .from(giftCards)
    .where(and(eq(giftCards.code, code), eq(giftCards.status, "paid")));
  return card ?? null;
}

/**
 * A card pays a booking just placed, inside the booking's transaction (ADR 087): what it pays is
 * the smaller of its balance and the booking's total with taxes. The card's row is locked, then
 * lowered by one conditional update (`balance >= amount`), so two bookings spending one card at
 * once take turns and the balance never goes below zero; the loser pays with what is left, or is
 * refused (GIFT_CARD_REFUSED, the booking rolled back) when nothing is. The booking's side is a
 * `gift_card` row of the payments ledger: its lines are a split of the booking's (as a deposit),
 * its royalty the franchisee's rate on its part before taxes, and its receipt is queued.
 */
export async function redeemGiftCard(
  tx: Tx,
  input: { code: string; appointmentId: string; franchiseeId: string; priceCents: number; now: Date },
): Promise<{ usedCents: number; remainingCents: number }> {
  const [card] = await tx
    .select({ id: giftCards.id, balanceCents: giftCards.balanceCents })
    .from(giftCards)
    .where(and(eq(giftCards.code, input.code), eq(giftCards.status, "paid")))
    .for("update");
  if (!card) throw new AppError("GIFT_CARD_REFUSED", "UNKNOWN");
  const lines = priceLinesOf(input.priceCents);
  const used = Math.min(card.balanceCents, lines.totalCents);
  if (used <= 0)
    throw new AppError("GIFT_CARD_REFUSED", (await hasLiveRefund(tx, card.id)) ? "REFUNDED" : "EMPTY");
  const [spent] = await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} - ${used}` })
    .where(and(eq(giftCards.id, card.id), sql`${giftCards.balanceCents} >= ${used}`))
    .returning({ balanceCents: giftCards.balanceCents });
  if (!spent) throw new AppError("GIFT_CARD_REFUSED", "EMPTY");
  await tx.insert(giftCardUses).values({
    giftCardId: card.id,
    appointmentId: input.appointmentId,
    kind: "redeem",
    amountCents: used,
  });
  const part = splitOfTotal(lines, used);
  const rate = await rateOf(tx, input.appointmentId, input.franchiseeId);
  const [row] = await tx
    .insert(payments)
    .values({
      appointmentId: input.appointmentId,
      franchiseeId: input.franchiseeId,
      kind: "gift_card",
      method: "gift_card",
      status: "succeeded",
      amountCents: used,
      subtotalCents: part.subtotalCents,
      tpsCents: part.tpsCents,
      tvqCents: part.tvqCents,
      applicationFeeCents: royaltyCents(part.subtotalCents, rate),
      idempotencyKey: `booking:${input.appointmentId}:gift-card`,
      settledAt: input.now,
    })
    .returning({ id: payments.id });
  await queueReceipts(tx, [row!.id]);
  return { usedCents: used, remainingCents: spent.balanceCents };
}

/**
 * A cancelled or released booking gives its gift-card money back to the card, once (the
 * `restore` use is unique per booking): the card's balance goes up, and a `refund` row of the
 * ledger (method gift_card, settled at once) takes the franchisee's credit back.
 */
export async function restoreGiftCard(tx: Tx, appointmentId: string, now: Date): Promise<number> {
  const [use] = await tx
    .select()
    .from(giftCardUses)
    .where(and(eq(giftCardUses.appointmentId, appointmentId), eq(giftCardUses.kind, "redeem")));
  if (!use) return 0;
  const [restored] = await tx
    .insert(giftCardUses)
    .values({ giftCardId: use.giftCardId, appointmentId, kind: "restore", amountCents: use.amountCents })
    .onConflictDoNothing()
    .returning({ id: giftCardUses.id });
  if (!restored) return 0;
  await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} + ${use.amountCents}` })
    .where(eq(giftCards.id, use.giftCardId));
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.appointmentId, appointmentId), eq(payments.kind, "gift_card")));
  if (paid) {
    const [refund] = await tx
      .insert(payments)
      .values({
        appointmentId,
        franchiseeId: paid.franchiseeId,
        kind: "refund",
        method: "gift_card",
        status: "succeeded",
        amountCents: paid.amountCents,
        subtotalCents: paid.subtotalCents,
        tpsCents: paid.tpsCents,
        tvqCents: paid.tvqCents,
        applicationFeeCents: paid.applicationFeeCents,
        refundOf: paid.id,
        idempotencyKey: `booking:${appointmentId}:gift-card:restore`,
        reason: giftCardMessages.restoredReason,
        settledAt: now,
      })
      .returning({ id: payments.id });
    await queueReceipts(tx, [refund!.id]);
  }
  return use.amountCents;
}

/**
 * What is left of a booking's lines once its gift card paid its part: the card step and the
 * balance after the wash charge only this (ADR 087).
 */
export async function linesAfterGiftCard(
  db: Db | Tx,
  appointmentId: string,
  priceCents: number,
): Promise<PriceLines> {
  const lines = priceLinesOf(priceCents);
  const [gift] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, appointmentId),
        eq(payments.kind, "gift_card"),
        eq(payments.status, "succeeded"),
      ),
    );
  if (!gift) return lines;
  const taxableCents = lines.taxableCents - gift.subtotalCents;
  const tpsCents = lines.tpsCents - gift.tpsCents;
  const tvqCents = lines.tvqCents - gift.tvqCents;
  return { taxableCents, tpsCents, tvqCents, totalCents: taxableCents + tpsCents + tvqCents };
}

/** What a gift card paid of a booking, and what it has left now (the confirmation page). */
export async function giftCardUseOfBooking(
  db: Db,
  bookingId: string,
): Promise<{ usedCents: number; remainingCents: number } | null> {
  const [row] = await db
    .select({ usedCents: giftCardUses.amountCents, remainingCents: giftCards.balanceCents })
    .from(giftCardUses)
    .innerJoin(appointments, eq(appointments.id, giftCardUses.appointmentId))
    .innerJoin(giftCards, eq(giftCards.id, giftCardUses.giftCardId))
    .where(and(eq(appointments.bookingId, bookingId), eq(giftCardUses.kind, "redeem")));
  return row ?? null;
}
