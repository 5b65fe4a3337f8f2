import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, updatedAt } from "./columns";
import { franchisees } from "./network";

export const inventoryItems = pgTable(
  "inventory_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sku: text("sku").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    unitType: text("unit_type").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("inventory_items_price", sql`${t.unitPriceCents} >= 0`)],
);

export const restockOrderStatus = pgEnum("restock_order_status", [
  "pending",
  "approved",
  "shipped",
  "delivered",
  "cancelled",
]);

/** A franchisee's order; the total is deducted from the franchisee's next pay. */
export const restockOrders = pgTable(
  "restock_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    franchiseeId: uuid("franchisee_id")
      .notNull()
      .references(() => franchisees.id, { onDelete: "restrict" }),
    orderNumber: text("order_number").notNull().unique(),
    totalAmountCents: integer("total_amount_cents").notNull(),
    notes: text("notes"),
    status: restockOrderStatus("status").notNull().default("pending"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("restock_orders_total", sql`${t.totalAmountCents} >= 0`),
    index("restock_orders_franchisee_idx").on(t.franchiseeId, t.createdAt),
  ],
);

export const restockOrderItems = pgTable(
  "restock_order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => restockOrders.id, { onDelete: "cascade" }),
    inventoryItemId: uuid("inventory_item_id")
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    totalPriceCents: integer("total_price_cents").notNull(),
  },
  (t) => [
    check("restock_order_items_quantity", sql`${t.quantity} > 0`),
    check("restock_order_items_total", sql`${t.totalPriceCents} = ${t.quantity} * ${t.unitPriceCents}`),
    index("restock_order_items_order_idx").on(t.orderId),
  ],
);
