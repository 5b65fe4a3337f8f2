import { and, eq, isNull, ne } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, payments } from "#db/schema";
import { receiptLines } from "~/domain/payments/receipt";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { createLinesCheckout, type HostedPage } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { leftToPay } from "./record-on-site-payment.server";
import { isTipTokenValid, tipToken } from "./tip-link.server";

// A refused balance is paid from a link that does not die (ADR 079, amended 2026-11-29). The
// e-mail carries /tip/{bookingId}/balance?token=… (the booking's after-wash token); each visit
// sends the customer to the row's hosted page while it is open, or to a new one once Stripe has
// expired it (a Checkout page lives 24 h at most). One open page per row at a time: a new page is
// made only when the last one is expired, under a key derived from that expired page, so two
// visits at once get the same new page and the customer can never pay the balance twice.

type Row = typeof payments.$inferSelect;
type Plan = typeof appointmentPaymentPlans.$inferSelect;

/** The link the refused-balance e-mail and the tip page carry. */
export async function balanceUrlFor(db: Db | Tx, bookingId: string): Promise<string> {
  return `${env().PUBLIC_URL}/tip/${bookingId}/balance?token=${await tipToken(db, bookingId)}`;
}

/** A hosted page in payment mode for exactly the row's lines, for the franchisee, with its royalty. */
export async function createBalanceCheckout(
  stripe: StripeClient,
  input: { payment: Row; plan: Plan; bookingId: string; token: string; now: Date; idempotencyKey: string },
): Promise<HostedPage> {
  const { payment, plan } = input;
  const lines = receiptLines({ ...payment, tipCents: 0 })
    .filter((line) => line.key !== "total" && line.cents > 0)
    .map((line) => ({ label: afterWashMessages.balanceRefused.lines[line.key], cents: line.cents }));
  const back = `${env().PUBLIC_URL}/tip/${input.bookingId}?token=${input.token}`;
  return createLinesCheckout(stripe, {
    customerId: plan.stripeCustomerId!,
    lines,
    to: { accountId: plan.stripeAccountId, applicationFeeCents: payment.applicationFeeCents },
    successUrl: `${back}&balance=paid`,
    cancelUrl: back,
    expiresAt: new Date(input.now.getTime() + 24 * 60 * 60_000 - 60_000),
    metadata: { payment_id: payment.id, appointment_id: payment.appointmentId! },
    idempotencyKey: input.idempotencyKey,
  });
}

/** The booking's refused balance still to pay, or null (none refused, or paid since). */
export async function balanceDue(
  db: Db | Tx,
  appointmentId: string,
): Promise<{ payment: Row; plan: Plan } | null> {
  const [row] = await db
    .select({ payment: payments, plan: appointmentPaymentPlans, priceCents: appointments.priceCents })
    .from(payments)
    .innerJoin(appointmentPaymentPlans, eq(appointmentPaymentPlans.appointmentId, payments.appointmentId))
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .where(
      and(
        eq(payments.appointmentId, appointmentId),
        eq(payments.kind, "balance"),
        eq(payments.status, "failed"),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(1);
  if (!row) return null;
  // Recorded on site by the franchisee since (or paid another way): nothing is due any more.
  const paid = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, appointmentId),
        eq(payments.status, "succeeded"),
        ne(payments.kind, "refund"),
      ),
    );
  if (leftToPay(row.priceCents, paid).totalCents === 0) return null;
  return { payment: row.payment, plan: row.plan };
}

export type BalancePage = { to: "stripe"; url: string } | { to: "tip-page"; paid: boolean } | null;

/**
 * Where the refused-balance link goes: the open hosted page, a new one, or back to the booking's
 * tip page (nothing due any more, or a page just paid). Null for a wrong link.
 */
export async function openBalancePage(
  db: Db,
  input: { bookingId: string; token: string; stripe: StripeClient | undefined; now: Date },
): Promise<BalancePage> {
  if (!(await isTipTokenValid(db, input.bookingId, input.token))) return null;
  const [appointment] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.bookingId, input.bookingId));
  if (!appointment) return null;
  const due = await balanceDue(db, appointment.id);
  if (!due || !input.stripe || !due.plan.stripeCustomerId) return { to: "tip-page", paid: !due };
  const previous = due.payment.stripeCheckoutSessionId;
  if (previous) {
    const session = await input.stripe.checkout.sessions.retrieve(previous);
    if (session.status === "open" && session.url) return { to: "stripe", url: session.url };
    // Paid a moment ago: the webhook settles the row.
    if (session.status === "complete") return { to: "tip-page", paid: true };
  }
  const page = await createBalanceCheckout(input.stripe, {
    ...due,
    bookingId: input.bookingId,
    token: input.token,
    now: input.now,
    idempotencyKey: `${due.payment.idempotencyKey}:pay-link:${previous ?? "first"}`,
  });
  // Only over the page it replaces: a visit that lost the race keeps the winner's (the same page).
  await db
    .update(payments)
    .set({ stripeCheckoutSessionId: page.id })
    .where(
      and(
        eq(payments.id, due.payment.id),
        eq(payments.status, "failed"),
        previous ? eq(payments.stripeCheckoutSessionId, previous) : isNull(payments.stripeCheckoutSessionId),
      ),
    );
  return { to: "stripe", url: page.url };
}
