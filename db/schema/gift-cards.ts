import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { appointments } from "./booking";
import { createdAt, updatedAt } from "./columns";
import { paymentStatus } from "./payments";

// Gift cards (issue 34, item 5; ADR 087). Sold online by the network (its Stripe account, no
// franchisee), e-mailed to the recipient on the chosen day, spent at booking like a balance.
// Money is integer cents; a card has no expiry date (Quebec's Consumer Protection Act).

export const giftCardStatus = pgEnum("gift_card_status", ["awaiting_payment", "paid"]);

export const giftCards = pgTable(
  "gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 16 characters of Crockford's base 32, upper case, without the dashes shown to people. */
    code: text("code").notNull().unique(),
    status: giftCardStatus("status").notNull().default("awaiting_payment"),
    amountCents: integer("amount_cents").notNull(),
    /** What is left to spend; only a conditional update lowers it (never below zero). */
    balanceCents: integer("balance_cents").notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message"),
    /** The day (America/Toronto) the recipient receives the card by e-mail. */
    deliverOn: date("deliver_on", { mode: "string" }).notNull(),
    /** The purchase form's one-time key: a double submit is one purchase. */
    purchaseKey: text("purchase_key").notNull().unique(),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripeCheckoutUrl: text("stripe_checkout_url"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "gift_cards_amounts",
      sql`${t.amountCents} > 0 and ${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.amountCents}`,
    ),
    check("gift_cards_paid", sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    index("gift_cards_status_idx").on(t.status, t.createdAt),
  ],
);

export const giftCardUseKind = pgEnum("gift_card_use_kind", ["redeem", "restore"]);

/**
 * What a card paid of a booking (`redeem`), and what a cancellation gave back (`restore`, once per
 * redemption): the card's own history; the booking's side is the payments ledger's row.
 */
export const giftCardUses = pgTable(
  "gift_card_uses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    giftCardId: uuid("gift_card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "restrict" }),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "restrict" }),
    kind: giftCardUseKind("kind").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("gift_card_uses_amount", sql`${t.amountCents} > 0`),
    // One redemption and at most one restoration per booking.
    uniqueIndex("gift_card_uses_once_uq").on(t.appointmentId, t.kind),
    index("gift_card_uses_card_idx").on(t.giftCardId, t.createdAt),
  ],
);

/**
 * A refund of a card's purchase (ADR 087, amended): the unused balance given back to the buyer
 * on the purchase's PaymentIntent, the gift card's side of the ledger (the sale is the network's
 * own money, outside the franchisees' `payments`). Written with the card's balance set to zero,
 * in one transaction under the card's lock; `pending` until Stripe answers under the row's own
 * idempotency key. A failed refund puts its amount back on the card. A card may be refunded again
 * only if money comes back on it later (a cancelled booking it had paid).
 */
export const giftCardRefunds = pgTable(
  "gift_card_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    giftCardId: uuid("gift_card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    status: paymentStatus("status").notNull().default("pending"),
    /** Sent with the Stripe refund: a retry or a second worker gets the first refund back. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    stripePaymentIntentId: text("stripe_payment_intent_id").notNull(),
    stripeRefundId: text("stripe_refund_id").unique(),
    /** The admin who asked for it. */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("gift_card_refunds_amount", sql`${t.amountCents} > 0`),
    check("gift_card_refunds_settled", sql`(${t.status} = 'succeeded') = (${t.settledAt} is not null)`),
    index("gift_card_refunds_card_idx").on(t.giftCardId, t.createdAt),
  ],
);
