import { deliverApplicationWebhook } from "./handlers/application-webhook.server";
import { deliverContactWebhook } from "./handlers/contact-webhook.server";
import { createCrewHandlers } from "./handlers/crew.server";
import { createFreedTimeHandlers } from "./handlers/freed-time-jobs.server";
import { createGiftCardHandlers } from "./handlers/gift-cards-jobs.server";
import { createMembershipHandlers } from "./handlers/memberships-jobs.server";
import { createMessagingHandlers } from "./handlers/messaging.server";
import { createOfferHandlers } from "./handlers/offers.server";
import { createPaymentMailHandlers } from "./handlers/payment-mails.server";
import { createPaymentHandlers } from "./handlers/payments.server";
import { createRecurringHandlers } from "./handlers/recurring.server";
import { createReviewHandlers } from "./handlers/reviews-jobs.server";
import { createShopHandlers } from "./handlers/shop-jobs.server";
import { createWaitlistHandlers } from "./handlers/waitlist.server";
import { createWeatherHandlers } from "./handlers/weather.server";
import type { JobName, JobPayloads } from "./payloads";
import type { JobHandler } from "./worker.server";
import { purgeConversations } from "../services/assistant/conversations.server";
import { purgeExpiredBookingRequests } from "../services/booking/booking-requests.server";
import { runDatabaseUpkeep } from "./database-upkeep.server";

/** The handler of each job name, run by the worker of `npm start` and of `npm run worker`. */
export const jobHandlers: { [N in JobName]: JobHandler<JobPayloads[N]> } = {
  noop: async () => {},
  "contact.webhook": deliverContactWebhook,
  "application.webhook": deliverApplicationWebhook,

  // Messaging
  ...createMessagingHandlers(),
  ...createWaitlistHandlers(),
  // A cancelled booking's time offered to who asked for it (ADR 091).
  ...createFreedTimeHandlers(),
  ...createReviewHandlers(),

  // Offers: the daily win-back run, then the next one (ADR 050); the thank-you offer a day after
  // the review request, and its e-mail (ADR 057).
  ...createOfferHandlers(),
  // The crew's « en route » and « new time » e-mails (ADR 078).
  ...createCrewHandlers(),
  // A day moved for the weather: each customer's one e-mail (ADR 090).
  ...createWeatherHandlers(),
  // Payments (ADR 073): Stripe's events, refunds.
  ...createPaymentHandlers(),
  // The completion e-mail with the tip link, receipts (ADR 079).
  ...createPaymentMailHandlers(),
  // Gift cards: the recipient's e-mail on the chosen day, the buyer's confirmation (ADR 087).
  ...createGiftCardHandlers(),
  // The shop: the order's confirmation, an accepted return's refund (ADR 094).
  ...createShopHandlers(),
  // Recurring washes: the daily placement and the customer's e-mails (ADR 086).
  ...createRecurringHandlers(),
  // Memberships: the daily renewal run and the refused renewal's e-mail (ADR 095).
  ...createMembershipHandlers(),
  // The assistant: conversations idle for 30 days go (ADR 051).
  "assistant.purge": async (_payload, { db }) => {
    await purgeConversations(db);
  },
  // Booking requests past their expiry go, daily (ADR 068).
  "booking-requests.purge": async (_payload, { db }) => {
    await purgeExpiredBookingRequests(db);
  },
  // The embedded database's nightly vacuum and statistics (ADR 113).
  "database.upkeep": async (_payload, { db }) => {
    await runDatabaseUpkeep(db);
  },
};
