import { and, eq } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, payments } from "#db/schema";
import { balanceAfterDeposit } from "~/domain/payments/receipt";
import type { Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { queueSms } from "../messaging/sms.server";
import { tipUrlFor } from "./tip-link.server";

/** The ledger key of a booking's balance: one balance per booking, whatever calls twice. */
export function balanceKey(appointmentId: string): string {
  return `booking:${appointmentId}:balance`;
}

/**
 * The money side of a completed wash (issue 31, ADR 079), inside the transaction that marks the
 * booking completed: with a card secured at booking, the balance (the booking's lines minus the
 * deposit paid, its royalty the rest of the booking's) becomes a pending ledger row charged
 * off-session by the `payments.charge` job under the row's key, the plan is settled, and the
 * completion e-mail with the tip link is queued. A booking paid on site has no secured plan:
 * nothing happens. Returns the balance in cents, or null without a card.
 */
export async function chargeBalanceAfterWash(
  tx: Tx,
  appointmentId: string,
  now: Date,
  /** False when the crew's wash report (ADR 088) tells the customer instead. */
  { tellCustomer = true }: { tellCustomer?: boolean } = {},
): Promise<{ balanceCents: number } | null> {
  const [plan] = await tx
    .select()
    .from(appointmentPaymentPlans)
    .where(
      and(
        eq(appointmentPaymentPlans.appointmentId, appointmentId),
        eq(appointmentPaymentPlans.status, "secured"),
      ),
    )
    .for("update");
  if (!plan) return null;
  const [appointment] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId));
  const [deposit] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, appointmentId),
        eq(payments.kind, "deposit"),
        eq(payments.status, "succeeded"),
      ),
    );
  const balance = balanceAfterDeposit(appointment!.priceCents, deposit ?? null, plan.royaltyBasisPoints);
  if (balance) {
    const [row] = await tx
      .insert(payments)
      .values({
        appointmentId,
        franchiseeId: appointment!.franchiseeId,
        kind: "balance",
        amountCents: balance.totalCents,
        subtotalCents: balance.subtotalCents,
        tpsCents: balance.tpsCents,
        tvqCents: balance.tvqCents,
        applicationFeeCents: balance.applicationFeeCents,
        idempotencyKey: balanceKey(appointmentId),
      })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning({ id: payments.id });
    if (row) await enqueue(tx, "payments.charge", { paymentId: row.id });
  }
  await tx
    .update(appointmentPaymentPlans)
    .set({ status: "settled" })
    .where(eq(appointmentPaymentPlans.appointmentId, appointmentId));
  if (!tellCustomer) return { balanceCents: balance?.totalCents ?? 0 };
  await enqueue(
    tx,
    "email.completed",
    { appointmentId },
    { singletonKey: `email.completed:${appointmentId}`, maxAttempts: EMAIL_MAX_ATTEMPTS },
  );
  if (appointment!.smsConsent) {
    // As the review request (ADR 049): an invitation after the booking is over, so it counts as an
    // offer (consent in force, the monthly cap), refused and logged otherwise.
    await queueSms(tx, {
      phone: appointment!.customerPhone,
      body: afterWashMessages.completed.sms(await tipUrlFor(tx, appointment!.bookingId)),
      category: "promotional",
      appointmentId,
      now,
    });
  }
  return { balanceCents: balance?.totalCents ?? 0 };
}
