import { noopJob } from "./noop";
import { contactWebhookJob } from "./contact-webhook";
import { applicationWebhookJob } from "./application-webhook";
import { emailBookingJob } from "./email-booking";
import { bookingReminderJob } from "./booking-reminder";
import { emailApplicationReceivedJob } from "./email-application-received";
import { emailContactReceivedJob } from "./email-contact-received";
import { emailPasswordJob } from "./email-password";
import { emailAccountJob } from "./email-account";
import { emailPromotionJob } from "./email-promotion";
import { emailConsentConfirmJob } from "./email-consent-confirm";
import { smsDeliverJob } from "./sms-deliver";
import { waitlistNotifyJob } from "./waitlist-notify";
import { emailWaitlistOpenJob } from "./email-waitlist-open";
import { freedTimeOfferJob } from "./freed-time-offer";
import { freedTimePurgeJob } from "./freed-time-purge";
import { emailFreedTimeJob } from "./email-freed-time";
import { reviewRequestJob } from "./review-request";
import { emailReviewRequestJob } from "./email-review-request";
import { offersWinbackJob } from "./offers-winback";
import { offersThankyouJob } from "./offers-thankyou";
import { emailThankyouJob } from "./email-thankyou";
import { stripeEventJob } from "./stripe-event";
import { paymentsRefundJob } from "./payments-refund";
import { paymentsChargeJob } from "./payments-charge";
import { emailCompletedJob } from "./email-completed";
import { emailReceiptJob } from "./email-receipt";
import { emailBalanceRefusedJob } from "./email-balance-refused";
import { emailBalanceRefusedFranchiseeJob } from "./email-balance-refused-franchisee";
import { paymentsDetachCardsJob } from "./payments-detach-cards";
import { paymentsReleaseHoldJob } from "./payments-release-hold";
import { paymentsStartCardStepJob } from "./payments-start-card-step";
import { giftCardsDeliverJob } from "./gift-cards-deliver";
import { emailGiftCardJob } from "./email-gift-card";
import { giftCardsRefundJob } from "./gift-cards-refund";
import { emailGiftCardRefundJob } from "./email-gift-card-refund";
import { emailShopOrderJob } from "./email-shop-order";
import { shopRefundJob } from "./shop-refund";
import { emailCrewArrivalJob } from "./email-crew-arrival";
import { recurringPlaceJob } from "./recurring-place";
import { emailRecurringJob } from "./email-recurring";
import { emailWeatherMoveJob } from "./email-weather-move";
import { membershipsRenewJob } from "./memberships-renew";
import { emailMembershipRefusedJob } from "./email-membership-refused";
import { assistantPurgeJob } from "./assistant-purge";
import { bookingRequestsPurgeJob } from "./booking-requests-purge";
import { databaseUpkeepJob } from "./database-upkeep";

// Every job the product queues, one definition file each (ADR 099). Payloads are stored as
// JSON: strings, numbers, booleans, arrays and plain objects (an instant as an ISO string).
const definitions = [
  noopJob,
  contactWebhookJob,
  applicationWebhookJob,
  emailBookingJob,
  bookingReminderJob,
  emailApplicationReceivedJob,
  emailContactReceivedJob,
  emailPasswordJob,
  emailAccountJob,
  emailPromotionJob,
  emailConsentConfirmJob,
  smsDeliverJob,
  waitlistNotifyJob,
  emailWaitlistOpenJob,
  freedTimeOfferJob,
  freedTimePurgeJob,
  emailFreedTimeJob,
  reviewRequestJob,
  emailReviewRequestJob,
  offersWinbackJob,
  offersThankyouJob,
  emailThankyouJob,
  stripeEventJob,
  paymentsRefundJob,
  paymentsChargeJob,
  emailCompletedJob,
  emailReceiptJob,
  emailBalanceRefusedJob,
  emailBalanceRefusedFranchiseeJob,
  paymentsDetachCardsJob,
  paymentsReleaseHoldJob,
  paymentsStartCardStepJob,
  giftCardsDeliverJob,
  emailGiftCardJob,
  giftCardsRefundJob,
  emailGiftCardRefundJob,
  emailShopOrderJob,
  shopRefundJob,
  emailCrewArrivalJob,
  recurringPlaceJob,
  emailRecurringJob,
  emailWeatherMoveJob,
  membershipsRenewJob,
  emailMembershipRefusedJob,
  assistantPurgeJob,
  bookingRequestsPurgeJob,
  databaseUpkeepJob,
] as const;

type Definition = (typeof definitions)[number];

/** The schema of each job's payload, by job name. */
export const jobSchemas = Object.fromEntries(definitions.map((job) => [job.name, job.schema])) as {
  [D in Definition as D["name"]]: D["schema"];
};
