import { and, eq, inArray, sql } from "drizzle-orm";
import { payments } from "#db/schema";
import { checkRefund, refundLines } from "~/domain/payments/refunds";
import type { RefundInput } from "~/domain/payments/schemas";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";

// A refund of all or part of a card payment by the admin or the franchisee (issue 31, item 4;
// ADR 075): a pending ledger row with its reason, who and when, sent to Stripe by the
// `payments.refund` job under the row's own idempotency key. The paid row is locked while the
// refund is checked and written, so two refunds at once queue behind each other and the second
// sees the first: together they never pass what was paid. The form's key makes a double submit
// one refund.

export type RefundActor =
  { id: string; role: "admin" } | { id: string; role: "franchisee"; franchiseeId: string };

export async function requestRefund(
  db: Db,
  input: { actor: RefundActor; refund: RefundInput },
): Promise<{ refundId: string; amountCents: number; replayed: boolean }> {
  const { actor, refund } = input;
  return db.transaction(async (tx) => {
    const [paid] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId)).for("update");
    if (!paid || (actor.role === "franchisee" && paid.franchiseeId !== actor.franchiseeId)) {
      throw new AppError("NOT_FOUND");
    }
    const key = `refund:manual:${paid.id}:${refund.key}`;
    const [again] = await tx.select().from(payments).where(eq(payments.idempotencyKey, key));
    if (again) return { refundId: again.id, amountCents: again.amountCents, replayed: true };
    if (
      paid.kind === "refund" ||
      paid.method !== "stripe" ||
      paid.status !== "succeeded" ||
      !paid.stripePaymentIntentId
    ) {
      throw new AppError("VALIDATION", "NOT_REFUNDABLE");
    }
    const [given] = await tx
      .select({ cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)` })
      .from(payments)
      .where(and(eq(payments.refundOf, paid.id), inArray(payments.status, ["pending", "succeeded"])));
    const refundedCents = Number(given!.cents);
    const check = checkRefund(paid.amountCents, refundedCents, refund.amount);
    if (!check.ok) {
      throw new AppError("VALIDATION", check.code, {
        field: "amount",
        count: paid.amountCents - refundedCents,
      });
    }
    const lines = refundLines(paid, refund.amount);
    const [row] = await tx
      .insert(payments)
      .values({
        ...lines,
        appointmentId: paid.appointmentId,
        membershipChargeId: paid.membershipChargeId,
        franchiseeId: paid.franchiseeId,
        kind: "refund",
        refundOf: paid.id,
        stripePaymentIntentId: paid.stripePaymentIntentId,
        idempotencyKey: key,
        reason: refund.reason,
        createdBy: actor.id,
      })
      .returning({ id: payments.id });
    await enqueue(tx, "payments.refund", { paymentId: row!.id });
    return { refundId: row!.id, amountCents: refund.amount, replayed: false };
  });
}
