/**
 * The one mapping from an error code to its French text (ADR 059). The texts live in the message
 * catalogues; a page may name what was not found or refused in its own words (`ErrorTexts`).
 * Pure, so that every channel that answers in French says the same: the pages' one failure path
 * (server/http/failure.server.ts), the assistant's tools, the e-mails (ADR 083).
 */
import { BOOKING_HORIZON_DAYS } from "~/domain/booking/horizon";
import { PHOTO_MAX_BYTES, PHOTO_MIN_WIDTH } from "~/domain/gallery/photos";
import type { PromoRefusal } from "~/domain/offers/promo";
import { BUSINESS } from "~/lib/business";
import type { AppError, ErrorCode } from "~/lib/errors";
import { messages } from "~/lib/messages.fr";
import { bookingMessages } from "~/lib/messages/booking.fr";
import { offersMessages } from "~/lib/messages/offers.fr";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";
import { shopMessages } from "~/lib/messages/shop.fr";
import { photosMessages } from "~/lib/messages/photos.fr";
import { accountMessages } from "~/lib/messages/account.fr";
import { adminMessages } from "~/lib/messages/admin.fr";
import { applicationMessages } from "~/lib/messages/application.fr";
import { clientMessages } from "~/lib/messages/client.fr";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { RESTOCK_LIMITS } from "~/domain/franchisee/schemas";
import { VEHICLES_MAX } from "~/domain/booking/vehicle-schemas";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";

/**
 * A page's own words for some codes (e.g. what NOT_FOUND means there); a function when the words
 * quote the error (a count, a detail).
 */
export type ErrorTexts = Partial<Record<ErrorCode, string | ((error: AppError) => string)>>;

const b = bookingMessages;
const photos = photosMessages;
const application = adminMessages.applications.errors;
const applicant = applicationMessages.errors;
const promoAdmin = offersMessages.admin;
const phone = clientMessages.phoneVerification;

/** Every reason the domain can refuse a promo code for has its text in the catalogue. */
const PROMO_REFUSED: Readonly<Record<PromoRefusal, string>> = offersMessages.promo.refused;

/** The French refusal of a promo code (ADR 050); the error's message is the reason. */
function promoRefusal(reason: string): string {
  return Object.hasOwn(PROMO_REFUSED, reason) ? PROMO_REFUSED[reason as PromoRefusal] : PROMO_REFUSED.UNKNOWN;
}

