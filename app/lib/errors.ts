/** Error codes of the use cases; routes turn them into French text and HTTP statuses. */
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
  // Franchise applications
  EMAIL_ALREADY_EXISTS: 409,
  ALREADY_APPLIED: 409,
  INVALID_SIGNATURE: 422,
  SIGNATURE_UPLOAD_FAILED: 503,
  UNKNOWN: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}
