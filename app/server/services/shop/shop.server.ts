import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import {
  appointments,
  franchisees,
  inventoryItems,
  shopOrderLines,
  shopOrders,
  shopProducts,
  shopReturns,
  shopStock,
} from "#db/schema";
import { orderNumberOf, orderTotals, returnOpen, type Cart } from "~/domain/shop/shop";
import { AppError } from "~/lib/errors";
import { shopMessages } from "~/lib/messages/shop.fr";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { enqueue } from "../../jobs/queue.server";
import { createNetworkLinesCheckout, refundNetworkPayment } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";

// The maintenance-products shop (issue 34, item 4; ADR 094). Stock is taken when the order is
// placed, by one conditional update per line (`quantity >= wanted`) in the order's transaction:
// two orders for the last item take turns and the second is refused, whole. The network's hosted
// Checkout page takes the payment; its webhook (or the customer's return, read from Stripe) marks
// the order paid once; an expired page gives the stock back once. A return accepted within 14
// days gives the stock back and refunds through Stripe under the return's idempotency key.

export type ShopOrder = typeof shopOrders.$inferSelect;

/** The hosted page lives this long: the stock stays taken meanwhile. */
const CHECKOUT_MINUTES = 60;

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

export interface CartView {
  franchisee: { id: string; name: string } | null;
  lines: (ShopProduct & { quantity: number; totalCents: number })[];
  totals: ReturnType<typeof orderTotals>;
}

/** The cart as the page shows it: its lines at today's prices (unknown or no longer sold items dropped). */
export async function viewCart(db: Db | Tx, cart: Cart): Promise<CartView> {
  const products = await listShopProducts(db, cart.franchiseeId);
  const lines = cart.lines.flatMap((line) => {
    const product = products.find((p) => p.itemId === line.itemId);
    return product
      ? [{ ...product, quantity: line.quantity, totalCents: product.retailPriceCents * line.quantity }]
      : [];
  });
  const [franchisee] = cart.franchiseeId
    ? await db
        .select({ id: franchisees.id, name: franchisees.businessName })
        .from(franchisees)
        .where(eq(franchisees.id, cart.franchiseeId))
    : [];
  return {
    franchisee: franchisee ?? null,
    lines,
    totals: orderTotals(lines.map((l) => ({ unitPriceCents: l.retailPriceCents, quantity: l.quantity }))),
  };
}

/**
 * Places an order from the cart (signed-in customers): in one transaction the order, its lines
 * at today's retail prices, and each line's stock taken by a conditional update; a line short
 * of stock refuses the whole order (SHOP_OUT_OF_STOCK, nothing taken). The checkout form's key
 * makes a double submit one order. Then the network's hosted Checkout page, under the order's
 * idempotency key; a page that cannot be made cancels the order (the stock comes back).
 */