const TEXTS: Record<ErrorCode, (error: AppError) => string> = {
  VALIDATION: () => b.invalidFields,
  INVALID_CREDENTIALS: () => messages.auth.invalidCredentials,
  EMAIL_NOT_VERIFIED: () => accountMessages.emailNotVerified,
  ACCOUNT_SLOWED: () => accountMessages.accountSlowed,
  NOT_AUTHENTICATED: () => messages.errors.notAuthenticated,
  FORBIDDEN: () => messages.errors.forbidden,
  NOT_FOUND: () => messages.errors.notFound,
  EMAIL_TAKEN: () => messages.auth.emailTaken,
  ZONE_NOT_ACTIVE: () => b.zoneNotActive,
  ADDRESS_OUT_OF_ZONE: (error) => b.addressOutOfZone(error.message),
  ADDRESS_NOT_LOCATED: () => b.addressNotLocated,
  SLOT_TAKEN: () => b.slotTaken,
  SLOT_UNAVAILABLE: () => b.slotUnavailable,
  INVALID_MANAGE_TOKEN: () => b.invalidManageToken,
  TOO_LATE_TO_CHANGE: () => b.tooLateToChange(BUSINESS.phone),
  APPOINTMENT_NOT_CHANGEABLE: () => b.notChangeable,
  UNKNOWN_UPSELL: (error) => b.unknownUpsell(error.message),
  BEYOND_BOOKING_HORIZON: () => b.beyondHorizon(BOOKING_HORIZON_DAYS),
  RATE_LIMITED: () => b.rateLimited,
  PROMO_CODE_REFUSED: (error) => promoRefusal(error.message),
  GIFT_CARD_REFUSED: (error) =>
    error.message === "EMPTY" || error.message === "REFUNDED"
      ? giftCardMessages.booking.refused[error.message]
      : giftCardMessages.booking.refused.UNKNOWN,
  GIFT_CARD_NOT_REFUNDABLE: (error) =>
    error.message === "USED" || error.message === "REFUNDED"
      ? giftCardMessages.refund.refused[error.message]
      : giftCardMessages.refund.refused.UNPAID,
  SHOP_OUT_OF_STOCK: (error) => shopMessages.errors.outOfStock(error.message),
  SHOP_REFUSED: (error) =>
    error.message === "NO_NEXT_WASH"
      ? shopMessages.errors.noNextWash
      : error.message === "RETURN_CLOSED"
        ? shopMessages.returns.tooLate
        : error.message === "NOTHING_TO_RETURN"
          ? shopMessages.returns.nothing
          : error.message === "DELIVERY_NOT_OFFERED"
            ? shopMessages.errors.deliveryNotOffered
            : shopMessages.errors.emptyCart,
  MEMBERSHIP_REFUSED: (error) => error.message,
  REQUEST_KEY_REUSED: () => b.requestKeyReused,
  DUPLICATE_BOOKING: () => b.duplicateBooking,
  EMAIL_ALREADY_EXISTS: () => applicant.emailExists,
  ALREADY_APPLIED: () => applicant.alreadyApplied,
  INVALID_SIGNATURE: () => applicant.signatureInvalid,
  SIGNATURE_UPLOAD_FAILED: () => applicant.signatureUpload,
  PHOTO_UPLOAD_FAILED: () => applicant.photoUpload,
  TRANSITION: () => adminMessages.common.conflict,
  ZONE_TAKEN: () => application.ZONE_TAKEN,
  ZONE_NOT_FOUND: () => application.ZONE_NOT_FOUND,
  ADMIN_ACCOUNT: () => application.ADMIN_ACCOUNT,
  EMAIL_UNVERIFIED: () => application.EMAIL_UNVERIFIED,
  ACCOUNT_UNVERIFIED: () => application.ACCOUNT_UNVERIFIED,
  SLUG_TAKEN: () => adminMessages.coverage.slugTaken,
  HAS_APPOINTMENTS: () => adminMessages.coverage.hasAppointments,
  LAST_ACTIVE_SERVICE: () => adminMessages.services.lastActive,
  ORDER_CLOSED: () => adminMessages.restock.closed,
  REASON_REQUIRED: () => application.REASON_REQUIRED,
  CODE_TAKEN: () => promoAdmin.codeTaken,
  RENAME_USED: () => promoAdmin.renameUsed,
  MAX_USES_BELOW_USES: (error) => promoAdmin.maxUsesBelowUses(error.count ?? 0),
  OVERLAP: () => franchiseeMessages.availability.overlap,
  END_BEFORE_START: () => franchiseeMessages.availability.endAfterStart,
  QUANTITY_TOO_HIGH: () => franchiseeMessages.restock.quantityTooHigh(RESTOCK_LIMITS.quantity),
  UNKNOWN_VEHICLE: () => vehiclesMessages.unknownVehicle,
  VEHICLE_LIMIT: () => vehiclesMessages.limit(VEHICLES_MAX),
  INSUFFICIENT_POINTS: () => clientMessages.rewards.insufficientPoints,
  WRONG_PASSWORD: () => clientMessages.account.wrongPassword,
  NO_PHONE: () => phone.noPhone,
  PHONE_ALREADY_VERIFIED: () => phone.alreadyVerified,
  SMS_REFUSED: () => phone.smsRefused,
  PHONE_CODE_MISSING: () => phone.noCode,
  PHONE_CODE_EXPIRED: () => phone.expired,
  PHONE_CODE_EXHAUSTED: () => phone.tooManyAttempts,
  PHONE_CODE_WRONG: () => phone.wrongCode,
  FILE_TYPE: () => photos.fileType,
  FILE_TOO_LARGE: () => photos.fileTooLarge(PHOTO_MAX_BYTES / (1024 * 1024)),
  FILE_TOO_SMALL: () => photos.fileTooSmall(PHOTO_MIN_WIDTH),
  FILE_TOO_BIG: () => photos.fileTooBig,
  FILE_UNREADABLE: () => photos.fileUnreadable,
  UNKNOWN: () => messages.errors.generic,
};

/** The French text of an expected failure: the page's words for its code, else the catalogue's. */
export function errorText(error: AppError, texts: ErrorTexts = {}): string {
  const own = texts[error.code];
  return typeof own === "function" ? own(error) : (own ?? TEXTS[error.code](error));
}
