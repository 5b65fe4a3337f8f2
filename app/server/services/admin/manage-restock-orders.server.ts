import { desc, eq, inArray } from "drizzle-orm";
import { franchisees, restockOrders } from "#db/schema";
import { AppError } from "~/lib/errors";
import { canCloseRestockOrder } from "~/domain/admin/transitions";
import type { Db } from "../../db.server";
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

/** Marks an open order delivered ('Livrée') or cancelled; ORDER_CLOSED when it already is. */
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
    await tx.update(restockOrders).set({ status }).where(eq(restockOrders.id, orderId));
    return { orderNumber: order.orderNumber };
  });
}
