import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { franchisees, inventoryItems, shopOrders, shopProducts, shopReturns, shopStock } from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";

// The shop's back office (ADR 094): the orders and returns to handle, the network's retail
// catalogue and each franchisee's stock.

/** The admin's shop: returns waiting, the latest orders. */
export async function shopBackOffice(db: Db, franchiseeId: string | null) {
  const scope = franchiseeId ? eq(shopOrders.franchiseeId, franchiseeId) : undefined;
  const returns = await db
    .select({
      id: shopReturns.id,
      status: shopReturns.status,
      reason: shopReturns.reason,
      amountCents: shopReturns.amountCents,
      number: shopOrders.number,
      customerName: shopOrders.customerName,
      createdAt: shopReturns.createdAt,
    })
    .from(shopReturns)
    .innerJoin(shopOrders, eq(shopOrders.id, shopReturns.orderId))
    .where(and(eq(shopReturns.status, "requested"), scope))
    .orderBy(asc(shopReturns.createdAt));
  const orders = await db
    .select()
    .from(shopOrders)
    .where(and(inArray(shopOrders.status, ["paid", "delivered"]), scope))
    .orderBy(desc(shopOrders.createdAt))
    .limit(50);
  return { returns, orders };
}

/** The admin's catalogue: every active restock item, its retail settings and each franchisee's stock. */
export async function retailCatalogue(db: Db) {
  const items = await db
    .select({
      id: inventoryItems.id,
      name: inventoryItems.name,
      category: inventoryItems.category,
      slug: shopProducts.slug,
      retailPriceCents: shopProducts.retailPriceCents,
      isRetail: shopProducts.isRetail,
    })
    .from(inventoryItems)
    .leftJoin(shopProducts, eq(shopProducts.inventoryItemId, inventoryItems.id))
    .where(eq(inventoryItems.isActive, true))
    .orderBy(asc(inventoryItems.sortOrder), asc(inventoryItems.name));
  const stock = await db.select().from(shopStock);
  const list = await db
    .select({ id: franchisees.id, name: franchisees.businessName })
    .from(franchisees)
    .where(eq(franchisees.isActive, true))
    .orderBy(asc(franchisees.businessName));
  return { items, stock, franchisees: list };
}

/** The admin marks an item retail (or not) with its price and page address. */
export async function saveRetailProduct(
  db: Db,
  input: { itemId: string; isRetail: boolean; price: number; slug: string },
) {
  const [taken] = await db
    .select({ id: shopProducts.inventoryItemId })
    .from(shopProducts)
    .where(eq(shopProducts.slug, input.slug));
  if (taken && taken.id !== input.itemId) throw new AppError("SLUG_TAKEN");
  await db
    .insert(shopProducts)
    .values({
      inventoryItemId: input.itemId,
      slug: input.slug,
      retailPriceCents: input.price,
      isRetail: input.isRetail,
    })
    .onConflictDoUpdate({
      target: shopProducts.inventoryItemId,
      set: { slug: input.slug, retailPriceCents: input.price, isRetail: input.isRetail },
    });
}

/** The admin sets a franchisee's stock of a retail product (a count, taken from its restock). */
export async function setShopStock(
  db: Db,
  input: { itemId: string; franchiseeId: string; quantity: number },
) {
  await db
    .insert(shopStock)
    .values({ inventoryItemId: input.itemId, franchiseeId: input.franchiseeId, quantity: input.quantity })
    .onConflictDoUpdate({
      target: [shopStock.franchiseeId, shopStock.inventoryItemId],
      set: { quantity: input.quantity },
    });
}
