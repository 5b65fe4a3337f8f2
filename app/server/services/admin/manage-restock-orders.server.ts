import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { franchisees, restockOrderItems, restockOrders, shopProducts, shopStock } from "#db/schema";
import { AppError } from "~/lib/errors";
import { canCloseRestockOrder } from "~/domain/admin/transitions";
import type { Db, Tx } from "../../db.server";
import { assertAdmin, type AdminActor } from "./assert-admin.server";

const OPEN = ["pending", "approved", "shipped"] as const;

/** Restock orders, newest first; `open` keeps only those still to fulfil. */
export async function listRestockOrders(
  db: Db,
  { actor, open = false, limit = 200 }: { actor: AdminActor; open?: boolean; limit?: number },
) {
  assertAdmin(actor);
  return db
    .select({
      id: restockOrders.id,
      orderNumber: restockOrders.orderNumber,
      totalAmountCents: restockOrders.totalAmountCents,
      notes: restockOrders.notes,
      status: restockOrders.status,
      createdAt: restockOrders.createdAt,
      businessName: franchisees.businessName,
    })
    .from(restockOrders)
    .innerJoin(franchisees, eq(franchisees.id, restockOrders.franchiseeId))
    .where(open ? inArray(restockOrders.status, [...OPEN]) : undefined)
    .orderBy(desc(restockOrders.createdAt))
    .limit(limit);
}

export type AdminRestockOrder = Awaited<ReturnType<typeof listRestockOrders>>[number];

/**
 * Marks an open order delivered ('Livrée') or cancelled; ORDER_CLOSED when it already is.
 * Delivered: what it brought of the products sold in the shop goes into the franchisee's shop
 * stock, once (ADR 094, amended 2026-11-29): only the one conditional update that closes the order
 * adds it, so a second mark, or two at once, adds nothing.
 */
export async function closeRestockOrder(
  db: Db,
  { actor, orderId, status }: { actor: AdminActor; orderId: string; status: "delivered" | "cancelled" },
): Promise<{ orderNumber: string }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: restockOrders.status, orderNumber: restockOrders.orderNumber })
      .from(restockOrders)
      .where(eq(restockOrders.id, orderId))
      .for("update");
    if (!order) throw new AppError("NOT_FOUND");
    if (!canCloseRestockOrder(order.status, status)) throw new AppError("ORDER_CLOSED");
    const [closed] = await tx
      .update(restockOrders)
      .set({ status })
      .where(and(eq(restockOrders.id, orderId), inArray(restockOrders.status, [...OPEN])))
      .returning({ franchiseeId: restockOrders.franchiseeId });
    if (!closed) throw new AppError("ORDER_CLOSED");
    if (status === "delivered") await addToShopStock(tx, orderId, closed.franchiseeId);
    return { orderNumber: order.orderNumber };
  });
}

/** A delivered restock order's products sold in the shop, added to the franchisee's shop stock. */
async function addToShopStock(tx: Tx, orderId: string, franchiseeId: string) {
  const lines = await tx
    .select({ itemId: restockOrderItems.inventoryItemId, quantity: restockOrderItems.quantity })
    .from(restockOrderItems)
    .innerJoin(
      shopProducts,
      and(
        eq(shopProducts.inventoryItemId, restockOrderItems.inventoryItemId),
        eq(shopProducts.isRetail, true),
      ),
    )
    .where(eq(restockOrderItems.orderId, orderId));
  for (const line of lines) {
    await tx
      .insert(shopStock)
      .values({ franchiseeId, inventoryItemId: line.itemId, quantity: line.quantity })
      .onConflictDoUpdate({
        target: [shopStock.franchiseeId, shopStock.inventoryItemId],
        set: { quantity: sql`${shopStock.quantity} + ${line.quantity}` },
      });
  }
}
