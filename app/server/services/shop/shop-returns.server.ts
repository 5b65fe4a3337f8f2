import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { franchisees, shopOrderLines, shopOrders, shopReturnLines, shopReturns, shopStock } from "#db/schema";
import { planReturn, type ReturnableLine } from "~/domain/shop/returns";
import { returnOpen } from "~/domain/shop/shop";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { refundNetworkPayment } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { giveStockBack } from "./shop-checkout.server";

/** An accepted return's items back in its franchisee's stock (a return without lines: the whole order). */
async function giveReturnStockBack(tx: Tx, order: typeof shopOrders.$inferSelect, returnId: string) {
  const lines = await tx
    .select({ itemId: shopOrderLines.inventoryItemId, quantity: shopReturnLines.quantity })
    .from(shopReturnLines)
    .innerJoin(shopOrderLines, eq(shopOrderLines.id, shopReturnLines.orderLineId))
    .where(eq(shopReturnLines.returnId, returnId));
  if (lines.length === 0) return giveStockBack(tx, order);
  for (const line of lines) {
    await tx
      .update(shopStock)
      .set({ quantity: sql`${shopStock.quantity} + ${line.quantity}` })
      .where(and(eq(shopStock.franchiseeId, order.franchiseeId), eq(shopStock.inventoryItemId, line.itemId)));
  }
}

// Shop returns (ADR 094): some or all of an order's lines, asked within 14 days by the customer, decided by the selling franchisee
// or the admin, the stock given back and the refund made through Stripe under the return's
// idempotency key.

/**
 * A customer asks to return some of an order's lines (`lines`, by order line; none: all that is
 * left), within 14 days. The order's row is locked while the return is planned, so two requests
 * at once take turns: together they never ask for more than was bought nor refund more than was
 * paid. The form's one-time key makes a double submit one return.
 */
export async function requestShopReturn(
  db: Db,
  input: {
    user: Pick<SessionUser, "id">;
    orderId: string;
    reason: string | null;
    now: Date;
    key: string;
    lines?: ReadonlyMap<string, number>;
  },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, input.orderId)).for("update");
    if (!order || order.userId !== input.user.id) throw new AppError("NOT_FOUND");
    const [again] = await tx
      .select({ id: shopReturns.id, orderId: shopReturns.orderId })
      .from(shopReturns)
      .where(eq(shopReturns.requestKey, input.key));
    if (again) {
      if (again.orderId !== order.id) throw new AppError("NOT_FOUND");
      return { id: again.id };
    }
    if (!returnOpen(order, input.now)) throw new AppError("SHOP_REFUSED", "RETURN_CLOSED");
    const { lines, otherAmountsCents } = await returnableLines(tx, order.id);
    const plan = planReturn(order, lines, input.lines ?? null, otherAmountsCents);
    if (!plan.ok) throw new AppError("SHOP_REFUSED", "NOTHING_TO_RETURN");
    const [created] = await tx
      .insert(shopReturns)
      .values({
        orderId: order.id,
        reason: input.reason,
        requestKey: input.key,
        subtotalCents: plan.subtotalCents,
        amountCents: plan.amountCents,
      })
      .returning({ id: shopReturns.id });
    await tx.insert(shopReturnLines).values(plan.lines.map((line) => ({ returnId: created!.id, ...line })));
    return created!;
  });
}

/** An order's lines with what its returns asked back (all, and not refused), and their amounts. */
export async function returnableLines(db: Db | Tx, orderId: string) {
  const orderLines = await db.select().from(shopOrderLines).where(eq(shopOrderLines.orderId, orderId));
  const returns = await db.select().from(shopReturns).where(eq(shopReturns.orderId, orderId));
  const asked = returns.length
    ? await db
        .select()
        .from(shopReturnLines)
        .where(
          inArray(
            shopReturnLines.returnId,
            returns.map((r) => r.id),
          ),
        )
    : [];
  const kept = new Set(returns.filter((r) => r.status !== "refused").map((r) => r.id));
  // A return made before partial returns (no lines) took the whole order.
  const whole = returns.filter((r) => !asked.some((a) => a.returnId === r.id));
  const lines: ReturnableLine[] = orderLines.map((line) => {
    const of = asked.filter((a) => a.orderLineId === line.id);
    const sum = (rows: typeof of) => rows.reduce((total, a) => total + a.quantity, 0);
    return {
      id: line.id,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      askedQuantity: whole.length ? line.quantity : sum(of),
      keptQuantity: whole.some((r) => kept.has(r.id))
        ? line.quantity
        : sum(of.filter((a) => kept.has(a.returnId))),
    };
  });
  const otherAmountsCents = returns
    .filter((r) => r.status !== "refused")
    .reduce((sum, r) => sum + r.amountCents, 0);
  return { lines, returns, asked, otherAmountsCents };
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
    await giveReturnStockBack(tx, row.order, decided.id);
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
