import { and, asc, eq, gt, or, sql } from "drizzle-orm";
import {
  appointments,
  franchisees,
  inventoryItems,
  type shopOrders,
  shopProducts,
  shopStock,
} from "#db/schema";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";

// The maintenance-products shop (issue 34, item 4; ADR 094). Stock is taken when the order is
// placed, by one conditional update per line (`quantity >= wanted`) in the order's transaction:
// two orders for the last item take turns and the second is refused, whole. The network's hosted
// Checkout page takes the payment; its webhook (or the customer's return, read from Stripe) marks
// the order paid once; an expired page gives the stock back once. A return accepted within 14
// days gives the stock back and refunds through Stripe under the return's idempotency key.
//
// This module is the catalogue the customer browses; the cart and checkout are in `shop-checkout`,
// the orders after it in `shop-orders`, returns in `shop-returns`, the back office in
// `shop-back-office`.

export type ShopOrder = typeof shopOrders.$inferSelect;

export interface ShopProduct {
  itemId: string;
  slug: string;
  name: string;
  description: string;
  category: string;
  unitType: string;
  retailPriceCents: number;
  stock: number;
}

/** The franchisees that have something to sell, for the shop's selector. */
export async function shopFranchisees(db: Db | Tx): Promise<{ id: string; name: string }[]> {
  return db
    .selectDistinct({ id: franchisees.id, name: franchisees.businessName })
    .from(franchisees)
    .innerJoin(shopStock, eq(shopStock.franchiseeId, franchisees.id))
    .where(and(eq(franchisees.isActive, true), gt(shopStock.quantity, 0)))
    .orderBy(asc(franchisees.businessName));
}

/** The retail products, with the given franchisee's stock (0 without one). */
export async function listShopProducts(db: Db | Tx, franchiseeId: string | null): Promise<ShopProduct[]> {
  const rows = await db
    .select({
      itemId: shopProducts.inventoryItemId,
      slug: shopProducts.slug,
      name: inventoryItems.name,
      description: inventoryItems.description,
      category: inventoryItems.category,
      unitType: inventoryItems.unitType,
      retailPriceCents: shopProducts.retailPriceCents,
      stock: sql<number>`coalesce(${shopStock.quantity}, 0)::int`,
    })
    .from(shopProducts)
    .innerJoin(inventoryItems, eq(inventoryItems.id, shopProducts.inventoryItemId))
    .leftJoin(
      shopStock,
      and(
        eq(shopStock.inventoryItemId, shopProducts.inventoryItemId),
        franchiseeId ? eq(shopStock.franchiseeId, franchiseeId) : sql`false`,
      ),
    )
    .where(and(eq(shopProducts.isRetail, true), eq(inventoryItems.isActive, true)))
    .orderBy(asc(inventoryItems.sortOrder), asc(inventoryItems.name));
  return rows;
}

export async function shopProductBySlug(
  db: Db | Tx,
  slug: string,
  franchiseeId: string | null,
): Promise<ShopProduct | null> {
  return (await listShopProducts(db, franchiseeId)).find((product) => product.slug === slug) ?? null;
}

/** The customer's next scheduled wash (any franchisee, or the given one), for « prochain lavage ». */
export async function nextWashOf(
  db: Db | Tx,
  user: Pick<SessionUser, "id" | "email">,
  now: Date,
  franchiseeId?: string | null,
): Promise<{ id: string; startAt: Date; franchiseeId: string } | null> {
  const [row] = await db
    .select({ id: appointments.id, startAt: appointments.startAt, franchiseeId: appointments.franchiseeId })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, "scheduled"),
        gt(appointments.startAt, now),
        or(
          eq(appointments.userId, user.id),
          sql`lower(${appointments.customerEmail}) = ${user.email.toLowerCase()}`,
        ),
        franchiseeId ? eq(appointments.franchiseeId, franchiseeId) : undefined,
      ),
    )
    .orderBy(asc(appointments.startAt))
    .limit(1);
  return row ?? null;
}
