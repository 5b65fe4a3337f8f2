import crypto from "node:crypto";
import { restoreMemberUse } from "../memberships/member-price.server";
import { and, eq } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, payments, serviceZones } from "#db/schema";
import { BOOKING_ID_PATTERN } from "~/domain/booking/schemas";
import { paymentTerms, type PaymentTerms, type ZonePaymentPolicy } from "~/domain/payments/terms";
import { bookingPaymentMessages } from "~/lib/messages/booking-payment.fr";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { acceptedKeys, purposeKey, signedWithAny } from "../../security/keys.server";
import { expireOpenCheckout } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { EMAIL_MAX_ATTEMPTS, queueBookingReleased } from "../messaging/notify.server";
import { queueSms } from "../messaging/sms.server";
import { enqueue } from "../../jobs/queue.server";
import { log } from "../../log.server";
import { formatTime } from "~/domain/time/format-instant";
import { paymentMethodOf } from "./process-stripe-event.server";
import { cardSetupFor } from "./payment-setup.server";
import { queueCardStepRetry } from "./retry-card-step.server";
import { startCardStep, type CardStep } from "./start-card-step.server";
import { checkoutCompleted } from "./stripe-event-effects.server";
import { linesAfterGiftCard, restoreGiftCard } from "../giftcards/gift-card-redemption.server";
import { withSlotChange } from "../booking/slot-change.server";

/**
 * The booking side of the card step (issue 31, ADR 074): our own page between the booking and
 * Stripe's hosted page, /booking-payment/{bookingId}?k=…, where k is an HMAC of the booking id
 * with the "booking-payment-link" key (ADR 101; as the review links, ADR 049): the wizard answers its post with it (the CSP's form-action
 * keeps a form's redirect on our origin), Stripe comes back to it, and the e-mail of a booking
 * made elsewhere (API, desk, assistant) carries it. It shows what is paid, resumes the same
 * hosted page (startCardStep is idempotent), or cancels the unpaid booking.
 */

function sign(key: Buffer, bookingId: string): string {
  return crypto.createHmac("sha256", key).update(`pay:${bookingId}`).digest("base64url").slice(0, 32);
}

export async function paymentPageToken(db: Db | Tx, bookingId: string): Promise<string> {
  return sign(await purposeKey(db, "booking-payment-link"), bookingId);
}

export async function isPaymentPageToken(
  db: Db | Tx,
  bookingId: string,
  token: string | null,
): Promise<boolean> {
  if (!token) return false;
  return signedWithAny(await acceptedKeys(db, "booking-payment-link"), token, (key) => sign(key, bookingId));
}

/** The page's path (the wizard's redirect) and its absolute link (Stripe's return, e-mails). */
export async function paymentPagePath(db: Db | Tx, bookingId: string): Promise<string> {
  return `/booking-payment/${bookingId}?k=${await paymentPageToken(db, bookingId)}`;
}

export async function paymentPageUrl(db: Db | Tx, bookingId: string): Promise<string> {
  return `${env().PUBLIC_URL}${await paymentPagePath(db, bookingId)}`;
}

/**
 * The zone's card setting as the wizard's summary shows it (null: paid on site). Read through
 * the same rule as the card step (Stripe configured, a mode other than on site, the franchisee's
 * account enabled), so the summary announces what the booking will ask.
 */
export async function zonePaymentPolicy(
  db: Db,
  zoneSlug: string,
  paymentsOn: boolean,
): Promise<ZonePaymentPolicy | null> {
  if (!paymentsOn) return null;
  const [zone] = await db
    .select({ id: serviceZones.id })
    .from(serviceZones)
    .where(eq(serviceZones.routeSlug, zoneSlug));
  if (!zone) return null;
  return (await cardSetupFor(db, zone.id, paymentsOn))?.policy ?? null;
}

/**
 * The card step of a booking just made, with our page as Stripe's way back (paid or not): the
 * hosted page's link, or `on_site` for a zone that takes no card.
 */
export async function bookingCardStep(
  db: Db,
  input: { appointmentId: string; bookingId: string; now: Date; stripe: StripeClient | undefined },
): Promise<CardStep> {
  const back = await paymentPageUrl(db, input.bookingId);
  return startCardStep(db, {
    appointmentId: input.appointmentId,
    now: input.now,
    stripe: input.stripe,
    returnUrl: `${back}&retour=paye`,
    cancelUrl: `${back}&retour=abandon`,
  });
}

