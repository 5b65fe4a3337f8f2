import { asc, eq, inArray, or } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, paymentCustomers, payments } from "#db/schema";
import type { Db, Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { ownedAppointments, type ClientOwner } from "../account/client-owner.server";

type Owner = Pick<ClientOwner, "id" | "email" | "emailVerified">;

/** The Stripe customers of the account, and the address's once verified (ADR 025, 073). */
export function customersOf(owner: Owner) {
  return owner.emailVerified
    ? or(eq(paymentCustomers.userId, owner.id), eq(paymentCustomers.email, owner.email.toLowerCase()))!
    : eq(paymentCustomers.userId, owner.id);
}

/**
 * The payments part of the data export (Law 25, ADR 027, 079): the Stripe customers kept for the
 * person's address, and every ledger row of the bookings they own (what was paid, refunded or
 * refused, with its lines). Idempotency keys and Stripe's object ids stay out.
 */
export async function exportPayments(db: Db, owner: Owner) {
  return {
    paymentCustomers: await db
      .select({
        email: paymentCustomers.email,
        stripeCustomerId: paymentCustomers.stripeCustomerId,
        createdAt: paymentCustomers.createdAt,
      })
      .from(paymentCustomers)
      .where(customersOf(owner)),
    payments: await db
      .select({
        bookingId: appointments.bookingId,
        kind: payments.kind,
        method: payments.method,
        status: payments.status,
        amountCents: payments.amountCents,
        subtotalCents: payments.subtotalCents,
        tpsCents: payments.tpsCents,
        tvqCents: payments.tvqCents,
        tipCents: payments.tipCents,
        failureCode: payments.failureCode,
        reason: payments.reason,
        createdAt: payments.createdAt,
        settledAt: payments.settledAt,
      })
      .from(payments)
      .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
      .where(ownedAppointments(owner))
      .orderBy(asc(payments.createdAt)),
  };
}

/**
 * On the account's deletion (ADR 027, 079), in its transaction: the ledger rows stay (the
 * accountant's records, their bookings anonymized by the caller), the person's Stripe customers
 * lose their cards (the `payments.detach-cards` job, after the commit) and their row here, and
 * the bookings' plans forget the customer and the card. A fee still to charge then fails as
 * 'no_card_kept' (recorded), never on a card the person asked us to forget.
 */
export async function forgetPaymentCustomer(tx: Tx, owner: Owner, appointmentIds: readonly string[]) {
  const customers = await tx.delete(paymentCustomers).where(customersOf(owner)).returning();
  for (const customer of customers) {
    await enqueue(
      tx,
      "payments.detach-cards",
      { stripeCustomerId: customer.stripeCustomerId },
      { singletonKey: `detach-cards:${customer.stripeCustomerId}` },
    );
  }
  if (appointmentIds.length > 0) {
    await tx
      .update(appointmentPaymentPlans)
      .set({ stripeCustomerId: null, stripePaymentMethodId: null })
      .where(inArray(appointmentPaymentPlans.appointmentId, [...appointmentIds]));
  }
}
