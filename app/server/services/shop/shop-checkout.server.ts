import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { franchisees, shopOrderLines, shopOrders, shopStock } from "#db/schema";
import { orderNumberOf, orderTotals, type Cart } from "~/domain/shop/shop";
import { AppError } from "~/lib/errors";
import { shopMessages } from "~/lib/messages/shop.fr";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { enqueue } from "../../jobs/queue.server";
import { createNetworkLinesCheckout } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { shopDeliveriesOf, shopRoyaltyOf } from "./shop-franchisee.server";
import { type ShopProduct, listShopProducts, nextWashOf, type ShopOrder } from "./shop.server";

// The shop's cart and checkout (ADR 094): the cart priced from the database, the order placed
// with its stock taken by one conditional update per line, the network's hosted Checkout page,
// and the page's outcome applied once (paid, or expired with the stock given back).

/** The hosted page lives this long: the stock stays taken meanwhile. */
const CHECKOUT_MINUTES = 60;

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
    const offered = await shopDeliveriesOf(tx, franchiseeId);
    if (!(input.delivery === "next_wash" ? offered.nextWash : offered.pickup))
      throw new AppError("SHOP_REFUSED", "DELIVERY_NOT_OFFERED");
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
        royaltyBasisPoints: await shopRoyaltyOf(tx, franchiseeId),
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

export async function giveStockBack(tx: Tx, order: ShopOrder) {
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