export type BookingPayment =
  | { state: "unknown" }
  | { state: "on_site"; bookingId: string }
  | {
      state: "awaiting_card" | "secured" | "released";
      bookingId: string;
      startAt: Date;
      holdUntil: Date | null;
      terms: PaymentTerms;
      /** The deposit paid so far (cents, taxes included). */
      paidCents: number;
    };

async function findBooking(db: Db, bookingId: string) {
  if (!BOOKING_ID_PATTERN.test(bookingId)) return undefined;
  const [row] = await db
    .select({ appointment: appointments, plan: appointmentPaymentPlans })
    .from(appointments)
    .leftJoin(appointmentPaymentPlans, eq(appointmentPaymentPlans.appointmentId, appointments.id))
    .where(eq(appointments.bookingId, bookingId));
  return row;
}

/**
 * What a booking's payment stands at, as its pages show it (no token needed: amounts and
 * states only, as GET /api/appointments/{bookingId} shows the price). The terms are the ones
 * frozen in the plan.
 */
export async function bookingPayment(db: Db, bookingId: string): Promise<BookingPayment> {
  const row = await findBooking(db, bookingId);
  if (!row) return { state: "unknown" };
  const { appointment, plan } = row;
  if (!plan || plan.status === "settled") return { state: "on_site", bookingId };
  const deposits = await db
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(
        eq(payments.appointmentId, appointment.id),
        eq(payments.kind, "deposit"),
        eq(payments.status, "succeeded"),
      ),
    );
  const price = await linesAfterGiftCard(db, appointment.id, appointment.priceCents);
  const deposit = plan.depositCents;
  // The frozen terms: today's deposit and the fees as they were accepted.
  const terms = paymentTerms(
    {
      mode: plan.mode,
      deposit: plan.mode === "deposit" ? { rule: "fixed", cents: deposit } : null,
      lateCancel: { rule: "fixed", cents: plan.lateCancelFeeCents },
      noShow: { rule: "fixed", cents: plan.noShowFeeCents },
    },
    price,
    plan.royaltyBasisPoints,
  );
  return {
    state: plan.status === "secured" ? "secured" : plan.status === "released" ? "released" : "awaiting_card",
    bookingId,
    startAt: appointment.startAt,
    holdUntil: plan.holdUntil,
    terms,
    paidCents: deposits.reduce((sum, d) => sum + d.amountCents, 0),
  };
}

/**
 * Back from the hosted page, or a look at a booking awaiting its card: Stripe is asked (the
 * browser's word is never taken), and a page paid is applied with the webhook's own one-way
 * step, so the customer sees the payment even before the event arrives; a second return, or
 * the event after it, finds the plan secured and changes nothing.
 */
export async function syncCardStep(
  db: Db,
  bookingId: string,
  deps: { stripe: StripeClient | undefined; now: Date },
): Promise<BookingPayment> {
  const row = await findBooking(db, bookingId);
  const sessionId = row?.plan?.stripeCheckoutSessionId;
  if (row?.plan?.status === "awaiting_card" && sessionId && deps.stripe) {
    const session = await deps.stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === "complete") {
      const paymentMethodId = await paymentMethodOf(deps.stripe, session);
      await db.transaction((tx) => checkoutCompleted(tx, session, paymentMethodId, deps.now));
    }
  }
  return bookingPayment(db, bookingId);
}

/**
 * The hosted page again for a booking still awaiting its card within its hold: the same page
 * (startCardStep's keys), or null when the booking is past that (paid, released, hold over).
 */
export async function resumeCardStep(
  db: Db,
  bookingId: string,
  deps: { stripe: StripeClient | undefined; now: Date },
): Promise<string | null> {
  const row = await findBooking(db, bookingId);
  if (!row || row.appointment.status !== "scheduled") return null;
  const { plan } = row;
  // A booking whose card step never started (Stripe was unreachable at booking) starts it now.
  if (plan && (plan.status !== "awaiting_card" || !plan.holdUntil || plan.holdUntil <= deps.now)) return null;
  const step = await bookingCardStep(db, {
    appointmentId: row.appointment.id,
    bookingId,
    now: deps.now,
    stripe: deps.stripe,
  });
  return step.mode === "on_site" ? null : step.url;
}

/**
 * The customer gives up before paying: the hosted page is expired first (no payment can start
 * on it after that), then the booking is cancelled and its slot opened, as a hold running out
 * would. A page paid meanwhile secures the booking instead ('secured': the manage link cancels
 * it by the terms). The release job and the expiry event then find the plan released.
 */