export async function placeShopOrder(
  db: Db,
  input: {
    user: Pick<SessionUser, "id" | "email" | "name">;
    cart: Cart;
    delivery: "next_wash" | "pickup";
    key: string;
    now: Date;
    stripe: StripeClient;
  },
): Promise<{ id: string; payUrl: string | null }> {
  const { cart } = input;
  if (!cart.franchiseeId || cart.lines.length === 0) throw new AppError("SHOP_REFUSED", "EMPTY_CART");
  const franchiseeId = cart.franchiseeId;
  const order = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(shopOrders).where(eq(shopOrders.checkoutKey, input.key));
    if (existing) return existing;
    const products = await listShopProducts(tx, franchiseeId);
    const lines = cart.lines.map((line) => {
      const product = products.find((p) => p.itemId === line.itemId);
      if (!product) throw new AppError("NOT_FOUND", "PRODUCT");
      return { product, quantity: line.quantity };
    });
    let appointmentId: string | null = null;
    if (input.delivery === "next_wash") {
      const wash = await nextWashOf(tx, input.user, input.now, franchiseeId);
      if (!wash) throw new AppError("SHOP_REFUSED", "NO_NEXT_WASH");
      appointmentId = wash.id;
    }
    const totals = orderTotals(
      lines.map((l) => ({ unitPriceCents: l.product.retailPriceCents, quantity: l.quantity })),
    );
    const id = crypto.randomUUID();
    const [created] = await tx
      .insert(shopOrders)
      .values({
        id,
        number: orderNumberOf(id),
        franchiseeId,
        userId: input.user.id,
        customerName: input.user.name,
        customerEmail: input.user.email.toLowerCase(),
        delivery: input.delivery,
        appointmentId,
        ...totals,
        checkoutKey: input.key,
      })
      .onConflictDoNothing({ target: shopOrders.checkoutKey })
      .returning();
    // The same key submitted twice at once: the other transaction's order.
    if (!created)
      return (await tx.select().from(shopOrders).where(eq(shopOrders.checkoutKey, input.key)))[0]!;
    for (const { product, quantity } of lines) {
      const [taken] = await tx
        .update(shopStock)
        .set({ quantity: sql`${shopStock.quantity} - ${quantity}` })
        .where(
          and(
            eq(shopStock.franchiseeId, franchiseeId),
            eq(shopStock.inventoryItemId, product.itemId),
            sql`${shopStock.quantity} >= ${quantity}`,
          ),
        )
        .returning({ quantity: shopStock.quantity });
      if (!taken) throw new AppError("SHOP_OUT_OF_STOCK", product.name);
      await tx.insert(shopOrderLines).values({
        orderId: created.id,
        inventoryItemId: product.itemId,
        name: product.name,
        quantity,
        unitPriceCents: product.retailPriceCents,
        totalCents: product.retailPriceCents * quantity,
      });
    }
    return created;
  });
  if (order.status !== "awaiting_payment" || order.stripeCheckoutSessionId)
    return { id: order.id, payUrl: order.status === "awaiting_payment" ? order.stripeCheckoutUrl : null };
  const lines = await db.select().from(shopOrderLines).where(eq(shopOrderLines.orderId, order.id));
  const back = `${env().PUBLIC_URL}/boutique/commandes/${order.id}`;
  try {
    const page = await createNetworkLinesCheckout(input.stripe, {
      lines: [
        ...lines.map((line) => ({
          label: line.name,
          unitCents: line.unitPriceCents,
          quantity: line.quantity,
        })),
        { label: shopMessages.cart.tps, unitCents: order.tpsCents, quantity: 1 },
        { label: shopMessages.cart.tvq, unitCents: order.tvqCents, quantity: 1 },
      ].filter((line) => line.unitCents > 0),
      email: order.customerEmail,
      successUrl: `${back}?retour=paye`,
      cancelUrl: back,
      expiresAt: new Date(input.now.getTime() + CHECKOUT_MINUTES * 60_000),
      metadata: { shop_order_id: order.id },
      idempotencyKey: `shop-order:${order.id}:checkout`,
    });
    await db
      .update(shopOrders)
      .set({ stripeCheckoutSessionId: page.id, stripeCheckoutUrl: page.url })
      .where(eq(shopOrders.id, order.id));
    return { id: order.id, payUrl: page.url };
  } catch (error) {
    await db.transaction((tx) => cancelShopOrder(tx, order.id, input.now));
    throw error;
  }
}

/** An unpaid order given up (its page expired, or could not be made): cancelled once, its stock back. */
async function cancelShopOrder(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const [cancelled] = await tx
    .update(shopOrders)
    .set({ status: "cancelled", cancelledAt: now })
    .where(and(eq(shopOrders.id, orderId), eq(shopOrders.status, "awaiting_payment")))
    .returning();
  if (!cancelled) return false;
  await giveStockBack(tx, cancelled);
  return true;
}

async function giveStockBack(tx: Tx, order: ShopOrder) {
  const lines = await tx.select().from(shopOrderLines).where(eq(shopOrderLines.orderId, order.id));
  for (const line of lines) {
    await tx
      .update(shopStock)
      .set({ quantity: sql`${shopStock.quantity} + ${line.quantity}` })
      .where(
        and(
          eq(shopStock.franchiseeId, order.franchiseeId),
          eq(shopStock.inventoryItemId, line.inventoryItemId),
        ),
      );
  }
}

function intentOf(session: Pick<Stripe.Checkout.Session, "payment_intent">): string | null {
  return typeof session.payment_intent === "string"
    ? session.payment_intent
    : (session.payment_intent?.id ?? null);
}

/**
 * The order's hosted page completed (the webhook, or the customer's return read from Stripe):
 * `awaiting_payment → paid` once, and in the same transaction the confirmation e-mail. Null when
 * the session is not a shop order's; 'stale' when it was applied already.
 */
export async function shopOrderPaid(
  tx: Tx,
  session: Pick<Stripe.Checkout.Session, "id" | "payment_intent">,
  now: Date,
): Promise<"applied" | "stale" | null> {
  const [paid] = await tx
    .update(shopOrders)
    .set({ status: "paid", paidAt: now, stripePaymentIntentId: intentOf(session) })
    .where(and(eq(shopOrders.stripeCheckoutSessionId, session.id), eq(shopOrders.status, "awaiting_payment")))
    .returning({ id: shopOrders.id });
  if (!paid) {
    const [known] = await tx
      .select({ id: shopOrders.id })
      .from(shopOrders)
      .where(eq(shopOrders.stripeCheckoutSessionId, session.id));
    return known ? "stale" : null;
  }
  await enqueue(
    tx,
    "email.shop-order",
    { orderId: paid.id },
    { singletonKey: `email.shop-order:${paid.id}`, maxAttempts: EMAIL_MAX_ATTEMPTS },
  );
  return "applied";
}

