import { and, eq, sum } from "drizzle-orm";
import { type membershipCharges, membershipUsages, payments } from "#db/schema";
import { BUSINESS_TIME_ZONE, localDate } from "~/domain/time/zoned";
import type { Db, Tx } from "../../db.server";
import { queueReceipts } from "../payments/receipts.server";

// What the membership modules share about a period: its local day, the washes it has used, and
// a paid period's row in the payments ledger (ADR 095).

export const today = (now: Date) => localDate(now.toISOString(), BUSINESS_TIME_ZONE);

/**
 * A paid period's row in the payments ledger (ADR 095), in the transaction that made its charge
 * succeed (a one-way step, taken once): the franchisee's money less the royalty (the
 * application fee), with its own idempotency key, a receipt and the refund path of any card
 * payment. A second call inserts nothing (the key, and one row per charge).
 */
export async function recordInLedger(tx: Tx, charge: typeof membershipCharges.$inferSelect): Promise<void> {
  const rows = await tx
    .insert(payments)
    .values({
      membershipChargeId: charge.id,
      franchiseeId: charge.franchiseeId,
      kind: "membership",
      method: "stripe",
      status: "succeeded",
      amountCents: charge.amountCents,
      subtotalCents: charge.subtotalCents,
      tpsCents: charge.tpsCents,
      tvqCents: charge.tvqCents,
      applicationFeeCents: charge.applicationFeeCents,
      idempotencyKey: `membership:${charge.id}:paid`,
      stripeCheckoutSessionId: charge.stripeCheckoutSessionId,
      stripePaymentIntentId: charge.stripePaymentIntentId,
      settledAt: charge.settledAt,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  await queueReceipts(
    tx,
    rows.map((row) => row.id),
  );
}

export async function usedInPeriod(
  db: Db | Tx,
  subscriptionId: string,
  periodStart: string,
): Promise<number> {
  const [row] = await db
    .select({ used: sum(membershipUsages.washes) })
    .from(membershipUsages)
    .where(
      and(eq(membershipUsages.subscriptionId, subscriptionId), eq(membershipUsages.periodStart, periodStart)),
    );
  return Number(row?.used ?? 0);
}