export async function cancelUnpaidBooking(
  db: Db,
  bookingId: string,
  deps: { stripe: StripeClient | undefined; now: Date },
): Promise<"cancelled" | "secured" | "not_awaiting"> {
  const row = await findBooking(db, bookingId);
  const plan = row?.plan;
  if (!row || !plan || plan.status !== "awaiting_card" || !plan.stripeCheckoutSessionId || !deps.stripe) {
    return "not_awaiting";
  }
  const session = await expireOpenCheckout(deps.stripe, plan.stripeCheckoutSessionId);
  if (session.status === "complete") {
    const paymentMethodId = await paymentMethodOf(deps.stripe, session);
    await db.transaction((tx) => checkoutCompleted(tx, session, paymentMethodId, deps.now));
    return "secured";
  }
  return withSlotChange(db, async (tx) => {
    const [released] = await tx
      .update(appointmentPaymentPlans)
      .set({ status: "released", holdUntil: null })
      .where(
        and(
          eq(appointmentPaymentPlans.appointmentId, row.appointment.id),
          eq(appointmentPaymentPlans.status, "awaiting_card"),
        ),
      )
      .returning({ id: appointmentPaymentPlans.appointmentId });
    if (!released) return "not_awaiting" as const;
    await tx
      .update(appointments)
      .set({
        status: "cancelled",
        cancelledAt: deps.now,
        cancelReason: bookingPaymentMessages.cancelledUnpaid,
      })
      .where(and(eq(appointments.id, row.appointment.id), eq(appointments.status, "scheduled")));
    await tx
      .update(payments)
      .set({ status: "cancelled" })
      .where(and(eq(payments.appointmentId, row.appointment.id), eq(payments.status, "pending")));
    await restoreGiftCard(tx, row.appointment.id, deps.now);
    await restoreMemberUse(tx, row.appointment.id);
    // They cancelled it on the page: no confirmation, no reminder, no e-mail to say so.
    await queueBookingReleased(tx, row.appointment.id, { tell: false });
    return "cancelled" as const;
  });
}

/**
 * The card step of a booking made where the customer is not on our page (POST /api/bookings, the
 * assistant and its MCP tools; ADR 074): the booking holds its slot for the hold, and the
 * customer gets the link to our payment page by e-mail, and by text when they accepted texts.
 * Null when the zone takes payment on site. A repeated request (the same booking) sends nothing
 * again. A Stripe failure leaves the booking as made, and the `payments.start-card-step` job
 * tries again (then falls back to payment on site, retry-card-step.server.ts).
 */
export async function cardStepByLink(
  db: Db,
  booking: { appointmentId: string; bookingId: string; repeated?: true },
  deps: { stripe: StripeClient | undefined; now: Date },
): Promise<{ paymentUrl: string; holdUntil: Date } | null> {
  if (!deps.stripe) return null;
  try {
    return await sendCardStepLink(db, booking, deps);
  } catch (error) {
    // Not lost: the job tries again (a warning, not an error).
    log.warn("The booking's card step could not start: tried again by a job", {
      appointmentId: booking.appointmentId,
      error: String(error),
    });
    await queueCardStepRetry(db, booking, { attempt: 1, now: deps.now });
    return null;
  }
}

/**
 * The card step started and its link sent (cardStepByLink's work, and the retry job's); throws
 * when Stripe fails. Null when the zone takes payment on site.
 */
export async function sendCardStepLink(
  db: Db,
  booking: { appointmentId: string; bookingId: string; repeated?: true },
  deps: { stripe: StripeClient | undefined; now: Date },
): Promise<{ paymentUrl: string; holdUntil: Date } | null> {
  const step = await bookingCardStep(db, { ...booking, now: deps.now, stripe: deps.stripe });
  if (step.mode === "on_site") return null;
  const paymentUrl = await paymentPageUrl(db, booking.bookingId);
  if (!booking.repeated) {
    const [appointment] = await db
      .select({ phone: appointments.customerPhone, smsConsent: appointments.smsConsent })
      .from(appointments)
      .where(eq(appointments.id, booking.appointmentId));
    await db.transaction(async (tx) => {
      await enqueue(
        tx,
        "email.booking",
        { appointmentId: booking.appointmentId, kind: "payment-link" },
        {
          maxAttempts: EMAIL_MAX_ATTEMPTS,
          singletonKey: `email.booking.payment-link:${booking.appointmentId}`,
        },
      );
      if (appointment?.smsConsent) {
        await queueSms(tx, {
          phone: appointment.phone,
          body: bookingPaymentMessages.payLink.sms(formatTime(step.holdUntil), paymentUrl),
          category: "transactional",
          appointmentId: booking.appointmentId,
          now: deps.now,
        });
      }
    });
  }
  return { paymentUrl, holdUntil: step.holdUntil };
}
