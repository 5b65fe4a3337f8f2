/**
 * The restock catalogue and the franchisee's orders (docs/product.md, sections 3, 4, 5 and 7). The amount of
 * an order is deducted from the franchisee's next pay.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { inventoryItems, restockOrderItems, restockOrders } from "#db/schema";
import {
  cartTotalCents,
  mergeOrderLines,
  restockOrderNumber,
  withinQuantityLimit,
  type CatalogueItem,
} from "~/domain/franchisee/restock";
import { RESTOCK_LIMITS, type RestockOrderInput } from "~/domain/franchisee/schemas";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { sqlState } from "../../db-errors.server";

/** Active inventory items, by sort order (docs/product.md, section 7). */
export async function listCatalogue(db: Db): Promise<CatalogueItem[]> {
  return db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      description: inventoryItems.description,
      category: inventoryItems.category,
      unitPriceCents: inventoryItems.unitPriceCents,
      unitType: inventoryItems.unitType,
    })
    .from(inventoryItems)
    .where(eq(inventoryItems.isActive, true))
    .orderBy(asc(inventoryItems.sortOrder), asc(inventoryItems.name));
}

export interface SubmittedOrder {
  id: string;
  orderNumber: string;
  totalAmountCents: number;
}

/**
 * Writes the order and its lines in one transaction. Prices come from the database (the browser
 * sends item ids and quantities only); a line repeated in the request is merged, and the merged
 * quantity may not pass the per-product maximum (QUANTITY_TOO_HIGH). An unknown or
 * inactive item refuses the whole order (VALIDATION, message UNKNOWN_ITEM) and writes nothing.
 * The number is 'RO-' plus the timestamp; on the rare clash with an order of the same
 * millisecond, the next millisecond is tried.
 */
export async function submitRestockOrder(
  db: Db,
  {
    franchiseeId,
    userId,
    input,
    now = new Date(),
  }: { franchiseeId: string; userId: string; input: RestockOrderInput; now?: Date },
): Promise<SubmittedOrder> {
  // Repeated lines of one product are merged, and the merged quantity is what is limited.
  const merged = mergeOrderLines(input.lines);
  if (!withinQuantityLimit(merged, RESTOCK_LIMITS.quantity)) throw new AppError("QUANTITY_TOO_HIGH");
  const quantities = new Map(merged.map((line) => [line.inventoryItemId, line.quantity]));
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const items = await tx
          .select({ id: inventoryItems.id, unitPriceCents: inventoryItems.unitPriceCents })
          .from(inventoryItems)
          .where(and(inArray(inventoryItems.id, [...quantities.keys()]), eq(inventoryItems.isActive, true)));
        if (items.length !== quantities.size) throw new AppError("VALIDATION", "UNKNOWN_ITEM");
        const lines = items.map((item) => ({
          inventoryItemId: item.id,
          quantity: quantities.get(item.id)!,
          unitPriceCents: item.unitPriceCents,
        }));
        const total = cartTotalCents(lines);
        const [order] = await tx
          .insert(restockOrders)
          .values({
            franchiseeId,
            orderNumber: restockOrderNumber(new Date(now.getTime() + attempt)),
            totalAmountCents: total,
            notes: input.notes ?? null,
            createdBy: userId,
            createdAt: now,
          })
          .returning({ id: restockOrders.id, orderNumber: restockOrders.orderNumber });
        await tx.insert(restockOrderItems).values(
          lines.map((line) => ({
            orderId: order!.id,
            inventoryItemId: line.inventoryItemId,
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
            totalPriceCents: line.quantity * line.unitPriceCents,
          })),
        );
        return { id: order!.id, orderNumber: order!.orderNumber, totalAmountCents: total };
      });
    } catch (error) {
      if (sqlState(error) === "23505" && attempt < 5) continue;
      throw error;
    }
  }
}

export interface RestockOrderView {
  id: string;
  orderNumber: string;
  createdAt: Date;
  status: "pending" | "approved" | "shipped" | "delivered" | "cancelled";
  totalAmountCents: number;
  notes: string | null;
  lines: { name: string; quantity: number; unitPriceCents: number; totalPriceCents: number }[];
}

const ORDERS_SHOWN = 50;

/** The franchisee's orders, newest first, with their lines. */
export async function listRestockOrders(
  db: Db,
  { franchiseeId }: { franchiseeId: string },
): Promise<RestockOrderView[]> {
  const orders = await db
    .select({
      id: restockOrders.id,
      orderNumber: restockOrders.orderNumber,
      createdAt: restockOrders.createdAt,
      status: restockOrders.status,
      totalAmountCents: restockOrders.totalAmountCents,
      notes: restockOrders.notes,
    })
    .from(restockOrders)
    .where(eq(restockOrders.franchiseeId, franchiseeId))
    .orderBy(desc(restockOrders.createdAt), desc(restockOrders.orderNumber))
    .limit(ORDERS_SHOWN);
  if (orders.length === 0) return [];
  const lines = await db
    .select({
      orderId: restockOrderItems.orderId,
      name: inventoryItems.name,
      quantity: restockOrderItems.quantity,
      unitPriceCents: restockOrderItems.unitPriceCents,
      totalPriceCents: restockOrderItems.totalPriceCents,
    })
    .from(restockOrderItems)
    .innerJoin(inventoryItems, eq(inventoryItems.id, restockOrderItems.inventoryItemId))
    .where(
      inArray(
        restockOrderItems.orderId,
        orders.map((o) => o.id),
      ),
    )
    .orderBy(asc(inventoryItems.sortOrder));
  return orders.map((order) => ({
    ...order,
    lines: lines.filter((l) => l.orderId === order.id).map(({ orderId: _, ...l }) => l),
  }));
}
