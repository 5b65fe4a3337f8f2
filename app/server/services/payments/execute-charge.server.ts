import { and, eq } from "drizzle-orm";
import { appointmentPaymentPlans, payments } from "#db/schema";
import type { Db } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { chargeSavedCard, createLinesCheckout, type HostedPage } from "../../payments/charges.server";
import { env } from "../../env.server";
import { receiptLines } from "~/domain/payments/receipt";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import type { StripeClient } from "../../payments/stripe.server";
import { queueReceipts } from "./receipts.server";

/**
 * Charges one pending ledger row (a fee, a balance) to the card kept at booking (the
 * `payments.charge` job, ADR 073), off-session, for the franchisee with the row's royalty, under
 * the row's idempotency key: a retry after a crash gets Stripe's first answer. A refused card is
 * recorded on the row ('failed' with Stripe's code), not retried; a refused balance is told to the
 * customer by e-mail, once (the row leaves 'pending' once), with a hosted page that pays exactly
 * the balance's lines (valid 24 h, keyed by the row; paid, it settles the row: `checkoutCompleted`).
 */
export async function executeCharge(
  db: Db,
  paymentId: string,
  deps: { stripe: StripeClient | undefined; now: Date },
) {
  const [row] = await db
    .select({ payment: payments, plan: appointmentPaymentPlans })
    .from(payments)
    .innerJoin(appointmentPaymentPlans, eq(appointmentPaymentPlans.appointmentId, payments.appointmentId))
    .where(eq(payments.id, paymentId));
  if (!row || row.payment.status !== "pending" || row.payment.kind === "refund") return;
  const { payment, plan } = row;
  if (!plan.stripeCustomerId || !plan.stripePaymentMethodId) {
    await db
      .update(payments)
      .set({ status: "failed", failureCode: "no_card_kept" })
      .where(eq(payments.id, payment.id));
    return;
  }
  if (!deps.stripe) throw new Error("A charge needs the Stripe keys (STRIPE_SECRET_KEY)");
  const result = await chargeSavedCard(deps.stripe, {
    customerId: plan.stripeCustomerId,
    paymentMethodId: plan.stripePaymentMethodId,
    amountCents: payment.amountCents,
    description: `${payment.kind} ${payment.appointmentId}`,
    to: { accountId: plan.stripeAccountId, applicationFeeCents: payment.applicationFeeCents },
    metadata: { payment_id: payment.id, appointment_id: payment.appointmentId },
    idempotencyKey: payment.idempotencyKey,
  });
  let payLink: HostedPage | null = null;
  if (!result.ok && payment.kind === "balance") {
    const lines = receiptLines({ ...payment, tipCents: 0 })
      .filter((line) => line.key !== "total" && line.cents > 0)
      .map((line) => ({ label: afterWashMessages.balanceRefused.lines[line.key], cents: line.cents }));
    payLink = await createLinesCheckout(deps.stripe, {
      customerId: plan.stripeCustomerId,
      lines,
      to: { accountId: plan.stripeAccountId, applicationFeeCents: payment.applicationFeeCents },
      successUrl: `${env().PUBLIC_URL}/`,
      cancelUrl: `${env().PUBLIC_URL}/`,
      expiresAt: new Date(deps.now.getTime() + 24 * 60 * 60_000 - 60_000),
      metadata: { payment_id: payment.id, appointment_id: payment.appointmentId },
      idempotencyKey: `${payment.idempotencyKey}:pay-link`,
    });
  }
  const pending = and(eq(payments.id, payment.id), eq(payments.status, "pending"));
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(payments)
      .set(
        result.ok
          ? {
              stripePaymentIntentId: result.paymentIntentId,
              ...(result.status === "succeeded" ? { status: "succeeded" as const, settledAt: deps.now } : {}),
            }
          : {
              status: "failed",
              failureCode: result.declineCode ?? result.code,
              stripePaymentIntentId: result.paymentIntentId ?? null,
              stripeCheckoutSessionId: payLink?.id ?? null,
            },
      )
      .where(pending)
      .returning({ id: payments.id, status: payments.status });
    // Its receipt, once: the row leaves 'pending' once (ADR 079).
    await queueReceipts(
      tx,
      changed.filter((row) => row.status === "succeeded").map((row) => row.id),
    );
    if (payment.kind === "balance" && changed.some((row) => row.status === "failed"))
      await enqueue(
        tx,
        "email.balance-refused",
        { paymentId: payment.id, url: payLink?.url ?? null },
        { singletonKey: `balance-refused:${payment.id}`, maxAttempts: EMAIL_MAX_ATTEMPTS },
      );
  });
}
