/**
 * The one failure type of the use cases (ADR 059): a code from this catalogue, its HTTP status,
 * and what the French answer needs (the field at fault, a detail such as the unknown extras, the
 * wait before retrying). app/server/http turns any failure into the French answer.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  /** Too many sign-ins to one account: slowed for a while (ADR 042). */
  ACCOUNT_SLOWED: 429,
  NOT_AUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  ZONE_NOT_ACTIVE: 409,
  ADDRESS_OUT_OF_ZONE: 422,
  ADDRESS_NOT_LOCATED: 422,
  SLOT_TAKEN: 409,
  SLOT_UNAVAILABLE: 409,
  INVALID_MANAGE_TOKEN: 403,
  TOO_LATE_TO_CHANGE: 409,
  APPOINTMENT_NOT_CHANGEABLE: 409,
  UNKNOWN_UPSELL: 400,
  /** A start or a slot list beyond the booking horizon (ADR 043). */
  BEYOND_BOOKING_HORIZON: 400,
  RATE_LIMITED: 429,
  /** A promo code that does not apply to this booking (ADR 050); the message is the reason. */
  PROMO_CODE_REFUSED: 422,
  /** A gift card that cannot pay this booking (ADR 087); the message is the reason (UNKNOWN, EMPTY, REFUNDED). */
  GIFT_CARD_REFUSED: 422,
  /** A gift card's purchase that cannot be refunded (ADR 087); the message is the reason (USED, REFUNDED, UNPAID). */
  GIFT_CARD_NOT_REFUNDABLE: 409,
  /** A membership step refused (ADR 095); the message is the French reason. */
  MEMBERSHIP_REFUSED: 409,
  /** A booking request key (Idempotency-Key, the wizard form's key) already used for another request (ADR 068). */
  /** A shop line short of stock (ADR 094); the message is the product's name. */
  SHOP_OUT_OF_STOCK: 409,
  /** A shop order or return that cannot be (ADR 094); the message is the reason (EMPTY_CART, NO_NEXT_WASH, DELIVERY_NOT_OFFERED, RETURN_CLOSED). */
  SHOP_REFUSED: 422,
  REQUEST_KEY_REUSED: 422,
  /** The same slot, contact, zone and cars booked minutes ago with other details (ADR 068). */
  DUPLICATE_BOOKING: 409,
  // Franchise applications
  EMAIL_ALREADY_EXISTS: 409,
  ALREADY_APPLIED: 409,
  INVALID_SIGNATURE: 422,
  SIGNATURE_UPLOAD_FAILED: 503,
  /** The candidate's photo could not be stored (ADR 076). */
  PHOTO_UPLOAD_FAILED: 503,
  // Back office (formerly AdminError): the page changed under the admin.
  /** An application's step changed meanwhile. */
  TRANSITION: 409,
  ZONE_TAKEN: 409,
  ZONE_NOT_FOUND: 409,
  ADMIN_ACCOUNT: 409,
  EMAIL_UNVERIFIED: 409,
  ACCOUNT_UNVERIFIED: 409,
  SLUG_TAKEN: 409,
  HAS_APPOINTMENTS: 409,
  LAST_ACTIVE_SERVICE: 409,
  ORDER_CLOSED: 409,
  /** A new promo code, or a new name, that another code already has (ADR 057). */
  CODE_TAKEN: 409,
  /** A used promo code cannot change its name. */
  RENAME_USED: 409,
  /** A promo code's cap below its uses so far; `count` is the uses. */
  MAX_USES_BELOW_USES: 409,
  /** A refused application needs its reason (ADR 056). */
  REASON_REQUIRED: 400,
  // Franchisee tools: a team member's weekly range.
  /** The range overlaps another of the same member on the same day (ADR 020). */
  OVERLAP: 409,
  END_BEFORE_START: 409,
  /** A restock line above the per-item limit. */
  QUANTITY_TOO_HIGH: 400,
  // Client space
  /** A size class or saved vehicle that is not there, or not the customer's (ADR 085). */
  UNKNOWN_VEHICLE: 400,
  /** A customer keeps at most VEHICLES_MAX saved vehicles (ADR 085). */
  VEHICLE_LIMIT: 409,
  INSUFFICIENT_POINTS: 409,
  /** The current password, checked again before a change or the account's deletion. */
  WRONG_PASSWORD: 400,
  /** Phone verification (ADR 043): no phone in the profile, already verified, SMS refused. */
  NO_PHONE: 400,
  PHONE_ALREADY_VERIFIED: 409,
  SMS_REFUSED: 422,
  /** A typed phone code: none pending, expired, attempts used up, wrong. */
  PHONE_CODE_MISSING: 400,
  PHONE_CODE_EXPIRED: 400,
  PHONE_CODE_EXHAUSTED: 400,
  PHONE_CODE_WRONG: 400,
  // Uploaded photos (formerly PhotoError); `field` names the file at fault.
  FILE_TYPE: 422,
  FILE_TOO_LARGE: 422,
  FILE_TOO_SMALL: 422,
  FILE_TOO_BIG: 422,
  FILE_UNREADABLE: 422,
  UNKNOWN: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorOptions {
  /** The form field at fault, when the answer shows the error beside it. */
  field?: string;
  /** Seconds before a retry may succeed (RATE_LIMITED): the Retry-After header. */
  retryAfterSeconds?: number;
  /** How many things stand in the way (HAS_APPOINTMENTS, MAX_USES_BELOW_USES), for the text. */
  count?: number;
  cause?: unknown;
}

export class AppError extends Error {
  readonly status: number;
  readonly field?: string;
  readonly retryAfterSeconds?: number;
  readonly count?: number;
  constructor(
    readonly code: ErrorCode,
    /** The code, or a detail the French text quotes (the unknown extras, a promo refusal reason). */
    message: string = code,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.count = options.count;
  }
}

/**
 * Whether `error` is an AppError with one of `codes` (any code when none is named): for the few
 * pages whose answer is genuinely different (a 404 page, a lost slot); the rest use failureOf.
 */
export function hasCode(error: unknown, ...codes: ErrorCode[]): error is AppError {
  return error instanceof AppError && (codes.length === 0 || codes.includes(error.code));
}
