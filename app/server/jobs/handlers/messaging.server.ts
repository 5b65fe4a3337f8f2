import { eq } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, franchiseApplications, users } from "#db/schema";
import { allowsCommercialMessages } from "~/domain/messaging/consent";
import { BUSINESS } from "~/lib/business";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { env } from "../../env.server";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import {
  renderAccountMail,
  renderApplicationReceived,
  renderBookingMail,
  renderConsentConfirm,
  renderContactReceived,
  renderPasswordMail,
  renderPromotion,
  formatMailDate,
  formatMailTime,
  serviceAddress,
} from "../../mail/templates.server";
import { smsProviderFromEnv, type SmsProvider } from "../../sms/provider.server";
import { applicationConfirmUrl } from "../../services/applications/confirm-application-email.server";
import { manageUrlFor } from "../../services/booking/manage-access.server";
import { bookingPayment, paymentPageUrl } from "../../services/payments/booking-payment.server";
import { isOnSiteFallback } from "../../services/payments/retry-card-step.server";
import { formatMoney } from "~/lib/format";
import { bookingPaymentMessages } from "~/lib/messages/booking-payment.fr";
import { loadBookingForMessages } from "../../services/messaging/booking-mail.server";
import { currentConsent } from "../../services/messaging/consent.server";
import {
  askConsentConfirmation,
  bookingEmailConsentRequest,
  consentConfirmUrl,
} from "../../services/messaging/consent-confirm.server";
import { EMAIL_MAX_ATTEMPTS, REMINDER_LEAD_MS } from "../../services/messaging/notify.server";
import { deliverQueuedSms, queueBookingConfirmationSms, queueSms } from "../../services/messaging/sms.server";
import { listUnsubscribeHeaders, unsubscribePageUrl } from "../../services/messaging/unsubscribe.server";
import { enqueue } from "../queue.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";
import { loadContactMessage } from "./contact-message.server";

export interface MessagingDeps {
  /** Default: SMTP_URL, else .eml files under DATA_DIR/mail. */
  mailer?: () => Mailer;
  /** Default: SMS_PROVIDER (log). */
  smsProvider?: () => SmsProvider;
  /** Default: the real clock. */
  now?: () => Date;
}

type Handlers = {
  [
    N in
      | "email.booking"
      | "booking.reminder"
      | "email.application-received"
      | "email.contact-received"
      | "email.password"
      | "email.account"
      | "email.promotion"
      | "email.consent-confirm"
      | "sms.deliver"
  ]: JobHandler<JobPayloads[N]>;
};

/** The card step of a booking in a zone that takes a card, or null (paid on site). */
async function cardStepStatus(db: Parameters<JobHandler<unknown>>[1]["db"], appointmentId: string) {
  const [plan] = await db
    .select({ status: appointmentPaymentPlans.status })
    .from(appointmentPaymentPlans)
    .where(eq(appointmentPaymentPlans.appointmentId, appointmentId));
  return plan?.status ?? null;
}

/** How a booking whose card step is secured is paid, for its e-mails (ADR 074); else undefined. */
async function paymentNoteOf(db: Parameters<JobHandler<unknown>>[1]["db"], bookingId: string) {
  const [plan] = await db
    .select({
      status: appointmentPaymentPlans.status,
      stripeCheckoutSessionId: appointmentPaymentPlans.stripeCheckoutSessionId,
      stripeCustomerId: appointmentPaymentPlans.stripeCustomerId,
    })
    .from(appointmentPaymentPlans)
    .innerJoin(appointments, eq(appointments.id, appointmentPaymentPlans.appointmentId))
    .where(eq(appointments.bookingId, bookingId));
  // The card step never started (Stripe failed, retried): paid on site, and said so.
  if (plan && isOnSiteFallback(plan)) return bookingPaymentMessages.onSiteFallback;
  const paid = await bookingPayment(db, bookingId);
  if (paid.state !== "secured") return undefined;
  const p = bookingPaymentMessages;
  const now = paid.terms.mode === "card_kept" ? p.cardKept : p.paidDeposit(formatMoney(paid.paidCents));
  return `${p.paymentTitle} : ${now}. ${p.laterCharge(formatMoney(paid.terms.later.totalCents))}.`;
}