/** The order's hosted page expired unpaid: the order is cancelled and its stock given back, once. */
export async function shopCheckoutExpired(
  tx: Tx,
  session: Pick<Stripe.Checkout.Session, "id">,
  now: Date,
): Promise<"applied" | "stale" | null> {
  const [order] = await tx
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(eq(shopOrders.stripeCheckoutSessionId, session.id));
  if (!order) return null;
  return (await cancelShopOrder(tx, order.id, now)) ? "applied" : "stale";
}

export interface OrderPage {
  order: ShopOrder;
  lines: (typeof shopOrderLines.$inferSelect)[];
  franchiseeName: string;
  washAt: Date | null;
  return: typeof shopReturns.$inferSelect | null;
  returnOpen: boolean;
}

/**
 * The customer's order page (their own orders only): while it awaits its payment, Stripe is
 * asked (the browser's word is never taken) and a paid page is applied as the webhook would.
 */
export async function loadShopOrder(
  db: Db,
  orderId: string,
  deps: { user: Pick<SessionUser, "id" | "role">; stripe: StripeClient | undefined; now: Date },
): Promise<OrderPage> {
  if (!/^[0-9a-f-]{36}$/.test(orderId)) throw new AppError("NOT_FOUND");
  let [order] = await db.select().from(shopOrders).where(eq(shopOrders.id, orderId));
  if (!order || (order.userId !== deps.user.id && deps.user.role !== "admin"))
    throw new AppError("NOT_FOUND");
  if (order.status === "awaiting_payment" && order.stripeCheckoutSessionId && deps.stripe) {
    const session = await deps.stripe.checkout.sessions.retrieve(order.stripeCheckoutSessionId);
    if (session.status === "complete" && session.payment_status === "paid") {
      await db.transaction((tx) => shopOrderPaid(tx, session, deps.now));
      [order] = await db.select().from(shopOrders).where(eq(shopOrders.id, orderId));
    }
  }
  const lines = await db.select().from(shopOrderLines).where(eq(shopOrderLines.orderId, orderId));
  const [franchisee] = await db
    .select({ name: franchisees.businessName })
    .from(franchisees)
    .where(eq(franchisees.id, order!.franchiseeId));
  const [wash] = order!.appointmentId
    ? await db
        .select({ startAt: appointments.startAt })
        .from(appointments)
        .where(eq(appointments.id, order!.appointmentId))
    : [];
  const [ret] = await db.select().from(shopReturns).where(eq(shopReturns.orderId, orderId));
  return {
    order: order!,
    lines,
    franchiseeName: franchisee?.name ?? "",
    washAt: wash?.startAt ?? null,
    return: ret ?? null,
    returnOpen: !ret && returnOpen(order!, deps.now),
  };
}

/** The customer's orders, newest first (the customer space). */
export async function listMyShopOrders(db: Db, userId: string) {
  return db
    .select({
      id: shopOrders.id,
      number: shopOrders.number,
      status: shopOrders.status,
      totalCents: shopOrders.totalCents,
      createdAt: shopOrders.createdAt,
    })
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.userId, userId),
        inArray(shopOrders.status, ["paid", "delivered", "awaiting_payment"]),
      ),
    )
    .orderBy(desc(shopOrders.createdAt))
    .limit(50);
}

/** The orders the crew hands over at a wash (its stop page). */
export async function shopOrdersOfStop(db: Db, appointmentId: string) {
  const orders = await db
    .select()
    .from(shopOrders)
    .where(
      and(eq(shopOrders.appointmentId, appointmentId), inArray(shopOrders.status, ["paid", "delivered"])),
    );
  if (orders.length === 0) return [];
  const lines = await db
    .select()
    .from(shopOrderLines)
    .where(
      inArray(
        shopOrderLines.orderId,
        orders.map((o) => o.id),
      ),
    );
  return orders.map((order) => ({
    id: order.id,
    number: order.number,
    status: order.status,
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map(({ name, quantity }) => ({ name, quantity })),
  }));
}

/** The crew handed a wash's products over: `paid → delivered` (the return window starts). */
export async function markShopOrdersDelivered(
  db: Db | Tx,
  appointmentId: string,
  now: Date,
): Promise<number> {
  const done = await db
    .update(shopOrders)
    .set({ status: "delivered", deliveredAt: now })
    .where(and(eq(shopOrders.appointmentId, appointmentId), eq(shopOrders.status, "paid")))
    .returning({ id: shopOrders.id });
  return done.length;
}

