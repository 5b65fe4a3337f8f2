import { and, eq } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, payments } from "#db/schema";
import type { Db } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { chargeSavedCard, type HostedPage } from "../../payments/charges.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import type { StripeClient } from "../../payments/stripe.server";
import { balanceUrlFor, createBalanceCheckout } from "./balance-link.server";
import { queueReceipts } from "./receipts.server";
import { tipToken } from "./tip-link.server";

/**
 * Charges one pending ledger row (a fee, a balance) to the card kept at booking (the
 * `payments.charge` job, ADR 073), off-session, for the franchisee with the row's royalty, under
 * the row's idempotency key: a retry after a crash gets Stripe's first answer. A refused card is
 * recorded on the row ('failed' with Stripe's code), not retried; a refused balance is told to the
 * customer by e-mail, once (the row leaves 'pending' once), with a link to a hosted page that pays
 * exactly the balance's lines (a new page once Stripe expires one; paid, it settles the row:
 * `checkoutCompleted`); the franchisee is told too.
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
  // A booking's charge (its plan is joined on it); a membership's never comes here.
  const appointmentId = payment.appointmentId!;
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
    description: `${payment.kind} ${appointmentId}`,
    to: { accountId: plan.stripeAccountId, applicationFeeCents: payment.applicationFeeCents },
    metadata: { payment_id: payment.id, appointment_id: appointmentId },
    idempotencyKey: payment.idempotencyKey,
  });
  let payLink: HostedPage | null = null;
  if (!result.ok && payment.kind === "balance") {
    const [booking] = await db
      .select({ bookingId: appointments.bookingId })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    const page = await createBalanceCheckout(deps.stripe, {
      payment,
      plan,
      bookingId: booking!.bookingId,
      token: await tipToken(db, booking!.bookingId),
      now: deps.now,
      idempotencyKey: `${payment.idempotencyKey}:pay-link`,
    });
    // The e-mail carries our own link, which outlives the page (balance-link.server.ts).
    payLink = { id: page.id, url: await balanceUrlFor(db, booking!.bookingId) };
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
    if (payment.kind === "balance" && changed.some((row) => row.status === "failed")) {
      await enqueue(
        tx,
        "email.balance-refused",
        { paymentId: payment.id, url: payLink?.url ?? null },
        { singletonKey: `balance-refused:${payment.id}`, maxAttempts: EMAIL_MAX_ATTEMPTS },
      );
      await enqueue(
        tx,
        "email.balance-refused-franchisee",
        { paymentId: payment.id },
        { singletonKey: `balance-refused-franchisee:${payment.id}`, maxAttempts: EMAIL_MAX_ATTEMPTS },
      );
    }
  });
}
