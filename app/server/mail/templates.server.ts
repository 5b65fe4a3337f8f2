/**
 * The French e-mails (HTML and plain text), one module per family, rendered from JSX (ADR 061).
 * Callers import them from here.
 */
export { formatMailDate, formatMailTime } from "./layout.server";
export { bookingIcs, renderBookingMail, serviceAddress, type BookingMailData } from "./booking-mail.server";
export { renderCrewArrival } from "./crew-mails.server";
export { renderWeatherMove } from "./weather-mails.server";
export { renderAccountMail, renderPasswordMail } from "./account-mails.server";
export {
  renderApplicationReceived,
  renderConsentConfirm,
  renderContactReceived,
  renderFreedTimeOffer,
  renderPromotion,
  renderReviewRequest,
  renderThankYouOffer,
  renderWaitlistOpen,
} from "./customer-mails.server";
export {
  renderBalanceRefusedFranchiseeMail,
  renderBalanceRefusedMail,
  renderCompletedMail,
  renderReceiptMail,
} from "./payment-mails.server";
export { renderRecurringMail } from "./recurring-mails.server";
