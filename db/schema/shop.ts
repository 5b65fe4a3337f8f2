import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { appointments } from "./booking";
import { createdAt, updatedAt } from "./columns";
import { franchisees } from "./network";
import { inventoryItems } from "./restock";

// The maintenance-products shop (issue 34, item 4; ADR 094). The restock catalogue's items the
// admin marks as retail, with a retail price and each franchisee's stock; orders paid on the
// network's hosted Checkout page, delivered at the customer's next wash or picked up; returns
// within 14 days refunded through the payments module. Money is integer cents.

/** A restock item sold at retail: its page's slug and its price to customers (before taxes). */
export const shopProducts = pgTable(
  "shop_products",
  {
    inventoryItemId: uuid("inventory_item_id")
      .primaryKey()
      .references(() => inventoryItems.id, { onDelete: "restrict" }),
    slug: text("slug").notNull().unique(),
    retailPriceCents: integer("retail_price_cents").notNull(),
    /** Off: no longer shown nor sold (past orders keep their lines). */
    isRetail: boolean("is_retail").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("shop_products_price", sql`${t.retailPriceCents} > 0`)],
);

/** What a franchisee has to sell of a product; only conditional updates lower it (never below zero). */
export const shopStock = pgTable(
  "shop_stock",
  {
    franchiseeId: uuid("franchisee_id")
      .notNull()
      .references(() => franchisees.id, { onDelete: "cascade" }),
    inventoryItemId: uuid("inventory_item_id")
      .notNull()
      .references(() => shopProducts.inventoryItemId, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.franchiseeId, t.inventoryItemId] }),
    check("shop_stock_quantity", sql`${t.quantity} >= 0`),
  ],
);

export const shopOrderStatus = pgEnum("shop_order_status", [
  "awaiting_payment",
  "paid",
  "delivered",
  "cancelled",
]);

export const shopDelivery = pgEnum("shop_delivery", ["next_wash", "pickup"]);

/** A customer's order from one franchisee's stock; its stock is taken when it is placed. */
export const shopOrders = pgTable(
  "shop_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Shown to people: B-XXXXXX. */
    number: text("number").notNull().unique(),
    franchiseeId: uuid("franchisee_id")
      .notNull()
      .references(() => franchisees.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    status: shopOrderStatus("status").notNull().default("awaiting_payment"),
    delivery: shopDelivery("delivery").notNull(),
    /** « Ajouter à mon prochain lavage »: the wash the crew brings it to. */
    appointmentId: uuid("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    subtotalCents: integer("subtotal_cents").notNull(),
    tpsCents: integer("tps_cents").notNull(),
    tvqCents: integer("tvq_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The checkout form's one-time key: a double submit is one order. */
    checkoutKey: text("checkout_key").notNull().unique(),
    stripeCheckoutSessionId: text("stripe_checkout_session_id").unique(),
    stripeCheckoutUrl: text("stripe_checkout_url"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** The royalty in force when the order was placed: the franchisee's credit is the subtotal less it. */
    royaltyBasisPoints: integer("royalty_basis_points"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "shop_orders_total",
      sql`${t.subtotalCents} > 0 and ${t.totalCents} = ${t.subtotalCents} + ${t.tpsCents} + ${t.tvqCents}`,
    ),
    check("shop_orders_next_wash", sql`${t.delivery} = 'pickup' or ${t.appointmentId} is not null`),
    index("shop_orders_user_idx").on(t.userId, t.createdAt),
    index("shop_orders_franchisee_idx").on(t.franchiseeId, t.createdAt),
    index("shop_orders_appointment_idx").on(t.appointmentId),
  ],
);

export const shopOrderLines = pgTable(
  "shop_order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrders.id, { onDelete: "cascade" }),
    inventoryItemId: uuid("inventory_item_id")
      .notNull()
      .references(() => shopProducts.inventoryItemId, { onDelete: "restrict" }),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
  },
  (t) => [
    check("shop_order_lines_quantity", sql`${t.quantity} > 0`),
    check("shop_order_lines_total", sql`${t.totalCents} = ${t.quantity} * ${t.unitPriceCents}`),
    uniqueIndex("shop_order_lines_item_uq").on(t.orderId, t.inventoryItemId),
  ],
);

export const shopReturnStatus = pgEnum("shop_return_status", ["requested", "accepted", "refused"]);

/**
 * A return of some or all of an order's lines within 14 days of its delivery (unused, unopened:
 * the terms). Several per order; their amounts never add up to more than the order's total.
 */
export const shopReturns = pgTable(
  "shop_returns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrders.id, { onDelete: "restrict" }),
    /** The return form's one-time key: a double submit is one return (null: before 0040). */
    requestKey: text("request_key").unique(),
    /** The returned lines' amount before taxes (null: a whole order's, before 0040). */
    subtotalCents: integer("subtotal_cents"),
    status: shopReturnStatus("status").notNull().default("requested"),
    reason: text("reason"),
    amountCents: integer("amount_cents").notNull(),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Set once Stripe answered the refund (asked with the return's idempotency key). */
    stripeRefundId: text("stripe_refund_id").unique(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("shop_returns_amount", sql`${t.amountCents} > 0`),
    index("shop_returns_order_idx").on(t.orderId),
  ],
);

/** What a return takes back of each line of its order. */
export const shopReturnLines = pgTable(
  "shop_return_lines",
  {
    returnId: uuid("return_id")
      .notNull()
      .references(() => shopReturns.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => shopOrderLines.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.orderLineId] }),
    check("shop_return_lines_quantity", sql`${t.quantity} > 0`),
  ],
);

/** Which deliveries a franchisee offers in the shop (no row: both). At least one stays offered. */
export const shopSettings = pgTable(
  "shop_settings",
  {
    franchiseeId: uuid("franchisee_id")
      .primaryKey()
      .references(() => franchisees.id, { onDelete: "cascade" }),
    offersNextWash: boolean("offers_next_wash").notNull().default(true),
    offersPickup: boolean("offers_pickup").notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [check("shop_settings_one_delivery", sql`${t.offersNextWash} or ${t.offersPickup}`)],
);
