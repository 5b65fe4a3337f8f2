/** Codes of the admin use cases; the pages turn them into French text (adminMessages, app/lib/messages/admin.fr.ts). */
export const ADMIN_ERROR_STATUS = {
  NOT_FOUND: 404,
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
  EMAIL_TAKEN: 409,
  REASON_REQUIRED: 400,
} as const;

export type AdminErrorCode = keyof typeof ADMIN_ERROR_STATUS;

export class AdminError extends Error {
  readonly status: number;
  constructor(readonly code: AdminErrorCode) {
    super(code);
    this.name = "AdminError";
    this.status = ADMIN_ERROR_STATUS[code];
  }
}
