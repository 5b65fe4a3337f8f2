import type { AccountMailKind, BookingMailKind } from "../mail/templates.server";

// The job names and payloads, apart from the registry of handlers: the queue, the handlers and
// the services that enqueue read these types without importing the handlers (no import circle
// queue -> registry -> handlers -> services -> queue, ADR 055).

/**
 * Every job the product queues, by name, with its payload. Payloads are stored as JSON: use
 * strings, numbers, booleans, arrays and plain objects (an instant as an ISO string).
 */
export interface JobPayloads {
  /** Does nothing: lets an operator check that a worker is running. */
  noop: Record<string, never>;
  /** Delivers a stored contact message to CONTACT_WEBHOOK_URL; the id only, no personal data. */
  "contact.webhook": { messageId: string };
  /** Delivers a stored franchise application to APPLICATION_WEBHOOK_URL; the id only. */
  "application.webhook": { applicationId: string };

  // Messaging (ADR 013-015): e-mails, the 24 h reminder, SMS delivery.
  /** A booking e-mail; the manage link's secret when the caller knows it (book, reschedule). */
  "email.booking": { appointmentId: string; kind: BookingMailKind; manageToken?: string };
  /** 24 h before: re-checks the booking, then queues the reminder e-mail and SMS. One per appointment. */
  "booking.reminder": { appointmentId: string; manageToken?: string };
  "email.application-received": { applicationId: string };
  /** A contact form message to the business address. */
  "email.contact-received": { messageId: string };
  /** The reset / set-password link made by better-auth. */
  "email.password": { userId: string; url: string; invitation?: boolean };
  /** An account e-mail (ADR 042): the confirmation link, "someone tried to sign up", "sign-ins slowed". */
  "email.account": { userId: string; kind: AccountMailKind; url?: string };
  /** A commercial e-mail, sent only with consent, with the unsubscribe link and headers. */
  "email.promotion": { to: string; title: string; body: string };
  /** Double opt-in (ADR 071): the link that confirms the offers a form's box requested. */
  "email.consent-confirm": { address: string };
  /** Sends one queued sms_messages row through the SMS provider. */
  "sms.deliver": { smsId: string };

  // Waiting list (ADR 046)
  /** A zone became active, moved or grew: claims the waiting entries now served, queues their e-mail. */
  "waitlist.notify": Record<string, never>;
  /** The one e-mail of a claimed waiting-list entry; the id only. */
  "email.waitlist-open": { entryId: string };

  // A freed time offered to who wanted it (ADR 091)
  /** A booking was cancelled: offers its start to the matching requests, once each. */
  "freed-time.offer": { appointmentId: string };
  /** The one e-mail of an offer; the id only. */
  "email.freed-time": { offerId: string };

  // Reviews (ADR 049)
  /** Some hours after a wash is completed: asks for a review once (e-mail, SMS within the cap). */
  "review.request": { appointmentId: string };
  /** The review request e-mail with its personal signed link; the id only. */
  "email.review-request": { appointmentId: string };
  // Offers (ADR 050)
  /** The daily win-back run; it queues the next day's run. */
  "offers.winback": Record<string, never>;
  /** A day after the review request: the thank-you offer of a completed appointment, once (ADR 057). */
  "offers.thankyou": { appointmentId: string };
  /** The thank-you e-mail with its personal code; consent checked again when it is sent. */
  "email.thankyou": { appointmentId: string };
  // Payments (issue 31, ADR 073)
  /** Acts on one recorded Stripe event (stripe_events), once; the id only. */
  "stripe.event": { eventId: string };
  /** Sends one pending refund row of the payments ledger to Stripe; the id only. */
  "payments.refund": { paymentId: string };
  /** Charges one pending ledger row (a fee, a balance) to the card kept at booking; the id only. */
  "payments.charge": { paymentId: string };
  /** A completed wash paid by card: the completion e-mail (and SMS) with the tip link (ADR 079). */
  /** With `report`: the crew's wash report (ADR 088), photos, checklist, review and tip links in one. */
  "email.completed": { appointmentId: string; report?: boolean };
  /** The French receipt of one ledger row that succeeded (a payment or a refund), once (ADR 079). */
  "email.receipt": { paymentId: string };
  /**
   * The balance after the wash refused by the card kept: told to the customer, once, with the
   * hosted page that pays it (`url`, sealed: ADR 068) (ADR 079).
   */
  "email.balance-refused": { paymentId: string; url: string | null };
  /** The same refusal told to the franchisee, with where to record a payment on site (ADR 079). */
  "email.balance-refused-franchisee": { paymentId: string };
  /** A deleted account's cards are detached from its Stripe customer (ADR 027, 079). */
  "payments.detach-cards": { stripeCustomerId: string };
  /** A minute after an unpaid booking's hosted page expires: releases its slot, or secures it if paid. */
  "payments.release-hold": { appointmentId: string };
  /**
   * The card step of a booking whose start failed at booking (Stripe unreachable), tried again;
   * `attempt` counts from 1 (ADR 074).
   */
  "payments.start-card-step": { appointmentId: string; bookingId: string; attempt: number };
  // Gift cards (issue 34, ADR 087)
  /** On the chosen day: the recipient's e-mail with the card's code, once. */
  "gift-cards.deliver": { giftCardId: string };
  /** The buyer's confirmation once the card is paid. */
  "email.gift-card": { giftCardId: string; to: "buyer" };
  // The shop (issue 34, ADR 094)
  /** The customer's confirmation once the order is paid. */
  "email.shop-order": { orderId: string };
  /** An accepted return's refund, under the return's idempotency key. */
  "shop.refund": { returnId: string };
  // The crew's statuses (issue 32, ADR 078)
  /** The customer's « en route » or « new time » e-mail, with the arrival time told (ISO) or null. */
  "email.crew-arrival": { appointmentId: string; kind: "en_route" | "late"; arrivalAt: string | null };
  // Recurring washes (issue 34, ADR 086)
  /** Places the occurrences due (one series just started or resumed, else every active one, daily). */
  "recurring.place": { seriesId?: string };
  /** A recurring date moved to the nearest free time, or left unplaced: the customer told once. */
  "email.recurring": {
    kind: "moved" | "unplaced";
    seriesId: string;
    appointmentId: string | null;
    /** ISO instant of the usual time. */
    plannedStart: string;
  };
  /**
   * A weather move's one e-mail (ADR 090): the link to pick a new time, its token (sealed, ADR
   * 068); not sent once the booking was rebooked or cancelled.
   */
  "email.weather-move": { appointmentId: string; manageToken: string };
  // Memberships (issue 34, ADR 095)
  /** The renewal run: daily (every subscription due), or one subscription's (resumed). */
  "memberships.renew": { subscriptionId?: string };
  /** A refused renewal told to the customer, once per try; `retryAt` null: the membership ended. */
  "email.membership-refused": { chargeId: string; retryAt: string | null };
  // The assistant (ADR 051)
  /** Deletes the conversations idle for 30 days; queues itself again while some remain. */
  "assistant.purge": Record<string, never>;
  /** Daily: deletes the booking requests past their expiry (ADR 068), then queues the next day's. */
  "booking-requests.purge": Record<string, never>;
}

export type JobName = keyof JobPayloads;
