import { eq } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, paymentCustomers, payments } from "#db/schema";
import {
  CARD_HOLD_MINUTES,
  paymentTerms,
  STRIPE_MINIMUM_CENTS,
  type PaymentTerms,
} from "~/domain/payments/terms";
import { linesAfterGiftCard } from "../giftcards/gift-card-redemption.server";
import { paymentsMessages } from "~/lib/messages/payments.fr";
import type { Db } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { createPaymentCheckout, createSetupCheckout } from "../../payments/charges.server";
import { createCustomer } from "../../payments/customers.server";
import type { StripeClient } from "../../payments/stripe.server";
import { cardSetupFor, type CardSetup } from "./payment-setup.server";

export type CardStep =
  { mode: "on_site" } | { mode: "card_kept" | "deposit"; url: string; holdUntil: Date; terms: PaymentTerms };

/** The Stripe customer of an e-mail address, made once (its key is the address). */
export async function customerFor(
  db: Db,
  stripe: StripeClient,
  email: string,
  name: string,
  userId: string | null,
) {
  const address = email.toLowerCase();
  const [known] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.email, address));
  if (known) return known.stripeCustomerId;
  const id = await createCustomer(stripe, {
    email: address,
    name,
    metadata: {},
    idempotencyKey: `customer:${address}`,
  });
  await db
    .insert(paymentCustomers)
    .values({ email: address, userId, stripeCustomerId: id })
    .onConflictDoNothing({ target: paymentCustomers.email });
  return id;
}

/**
 * The terms a booking of a zone that takes cards is made under (ADR 073): the zone's policy on
 * the booking's lines. A gift card paid part of it (ADR 087): the terms are on what is left; when
 * that is under Stripe's minimum, a deposit zone only keeps the card.
 */
export async function bookingTerms(
  db: Db,
  appointment: { id: string; priceCents: number },
  setup: CardSetup,
): Promise<PaymentTerms> {
  const lines = await linesAfterGiftCard(db, appointment.id, appointment.priceCents);
  const policy =
    setup.policy.mode === "deposit" && lines.totalCents < STRIPE_MINIMUM_CENTS
      ? { ...setup.policy, mode: "card_kept" as const, deposit: null }
      : setup.policy;
  return paymentTerms(policy, lines, setup.royaltyBasisPoints);
}

/**
 * The card step of a booking just made in a zone that takes cards (ADR 073): the terms frozen
 * in its payment plan, the pending deposit row, Stripe's hosted page (its expiry is the hold),
 * and the job that releases the slot if the page is not paid in time. A zone paying on site
 * gets `on_site` and nothing is written. Called again for the same booking (a retry, a second
 * click), it gives the same page: the Stripe calls carry keys derived from the booking.
 */
export async function startCardStep(
  db: Db,
  input: {
    appointmentId: string;
    now: Date;
    stripe: StripeClient | undefined;
    returnUrl: string;
    cancelUrl: string;
  },
): Promise<CardStep> {
  const [appointment] = await db.select().from(appointments).where(eq(appointments.id, input.appointmentId));
  if (!appointment) throw new Error(`No appointment ${input.appointmentId}`);
  const setup = await cardSetupFor(db, appointment.zoneId, input.stripe !== undefined);
  if (!setup || !input.stripe) return { mode: "on_site" };
  const [existing] = await db
    .select()
    .from(appointmentPaymentPlans)
    .where(eq(appointmentPaymentPlans.appointmentId, appointment.id));
  const holdUntil = existing?.holdUntil ?? new Date(input.now.getTime() + CARD_HOLD_MINUTES * 60_000);
  const terms = await bookingTerms(db, appointment, setup);
  const customerId = await customerFor(
    db,
    input.stripe,
    appointment.customerEmail,
    appointment.customerName,
    appointment.userId,
  );
  const metadata = { appointment_id: appointment.id, booking_id: appointment.bookingId };
  const common = {
    customerId,
    successUrl: input.returnUrl,
    cancelUrl: input.cancelUrl,
    // Stripe wants 30 min or more from its own clock: the page outlives the hold by 2 minutes,
    // and the release job expires it explicitly a minute after the hold.
    expiresAt: new Date(holdUntil.getTime() + 2 * 60_000),
    metadata,
    idempotencyKey: `booking:${appointment.id}:checkout`,
  };
  const page =
    terms.mode === "deposit"
      ? await createPaymentCheckout(input.stripe, {
          ...common,
          amountCents: terms.today.totalCents,
          label: paymentsMessages.depositLabel(appointment.bookingId),
          to: { accountId: setup.accountId, applicationFeeCents: terms.today.applicationFeeCents },
        })
      : await createSetupCheckout(input.stripe, { ...common, accountId: setup.accountId });
  if (existing) return { mode: terms.mode as "deposit" | "card_kept", url: page.url, holdUntil, terms };

  await db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(appointmentPaymentPlans)
      .values({
        appointmentId: appointment.id,
        mode: terms.mode as "deposit" | "card_kept",
        depositCents: terms.today.totalCents,
        lateCancelFeeCents: terms.lateCancelFeeCents,
        noShowFeeCents: terms.noShowFeeCents,
        royaltyBasisPoints: setup.royaltyBasisPoints,
        stripeAccountId: setup.accountId,
        stripeCustomerId: customerId,
        stripeCheckoutSessionId: page.id,
        holdUntil,
      })
      .onConflictDoNothing({ target: appointmentPaymentPlans.appointmentId })
      .returning({ id: appointmentPaymentPlans.appointmentId });
    if (!plan) return; // a concurrent call wrote it first
    if (terms.mode === "deposit") {
      const { applicationFeeCents, subtotalCents, tpsCents, tvqCents, totalCents } = terms.today;
      await tx.insert(payments).values({
        appointmentId: appointment.id,
        franchiseeId: appointment.franchiseeId,
        kind: "deposit",
        amountCents: totalCents,
        subtotalCents,
        tpsCents,
        tvqCents,
        applicationFeeCents,
        idempotencyKey: common.idempotencyKey,
        stripeCheckoutSessionId: page.id,
      });
    }
    // A minute after the page expires: Stripe has stopped taking payment on it by then.
    await enqueue(
      tx,
      "payments.release-hold",
      { appointmentId: appointment.id },
      { runAt: new Date(holdUntil.getTime() + 60_000), singletonKey: `release-hold:${appointment.id}` },
    );
  });
  return { mode: terms.mode as "deposit" | "card_kept", url: page.url, holdUntil, terms };
}