/** The payment page's link and the hold of a booking still awaiting its card, or null. */
async function awaitingPayment(
  db: Parameters<JobHandler<unknown>>[1]["db"],
  appointmentId: string,
  bookingId: string,
) {
  const [plan] = await db
    .select({ status: appointmentPaymentPlans.status, holdUntil: appointmentPaymentPlans.holdUntil })
    .from(appointmentPaymentPlans)
    .where(eq(appointmentPaymentPlans.appointmentId, appointmentId));
  if (plan?.status !== "awaiting_card" || !plan.holdUntil) return null;
  return { url: await paymentPageUrl(db, bookingId), holdUntil: plan.holdUntil };
}

/** The Message-ID of the e-mail one job sends: the same for every attempt of that job. */
export function jobMessageId(jobId: number, what: string): string {
  return `<job-${jobId}.${what}@${BUSINESS.email.split("@")[1]}>`;
}

/** The handlers of the messaging jobs; tests pass their own mailer, SMS provider and clock. */
export function createMessagingHandlers({
  mailer = mailerFromEnv,
  smsProvider = smsProviderFromEnv,
  now = () => new Date(),
}: MessagingDeps = {}): Handlers {
  return {
    "email.booking": async ({ appointmentId, kind, manageToken }, { db, jobId }) => {
      const booking = await loadBookingForMessages(db, appointmentId);
      if (!booking) return;
      // A reminder re-checks at run time: not for a booking moved, cancelled or already past.
      if (kind === "reminder" && (booking.status !== "scheduled" || booking.startAt <= now())) return;
      // A confirmation in a zone that takes a card waits for the card step (ADR 074): sent once
      // secured, never for a booking released unpaid; still awaiting, it is tried again later.
      if (kind === "confirmation") {
        const step = await cardStepStatus(db, appointmentId);
        if (step === "released") return;
        if (step === "awaiting_card") throw new Error("The booking's card step is not finished yet");
        // The SMS box ticked: the confirmation by text too, once per booking (issue 32, ADR 014),
        // before the e-mail so that an SMTP outage does not hold it back.
        if (booking.smsConsent) {
          await queueBookingConfirmationSms(db, {
            appointmentId,
            phone: booking.customerPhone,
            body: messagingMessages.sms.confirmation(
              formatMailDate(booking.startAt),
              formatMailTime(booking.startAt),
              serviceAddress(booking),
            ),
            now: now(),
          });
        }
      }
      // The payment link goes only while the booking still awaits its card.
      const payment =
        kind === "payment-link" ? await awaitingPayment(db, appointmentId, booking.bookingId) : null;
      if (kind === "payment-link" && !payment) return;
      const mail = renderBookingMail(kind, booking, {
        manageUrl: manageToken ? manageUrlFor(booking.bookingId, manageToken) : undefined,
        now: now(),
        publicUrl: env().PUBLIC_URL,
        unsubscribeUrl: await unsubscribePageUrl(db, "email", booking.customerEmail),
        ...(payment ? { payment } : {}),
        paymentNote: await paymentNoteOf(db, booking.bookingId),
      });
      // Delivery is at least once (a crash after the send runs the job again): the same job
      // always sends the same Message-ID, so the copy can be recognised (ADR 071).
      await mailer().send({ to: booking.customerEmail, ...mail, messageId: jobMessageId(jobId, kind) });
      // The offers box ticked at booking: confirmed by a verified account, else asked by a
      // separate e-mail (double opt-in, ADR 071). After the send: a retry does not ask twice.
      const request = kind === "confirmation" ? await bookingEmailConsentRequest(db, appointmentId) : null;
      if (request) {
        await askConsentConfirmation(db, {
          email: booking.customerEmail,
          userId: request.signedInClientId,
          source: "booking_form",
          appointmentId,
          now: now(),
        });
      }
    },

    // At 24 h before: re-checks that the booking is still scheduled at this time, then queues
    // the reminder e-mail and, with the booking's SMS consent, the reminder SMS.
    "booking.reminder": async ({ appointmentId, manageToken }, { db }) => {
      const booking = await loadBookingForMessages(db, appointmentId);
      const at = now();
      if (!booking || booking.status !== "scheduled" || booking.startAt <= at) return;
      // Moved later without its job being moved (should not happen): not yet.
      if (booking.startAt.getTime() - at.getTime() > REMINDER_LEAD_MS + 60 * 60_000) return;
      await db.transaction(async (tx) => {
        await enqueue(
          tx,
          "email.booking",
          { appointmentId, kind: "reminder", ...(manageToken ? { manageToken } : {}) },
          { maxAttempts: EMAIL_MAX_ATTEMPTS },
        );
        if (booking.smsConsent) {
          await queueSms(tx, {
            phone: booking.customerPhone,
            body: messagingMessages.sms.reminder(formatMailTime(booking.startAt), serviceAddress(booking)),
            category: "transactional",
            appointmentId,
            now: at,
          });
        }
      });
    },

    "email.application-received": async ({ applicationId }, { db }) => {
      const [application] = await db
        .select({
          firstName: franchiseApplications.firstName,
          email: franchiseApplications.email,
          city: franchiseApplications.city,
        })
        .from(franchiseApplications)
        .where(eq(franchiseApplications.id, applicationId));
      if (!application) return;
      const confirmUrl = await applicationConfirmUrl(db, { id: applicationId, email: application.email });
      await mailer().send({
        to: application.email,
        ...renderApplicationReceived({ ...application, confirmUrl }),
      });
    },

    "email.contact-received": async ({ messageId }, { db }) => {
      const message = await loadContactMessage(db, messageId);
      if (!message) return;
      await mailer().send({ to: BUSINESS.email, replyTo: message.email, ...renderContactReceived(message) });
    },

    "email.password": async ({ userId, url, invitation }, { db }) => {
      const [user] = await db
        .select({ email: users.email, name: users.name, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, userId));
      // No link (its seal could not be opened, ADR 068): no e-mail that leads nowhere.
      if (!user || !url) return;
      // The "create your password" wording only for an admin's invitation (set on the server,
      // ADR 042): a reset asked by anyone, for any account, always reads as a reset.
      await mailer().send({
        to: user.email,
        ...renderPasswordMail({ name: user.firstName || user.name, url, invitation: invitation === true }),
      });
    },

    "email.account": async ({ userId, kind, url }, { db }) => {
      const [user] = await db
        .select({ email: users.email, name: users.name, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return;
      const link = kind === "verify" ? url : env().PUBLIC_URL.replace(/\/+$/, "");
      if (!link) return;
      await mailer().send({
        to: user.email,
        ...renderAccountMail(kind, { name: user.firstName || user.name, url: link }),
      });
    },

    "email.promotion": async ({ to, title, body }, { db }) => {
      if (!allowsCommercialMessages(await currentConsent(db, "email", to, now()))) return;
      const page = await unsubscribePageUrl(db, "email", to);
      await mailer().send({
        to,
        ...renderPromotion({ title, body, unsubscribeUrl: page }),
        headers: await listUnsubscribeHeaders(db, to),
      });
    },

    // Double opt-in (ADR 071): nothing to ask once the address has express consent.
    "email.consent-confirm": async ({ address }, { db }) => {
      if ((await currentConsent(db, "email", address, now())).state === "express") return;
      await mailer().send({
        to: address,
        ...renderConsentConfirm({ address, confirmUrl: await consentConfirmUrl(db, address) }),
      });
    },

    "sms.deliver": async ({ smsId }, { db, attempt, maxAttempts, signal }) => {
      await deliverQueuedSms(db, smsProvider(), { smsId, attempt, maxAttempts, signal, now: now() });
    },
  };
}
