/**
 * SMS rules as pure functions (ADR 014): the carrier keywords, the promotional monthly cap and
 * the rule for transactional messages after STOP.
 */
import { BUSINESS_TIME_ZONE, zonedWallTimeToInstant, localDate } from "~/domain/time/zoned";

export type SmsKeywordAction = "stop" | "start" | "help";

export interface SmsKeyword {
  action: SmsKeywordAction;
}

/**
 * Keywords by their upper-case, accent-free form. The Canadian carriers require STOP, ARRET,
 * HELP, AIDE and INFO; START and DEBUT resubscribe (the terms), and the usual English synonyms
 * of STOP also unsubscribe. Every answer is in French, then English (the spec).
 */
const KEYWORDS: Record<string, SmsKeywordAction> = {
  STOP: "stop",
  STOPALL: "stop",
  UNSUBSCRIBE: "stop",
  CANCEL: "stop",
  END: "stop",
  QUIT: "stop",
  ARRET: "stop",
  START: "start",
  UNSTOP: "start",
  DEBUT: "start",
  HELP: "help",
  AIDE: "help",
  INFO: "help",
};

/**
 * The keyword of an inbound message, in any case, accents and surrounding spaces ignored
 * ('  arrêt ' is ARRET, 'début' is DEBUT); null when the message is anything else (a keyword
 * must be the whole text).
 */
export function parseSmsKeyword(body: string): SmsKeyword | null {
  const word = body
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .replace(/[.!]+$/, "")
    .toUpperCase();
  return Object.hasOwn(KEYWORDS, word) ? { action: KEYWORDS[word]! } : null;
}

/** One reply to a keyword: the French text, then the English one (the spec: French first). */
export function bilingualSmsReply(text: { fr: string; en: string }): string {
  return `${text.fr}\n\n${text.en}`;
}

/** Promotional SMS allowed per phone number per calendar month (the terms). */
export const PROMOTIONAL_SMS_PER_MONTH = 4;

/** The calendar month (America/Toronto) that contains `instant`: [start, end). */
export function torontoMonth(
  instant: Date,
  timeZone: string = BUSINESS_TIME_ZONE,
): { start: Date; end: Date } {
  const [year, month] = localDate(instant, timeZone).split("-").map(Number) as [number, number];
  const first = (y: number, m: number) => `${y}-${String(m).padStart(2, "0")}-01`;
  const next = month === 12 ? first(year + 1, 1) : first(year, month + 1);
  return {
    start: zonedWallTimeToInstant(first(year, month), "00:00:00", timeZone),
    end: zonedWallTimeToInstant(next, "00:00:00", timeZone),
  };
}

/** True while the cap leaves room: `sentThisMonth` promotional SMS already queued or sent. */
export function promotionalSmsAllowed(sentThisMonth: number): boolean {
  return sentThisMonth < PROMOTIONAL_SMS_PER_MONTH;
}

export interface TransactionalSmsContext {
  /** The booking form's SMS box (appointments.sms_consent). */
  bookingSmsConsent: boolean;
  status: "scheduled" | "completed" | "cancelled" | "no_show";
  startAt: Date;
  /** When given, the booking stays active until its end (the crew's day-of texts, ADR 078). */
  endAt?: Date;
}

export type SmsRefusal = "NO_CONSENT" | "BOOKING_NOT_ACTIVE" | "MONTHLY_CAP" | "INVALID_NUMBER";

/**
 * ADR 014, transactional SMS: only about a booking whose form had the SMS box ticked, and only
 * while that booking is active (scheduled and not yet over: the crew's « en route » text may
 * follow a late start, ADR 078). A STOP does not end them: the terms keep transactional messages for active bookings;
 * a booking made after the STOP has its own box, unticked unless the customer ticks it again.
 */
export function transactionalSmsRefusal(ctx: TransactionalSmsContext, now: Date): SmsRefusal | null {
  if (!ctx.bookingSmsConsent) return "NO_CONSENT";
  const until = ctx.endAt ?? ctx.startAt;
  if (ctx.status !== "scheduled" || until.getTime() <= now.getTime()) return "BOOKING_NOT_ACTIVE";
  return null;
}