/** A customer asks to return a whole order, within 14 days (once per order). */
export async function requestShopReturn(
  db: Db,
  input: { user: Pick<SessionUser, "id">; orderId: string; reason: string | null; now: Date },
): Promise<{ id: string }> {
  const [order] = await db.select().from(shopOrders).where(eq(shopOrders.id, input.orderId));
  if (!order || order.userId !== input.user.id) throw new AppError("NOT_FOUND");
  if (!returnOpen(order, input.now)) throw new AppError("SHOP_REFUSED", "RETURN_CLOSED");
  const [created] = await db
    .insert(shopReturns)
    .values({ orderId: order.id, reason: input.reason, amountCents: order.totalCents })
    .onConflictDoNothing({ target: shopReturns.orderId })
    .returning({ id: shopReturns.id });
  if (created) return created;
  return (
    await db.select({ id: shopReturns.id }).from(shopReturns).where(eq(shopReturns.orderId, order.id))
  )[0]!;
}

/**
 * The admin (or the order's franchisee) decides a return: `requested → accepted | refused` once.
 * Accepted: the stock goes back and the refund is queued in the same transaction, then tried at
 * once; the refund job and this call share the return's Stripe idempotency key.
 */
export async function decideShopReturn(
  db: Db,
  input: {
    actor: Pick<SessionUser, "id" | "role">;
    returnId: string;
    accept: boolean;
    now: Date;
    stripe: StripeClient | undefined;
  },
): Promise<"accepted" | "refused"> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ret: shopReturns, order: shopOrders })
      .from(shopReturns)
      .innerJoin(shopOrders, eq(shopOrders.id, shopReturns.orderId))
      .where(eq(shopReturns.id, input.returnId));
    if (!row) throw new AppError("NOT_FOUND");
    await assertMayDecide(tx, input.actor, row.order.franchiseeId);
    const [decided] = await tx
      .update(shopReturns)
      .set({ status: input.accept ? "accepted" : "refused", decidedBy: input.actor.id, decidedAt: input.now })
      .where(and(eq(shopReturns.id, input.returnId), eq(shopReturns.status, "requested")))
      .returning();
    if (!decided) throw new AppError("ORDER_CLOSED");
    if (!input.accept) return "refused" as const;
    await giveStockBack(tx, row.order);
    await enqueue(tx, "shop.refund", { returnId: decided.id }, { singletonKey: `shop.refund:${decided.id}` });
    return "accepted" as const;
  });
  if (outcome === "accepted" && input.stripe) {
    // The job does it if this fails (Stripe unreachable): the key makes both one refund.
    await refundShopReturn(db, input.returnId, input.stripe).catch(() => undefined);
  }
  return outcome;
}

async function assertMayDecide(tx: Tx, actor: Pick<SessionUser, "id" | "role">, franchiseeId: string) {
  if (actor.role === "admin") return;
  if (actor.role === "franchisee") {
    const [own] = await tx
      .select({ id: franchisees.id })
      .from(franchisees)
      .where(and(eq(franchisees.id, franchiseeId), eq(franchisees.userId, actor.id)));
    if (own) return;
  }
  throw new AppError("FORBIDDEN");
}

/**
 * An accepted return's refund, idempotent: Stripe is asked under the return's key (a second ask,
 * at once or later, gets the first refund back), and the refund's id is written once.
 */
export async function refundShopReturn(
  db: Db,
  returnId: string,
  stripe: StripeClient,
): Promise<"refunded" | "already" | "not_accepted"> {
  const [row] = await db
    .select({ ret: shopReturns, intentId: shopOrders.stripePaymentIntentId })
    .from(shopReturns)
    .innerJoin(shopOrders, eq(shopOrders.id, shopReturns.orderId))
    .where(eq(shopReturns.id, returnId));
  if (!row || row.ret.status !== "accepted" || !row.intentId) return "not_accepted";
  if (row.ret.stripeRefundId) return "already";
  const refund = await refundNetworkPayment(stripe, {
    paymentIntentId: row.intentId,
    amountCents: row.ret.amountCents,
    metadata: { shop_return_id: returnId },
    idempotencyKey: `shop-return:${returnId}:refund`,
  });
  const [set] = await db
    .update(shopReturns)
    .set({ stripeRefundId: refund.refundId, refundedAt: new Date() })
    .where(and(eq(shopReturns.id, returnId), isNull(shopReturns.stripeRefundId)))
    .returning({ id: shopReturns.id });
  return set ? "refunded" : "already";
}

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
