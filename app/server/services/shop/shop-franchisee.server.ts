import { and, desc, eq, inArray } from "drizzle-orm";
import {
  appointments,
  shopOrderLines,
  shopOrders,
  shopProducts,
  shopReturns,
  shopSettings,
  shopStock,
} from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { franchiseeRoyaltyOf } from "../payments/record-on-site-payment.server";
import { listShopProducts } from "./shop.server";

// The franchisee's own shop (ADR 094, amended): its stock of each retail product, its orders (to
// hand over at a wash, to be picked up, handed over), the returns of its orders, and the
// deliveries it offers. Every read and write is scoped to the franchisee the guard resolved:
// another franchisee's order or product is "not found".

export interface ShopDeliveries {
  nextWash: boolean;
  pickup: boolean;
}

/** The deliveries a franchisee offers (no setting: both). */
export async function shopDeliveriesOf(db: Db | Tx, franchiseeId: string): Promise<ShopDeliveries> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.franchiseeId, franchiseeId));
  return { nextWash: row?.offersNextWash ?? true, pickup: row?.offersPickup ?? true };
}

/** The franchisee chooses its deliveries; at least one (the database checks it too). */
export async function setShopDeliveries(db: Db, franchiseeId: string, input: ShopDeliveries) {
  if (!input.nextWash && !input.pickup) throw new AppError("VALIDATION", "NO_DELIVERY");
  const values = { offersNextWash: input.nextWash, offersPickup: input.pickup };
  await db
    .insert(shopSettings)
    .values({ franchiseeId, ...values })
    .onConflictDoUpdate({ target: shopSettings.franchiseeId, set: values });
}

/** The royalty in force for a franchisee's shop sale: the same as for its washes. */
export const shopRoyaltyOf = franchiseeRoyaltyOf;

/** The franchisee's shop page: its products and stock, its orders with their lines, its returns. */
export async function franchiseeShop(db: Db, franchiseeId: string) {
  const products = await listShopProducts(db, franchiseeId);
  const orders = await db
    .select({
      order: shopOrders,
      washAt: appointments.startAt,
    })
    .from(shopOrders)
    .leftJoin(appointments, eq(appointments.id, shopOrders.appointmentId))
    .where(and(eq(shopOrders.franchiseeId, franchiseeId), inArray(shopOrders.status, ["paid", "delivered"])))
    .orderBy(desc(shopOrders.createdAt))
    .limit(100);
  const ids = orders.map((row) => row.order.id);
  const lines = ids.length
    ? await db.select().from(shopOrderLines).where(inArray(shopOrderLines.orderId, ids))
    : [];
  const returns = await db
    .select({
      id: shopReturns.id,
      status: shopReturns.status,
      reason: shopReturns.reason,
      amountCents: shopReturns.amountCents,
      createdAt: shopReturns.createdAt,
      refundedAt: shopReturns.refundedAt,
      number: shopOrders.number,
      customerName: shopOrders.customerName,
    })
    .from(shopReturns)
    .innerJoin(shopOrders, eq(shopOrders.id, shopReturns.orderId))
    .where(eq(shopOrders.franchiseeId, franchiseeId))
    .orderBy(desc(shopReturns.createdAt))
    .limit(50);
  const view = orders.map(({ order, washAt }) => ({
    id: order.id,
    number: order.number,
    status: order.status,
    delivery: order.delivery,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    totalCents: order.totalCents,
    paidAt: order.paidAt,
    deliveredAt: order.deliveredAt,
    washAt,
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map(({ name, quantity }) => ({ name, quantity })),
  }));
  return {
    products,
    deliveries: await shopDeliveriesOf(db, franchiseeId),
    toDeliver: view.filter((o) => o.status === "paid" && o.delivery === "next_wash"),
    toPickUp: view.filter((o) => o.status === "paid" && o.delivery === "pickup"),
    delivered: view.filter((o) => o.status === "delivered"),
    returns,
  };
}

/** The franchisee sets its own stock of a product sold in the shop (not of another's). */
export async function setOwnShopStock(
  db: Db,
  input: { franchiseeId: string; itemId: string; quantity: number },
) {
  const [product] = await db
    .select({ id: shopProducts.inventoryItemId })
    .from(shopProducts)
    .where(and(eq(shopProducts.inventoryItemId, input.itemId), eq(shopProducts.isRetail, true)));
  if (!product) throw new AppError("NOT_FOUND", "PRODUCT");
  await db
    .insert(shopStock)
    .values({ inventoryItemId: input.itemId, franchiseeId: input.franchiseeId, quantity: input.quantity })
    .onConflictDoUpdate({
      target: [shopStock.franchiseeId, shopStock.inventoryItemId],
      set: { quantity: input.quantity },
    });
}

/** A pickup order handed over to its customer: `paid → delivered` once (the return window starts). */
export async function handOverPickup(db: Db, input: { franchiseeId: string; orderId: string; now: Date }) {
  const [done] = await db
    .update(shopOrders)
    .set({ status: "delivered", deliveredAt: input.now })
    .where(
      and(
        eq(shopOrders.id, input.orderId),
        eq(shopOrders.franchiseeId, input.franchiseeId),
        eq(shopOrders.delivery, "pickup"),
        eq(shopOrders.status, "paid"),
      ),
    )
    .returning({ id: shopOrders.id });
  if (done) return;
  const [mine] = await db
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(and(eq(shopOrders.id, input.orderId), eq(shopOrders.franchiseeId, input.franchiseeId)));
  throw new AppError(mine ? "ORDER_CLOSED" : "NOT_FOUND");
}
