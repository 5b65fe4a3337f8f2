import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  appointments,
  franchisees,
  shopOrderLines,
  shopOrders,
  shopReturnLines,
  shopReturns,
} from "#db/schema";
import { returnOpen } from "~/domain/shop/shop";
import { AppError } from "~/lib/errors";
import type { SessionUser } from "../../auth.server";
import type { Db, Tx } from "../../db.server";
import type { StripeClient } from "../../payments/stripe.server";
import { type ShopOrder } from "./shop.server";
import { shopOrderPaid } from "./shop-checkout.server";
import { returnableLines } from "./shop-returns.server";

// A shop order after checkout (ADR 094): the customer's order page and list, the orders a crew
// hands over at a stop, and their delivery.

export interface OrderPage {
  order: ShopOrder;
  lines: (typeof shopOrderLines.$inferSelect)[];
  franchiseeName: string;
  washAt: Date | null;
  returns: (typeof shopReturns.$inferSelect)[];
  /** What may still be asked back, line by line. */
  returnable: { id: string; name: string; left: number }[];
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
  const { lines: returnable, returns } = await returnableLines(db, orderId);
  const left = returnable
    .map((line) => ({ id: line.id, name: line.name, left: line.quantity - line.askedQuantity }))
    .filter((line) => line.left > 0);
  return {
    order: order!,
    lines,
    franchiseeName: franchisee?.name ?? "",
    washAt: wash?.startAt ?? null,
    returns: returns.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
    returnable: left,
    returnOpen: left.length > 0 && returnOpen(order!, deps.now),
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

/**
 * The orders the crew hands over at a wash (its stop page), each line at what is still to hand
 * over: less what returns accepted before the hand-over took back (a return with no lines: the
 * whole order). A line all taken back is left out, and so is an order with nothing left.
 */
export async function shopOrdersOfStop(db: Db, appointmentId: string) {
  const orders = await db
    .select()
    .from(shopOrders)
    .where(
      and(eq(shopOrders.appointmentId, appointmentId), inArray(shopOrders.status, ["paid", "delivered"])),
    );
  if (orders.length === 0) return [];
  const ids = orders.map((o) => o.id);
  const lines = await db.select().from(shopOrderLines).where(inArray(shopOrderLines.orderId, ids));
  const accepted = await db
    .select({ id: shopReturns.id, orderId: shopReturns.orderId, decidedAt: shopReturns.decidedAt })
    .from(shopReturns)
    .where(and(inArray(shopReturns.orderId, ids), eq(shopReturns.status, "accepted")));
  const returned = accepted.length
    ? await db
        .select()
        .from(shopReturnLines)
        .where(
          inArray(
            shopReturnLines.returnId,
            accepted.map((r) => r.id),
          ),
        )
    : [];
  return orders
    .map((order) => {
      // Handed over: only the returns accepted before took anything off what the crew brought.
      const before = accepted.filter(
        (r) =>
          r.orderId === order.id &&
          (order.status === "paid" ||
            (order.deliveredAt !== null && r.decidedAt !== null && r.decidedAt <= order.deliveredAt)),
      );
      const whole = before.some((r) => !returned.some((line) => line.returnId === r.id));
      const back = (lineId: string) =>
        returned
          .filter((line) => line.orderLineId === lineId && before.some((r) => r.id === line.returnId))
          .reduce((sum, line) => sum + line.quantity, 0);
      return {
        id: order.id,
        number: order.number,
        status: order.status,
        lines: lines
          .filter((line) => line.orderId === order.id)
          .map((line) => ({ name: line.name, quantity: whole ? 0 : line.quantity - back(line.id) }))
          .filter((line) => line.quantity > 0),
      };
    })
    .filter((order) => order.lines.length > 0);
}

/**
 * The crew handed a wash's products over: `paid → delivered` (the return window starts). An order
 * all taken back before the wash (a whole return accepted, or every line returned) was not on
 * the stop and is not handed over: it stays `paid`, refunded.
 */
export async function markShopOrdersDelivered(
  db: Db | Tx,
  appointmentId: string,
  now: Date,
): Promise<number> {
  const done = await db
    .update(shopOrders)
    .set({ status: "delivered", deliveredAt: now })
    .where(
      and(
        eq(shopOrders.appointmentId, appointmentId),
        eq(shopOrders.status, "paid"),
        sql`not exists (select 1 from ${shopReturns} where ${shopReturns.orderId} = ${shopOrders.id}
          and ${shopReturns.status} = 'accepted'
          and not exists (select 1 from ${shopReturnLines} where ${shopReturnLines.returnId} = ${shopReturns.id}))`,
        sql`exists (select 1 from ${shopOrderLines} where ${shopOrderLines.orderId} = ${shopOrders.id}
          and ${shopOrderLines.quantity} > (select coalesce(sum(${shopReturnLines.quantity}), 0)
            from ${shopReturnLines} inner join ${shopReturns} on ${shopReturns.id} = ${shopReturnLines.returnId}
            where ${shopReturnLines.orderLineId} = ${shopOrderLines.id} and ${shopReturns.status} = 'accepted'))`,
      ),
    )
    .returning({ id: shopOrders.id });
  return done.length;
}

/**
 * The account export's shop orders (ADR 027): every order of the account with its lines and its
 * returns, without the checkout's key nor the hosted page's address.
 */
export async function exportShopOrders(db: Db, userId: string) {
  const orders = await db
    .select({ order: shopOrders, franchisee: franchisees.businessName })
    .from(shopOrders)
    .innerJoin(franchisees, eq(franchisees.id, shopOrders.franchiseeId))
    .where(eq(shopOrders.userId, userId))
    .orderBy(asc(shopOrders.createdAt));
  if (orders.length === 0) return [];
  const ids = orders.map((row) => row.order.id);
  const lines = await db.select().from(shopOrderLines).where(inArray(shopOrderLines.orderId, ids));
  const returns = await db.select().from(shopReturns).where(inArray(shopReturns.orderId, ids));
  return orders.map(({ order, franchisee }) => {
    return {
      number: order.number,
      franchisee,
      status: order.status,
      delivery: order.delivery,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      subtotalCents: order.subtotalCents,
      tpsCents: order.tpsCents,
      tvqCents: order.tvqCents,
      totalCents: order.totalCents,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      deliveredAt: order.deliveredAt,
      cancelledAt: order.cancelledAt,
      lines: lines
        .filter((line) => line.orderId === order.id)
        .map(({ name, quantity, unitPriceCents, totalCents }) => ({
          name,
          quantity,
          unitPriceCents,
          totalCents,
        })),
      returns: returns
        .filter((ret) => ret.orderId === order.id)
        .map((ret) => ({
          status: ret.status,
          reason: ret.reason,
          subtotalCents: ret.subtotalCents,
          amountCents: ret.amountCents,
          createdAt: ret.createdAt,
          decidedAt: ret.decidedAt,
          refundedAt: ret.refundedAt,
        })),
    };
  });
}
