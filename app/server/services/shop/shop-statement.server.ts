import { and, asc, eq, gte, inArray, isNotNull, lt } from "drizzle-orm";
import { franchisees, shopOrders, shopReturns } from "#db/schema";
import { monthBounds } from "~/domain/payments/statement";
import {
  refundedPreTax,
  shopCreditLine,
  shopCreditTotals,
  type ShopCreditLine,
  type ShopCreditTotals,
} from "~/domain/shop/shop-credit";
import type { Db } from "../../db.server";
import { shopRoyaltyOf } from "./shop-franchisee.server";

// The franchisee's shop sales in its monthly statement (ADR 094, amended): a sale counts in the
// month it was paid, a refund in the month Stripe made it (settled money only, as the payments
// ledger's statement). Each at the royalty frozen on the order (older orders: today's rate).
// The admin reads the same credit for the whole network, per franchisee.

export interface ShopCreditRow extends ShopCreditLine {
  id: string;
  at: Date;
  number: string;
  customerName: string;
  franchiseeId: string;
  businessName: string;
}

export interface ShopCredit {
  rows: ShopCreditRow[];
  totals: ShopCreditTotals;
  /** The month's credit of each franchisee with a sale or a refund in it, by name. */
  perFranchisee: { franchiseeId: string; businessName: string; totals: ShopCreditTotals }[];
}

/** The month's shop credit of one franchisee, or of the whole network with `franchiseeId: null`. */
export async function shopCreditOf(
  db: Db,
  input: { franchiseeId: string | null; month: string },
): Promise<ShopCredit> {
  const { from, to } = monthBounds(input.month);
  const mine = input.franchiseeId === null ? undefined : eq(shopOrders.franchiseeId, input.franchiseeId);
  const sales = await db
    .select({ order: shopOrders, businessName: franchisees.businessName })
    .from(shopOrders)
    .innerJoin(franchisees, eq(franchisees.id, shopOrders.franchiseeId))
    .where(
      and(
        mine,
        inArray(shopOrders.status, ["paid", "delivered"]),
        gte(shopOrders.paidAt, from),
        lt(shopOrders.paidAt, to),
      ),
    )
    .orderBy(asc(shopOrders.paidAt));
  const refunds = await db
    .select({ ret: shopReturns, order: shopOrders, businessName: franchisees.businessName })
    .from(shopReturns)
    .innerJoin(shopOrders, eq(shopOrders.id, shopReturns.orderId))
    .innerJoin(franchisees, eq(franchisees.id, shopOrders.franchiseeId))
    .where(
      and(
        mine,
        eq(shopReturns.status, "accepted"),
        isNotNull(shopReturns.refundedAt),
        gte(shopReturns.refundedAt, from),
        lt(shopReturns.refundedAt, to),
      ),
    )
    .orderBy(asc(shopReturns.refundedAt));
  // Orders from before the royalty was frozen on them: their franchisee's rate today.
  const today = new Map<string, number>();
  for (const { order } of [...sales, ...refunds]) {
    if (order.royaltyBasisPoints === null && !today.has(order.franchiseeId)) {
      today.set(order.franchiseeId, await shopRoyaltyOf(db, order.franchiseeId));
    }
  }
  const rateOf = (order: { royaltyBasisPoints: number | null; franchiseeId: string }) =>
    order.royaltyBasisPoints ?? today.get(order.franchiseeId) ?? 0;
  const rows: ShopCreditRow[] = [
    ...sales.map(({ order, businessName }) => ({
      id: order.id,
      at: order.paidAt!,
      number: order.number,
      customerName: order.customerName,
      franchiseeId: order.franchiseeId,
      businessName,
      ...shopCreditLine("sale", order.subtotalCents, rateOf(order)),
    })),
    ...refunds.map(({ ret, order, businessName }) => ({
      id: ret.id,
      at: ret.refundedAt!,
      number: order.number,
      customerName: order.customerName,
      franchiseeId: order.franchiseeId,
      businessName,
      ...shopCreditLine("refund", ret.subtotalCents ?? refundedPreTax(ret.amountCents, order), rateOf(order)),
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const names = new Map(rows.map((row) => [row.franchiseeId, row.businessName]));
  const perFranchisee = [...names]
    .map(([franchiseeId, businessName]) => ({
      franchiseeId,
      businessName,
      totals: shopCreditTotals(rows.filter((row) => row.franchiseeId === franchiseeId)),
    }))
    .sort((a, b) => a.businessName.localeCompare(b.businessName, "fr-CA"));
  return { rows, totals: shopCreditTotals(rows), perFranchisee };
}
