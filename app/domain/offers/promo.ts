/**
 * Promo codes, referral codes and win-back offers (ADR 050): the rules that need no database.
 * Money in integer cents (ADR 004); the discount comes off before the taxes (pricing.ts).
 */

export type PromoKind = "percent" | "fixed";
export type PromoCampaign = "admin" | "referral" | "winback" | "thankyou";
/** The campaigns in the order the admin reads them. */
export const PROMO_CAMPAIGNS = [
  "admin",
  "referral",
  "winback",
  "thankyou",
] as const satisfies readonly PromoCampaign[];

/** What the friend of a referral gets off a first booking, in cents (10 $). */
export const REFERRAL_DISCOUNT_CENTS = 1_000;
/** What the referrer earns when that booking is completed. */
export const REFERRAL_POINTS = 100;
/** The win-back offer: this percentage off, valid this many days, after this many days without a wash. */
export const WINBACK_PERCENT = 15;
export const WINBACK_VALID_DAYS = 30;
export const WINBACK_DEFAULT_DAYS = 60;
export const WINBACK_MIN_DAYS = 14;
export const WINBACK_MAX_DAYS = 365;

/**
 * The thank-you offer after a wash (ADR 057): its defaults, until the admin sets them. It goes
 * THANKYOU_DELAY_MINUTES after the review request, so the two messages do not arrive together.
 */
export interface ThankYouSettings {
  enabled: boolean;
  kind: PromoKind;
  /** percent: 1 to 100; fixed: cents. */
  value: number;
  validDays: number;
}
export const THANKYOU_DEFAULTS: ThankYouSettings = {
  enabled: true,
  kind: "percent",
  value: 10,
  validDays: 60,
};
export const THANKYOU_MIN_VALID_DAYS = 7;
export const THANKYOU_MAX_VALID_DAYS = 365;
export const THANKYOU_DELAY_MINUTES = 24 * 60;

/** How many codes of a campaign the admin's page lists, newest first. */
export const CODES_LISTED = 100;

/** Letters, digits and dashes, 3 to 32 characters, once upper-cased. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
export const PROMO_CODE_MAX_LENGTH = 32;

/** How people type a code: case and spaces do not matter. */
export function normalizePromoCode(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/**
 * The amount a code takes off a subtotal, in cents: a percentage rounded half up to the cent, or
 * a fixed amount; never more than the subtotal.
 */
export function discountCents(code: { kind: PromoKind; value: number }, subtotalCents: number): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
    throw new RangeError(`subtotalCents must be a non-negative integer, got ${subtotalCents}`);
  }
  if (!Number.isSafeInteger(code.value) || code.value <= 0) {
    throw new RangeError(`a code's value must be a positive integer, got ${code.value}`);
  }
  const raw =
    code.kind === "percent"
      ? Math.floor((2 * subtotalCents * Math.min(code.value, 100) + 100) / 200)
      : code.value;
  return Math.min(raw, subtotalCents);
}

/** Why a code cannot be used for this booking. */
export type PromoRefusal =
  | "UNKNOWN"
  | "INACTIVE"
  | "NOT_STARTED"
  | "EXPIRED"
  | "EXHAUSTED"
  | "ZONE"
  | "MIN_CARS"
  | "FIRST_BOOKING_ONLY"
  | "ALREADY_USED"
  | "NOT_YOURS"
  | "OWN_REFERRAL";

export interface PromoCodeRules {
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  usesCount: number;
  oncePerCustomer: boolean;
  zoneIds: readonly string[];
  minCars: number;
  firstBookingOnly: boolean;
  /** A personal code: only this (lower-cased) e-mail may use it. */
  recipientEmail: string | null;
}

export interface PromoBookingFacts {
  now: Date;
  zoneId: string;
  cars: number;
  /** The customer's e-mail (lower-case). */
  email: string;
  /** The customer already has a booking that was not cancelled (by e-mail or phone). */
  hasEarlierBooking: boolean;
  /** The customer already used this code (by e-mail or phone). */
  usedByCustomer: boolean;
  /** A referral code whose referrer has this customer's e-mail, phone or address. */
  isOwnReferral: boolean;
}

/** The first rule the booking breaks, or null when the code applies. */
export function promoRefusal(code: PromoCodeRules, facts: PromoBookingFacts): PromoRefusal | null {
  if (!code.isActive) return "INACTIVE";
  if (code.startsAt && facts.now < code.startsAt) return "NOT_STARTED";
  if (code.endsAt && facts.now >= code.endsAt) return "EXPIRED";
  // An empty e-mail is a preview before the customer typed it: the personal rules wait for the booking.
  if (code.recipientEmail && facts.email && code.recipientEmail.toLowerCase() !== facts.email.toLowerCase())
    return "NOT_YOURS";
  if (facts.isOwnReferral) return "OWN_REFERRAL";
  if (code.maxUses !== null && code.usesCount >= code.maxUses) return "EXHAUSTED";
  if (code.zoneIds.length > 0 && !code.zoneIds.includes(facts.zoneId)) return "ZONE";
  if (facts.cars < code.minCars) return "MIN_CARS";
  if (code.firstBookingOnly && facts.hasEarlierBooking) return "FIRST_BOOKING_ONLY";
  if (code.oncePerCustomer && facts.usedByCustomer) return "ALREADY_USED";
  return null;
}

/**
 * Unit designators and the unit that follows them ("app. 1", "apt 2B", "#3", "unité 4",
 * "suite 200", "bureau 5", "logement 2"), once accents are gone and the text is lower case.
 */
const UNIT =
  /(?:\b(?:appartement|app|apt|unite|unit|suite|bureau|logement)\b\.?|#)\s*[-:]?\s*(?:no\.?\s*)?(?:\d[a-z0-9]{0,5}|[a-z]\d{0,5})\b/g;
/** A unit written before the civic number, Quebec style: "4-123 rue Principale". */
const UNIT_BEFORE_NUMBER = /^\s*[a-z0-9]{1,5}\s*-\s*(?=\d)/;

/**
 * The key a street address is compared by (ADR 068): the building, not the unit. Case, accents,
 * punctuation and spaces do not matter, nor a unit ("app 1", "#3", "4-123 ...").
 */
export function addressKey(address: string): string {
  return address
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(UNIT, " ")
    .replace(UNIT_BEFORE_NUMBER, "")
    .replace(/[^a-z0-9]+/g, "");
}

/** Two street addresses of the same building (`addressKey`); an empty one matches nothing. */
export function sameAddress(a: string, b: string): boolean {
  const key = addressKey(a);
  return key !== "" && key === addressKey(b);
}

/** A new random code: prefix and 8 characters without look-alikes (no 0, 1, I or O). */
export function randomPromoCode(prefix: string, randomBytes: (n: number) => Uint8Array): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  const bytes = randomBytes(8);
  let out = "";
  // 32 letters: the low five bits of each byte are uniform.
  for (const byte of bytes) out += alphabet[byte & 31];
  return `${prefix}-${out}`;
}

/** The admin's figures of a campaign or a code (ADR 057), computed in promo-figures.server.ts. */
export interface OfferFigures {
  sent: number | null;
  used: number;
  bookings: number;
  revenueCents: number;
  discountCents: number;
}

export interface AdminPromoCode extends OfferFigures {
  id: string;
  code: string;
  campaign: PromoCampaign;
  kind: "percent" | "fixed";
  value: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  usesCount: number;
  oncePerCustomer: boolean;
  firstBookingOnly: boolean;
  zoneNames: string[];
  minCars: number;
  isActive: boolean;
  /** A personal code's recipient (win-back, thank-you). */
  recipientEmail: string | null;
}
