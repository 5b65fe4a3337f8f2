import { dollarsToCents } from "~/domain/payments/tip-form";
import {
  addDaysToDateString,
  BUSINESS_TIME_ZONE,
  zonedWallTimeToInstant,
  localDate,
} from "~/domain/time/zoned";
import { formatMoney } from "~/lib/format";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";
import { refuseNul, z } from "~/lib/zod-fr";

// Gift cards (issue 34, item 5; ADR 087): the code, the purchase form and the delivery instant.
// Pure: no I/O; the clock is an input.

const v = giftCardMessages.validation;

/** Bounds of an amount, in cents: a wash's price at least, and a sum a card can reasonably carry. */
export const GIFT_CARD_MIN_CENTS = 2_500;
export const GIFT_CARD_MAX_CENTS = 100_000;
export const GIFT_CARD_MESSAGE_MAX = 300;
/** The delivery day: today to a year ahead (a job waits that long at most). */
export const GIFT_CARD_DELIVERY_MAX_DAYS = 366;
/** The delivery e-mail leaves at this local time of the chosen day (or at once when it is past). */
export const GIFT_CARD_DELIVERY_TIME = "09:00:00";

/** Crockford's base 32, upper case: no I, L, O or U to misread. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const GIFT_CARD_CODE_LENGTH = 16;

/** A new code from 16 random bytes (80 bits: unguessable, and short enough to type). */
export function giftCardCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < GIFT_CARD_CODE_LENGTH) throw new RangeError("16 random bytes are needed");
  // 256 is a multiple of 32: the low five bits of each byte are uniform.
  return Array.from(bytes.subarray(0, GIFT_CARD_CODE_LENGTH), (byte) => ALPHABET[byte & 31]).join("");
}

/**
 * A typed code as stored: upper case, without spaces and dashes, with the letters people
 * confuse read as Crockford does (O as 0, I and L as 1); null when it cannot be a code.
 */
export function normalizeGiftCardCode(typed: string): string | null {
  const code = typed
    .toUpperCase()
    .replace(/[\s\u00a0-]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  return code.length === GIFT_CARD_CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null;
}

/** The code as people read it: four groups of four, `K7QM-3XDP-9A2B-TV4R`. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** The last four characters, for lists that must not show a whole code. */
export function maskGiftCardCode(code: string): string {
  return `••••-${code.slice(-4)}`;
}

/**
 * When the delivery job runs: 9 h on a later chosen local day; now when the chosen day is today
 * (the buyer asked for today: at once, even before 9 h) or past.
 */
export function deliveryInstant(deliverOn: string, now: Date): Date {
  if (deliverOn <= localDate(now)) return now;
  return zonedWallTimeToInstant(deliverOn, GIFT_CARD_DELIVERY_TIME, BUSINESS_TIME_ZONE);
}

const text = (max: number, required: string) =>
  refuseNul(z.string({ error: required }).trim().min(1, required).max(max, v.tooLong(max)));

const email = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, v.emailRequired)
  .max(254, v.tooLong(254))
  .pipe(z.email(v.emailInvalid))
  .transform((value) => value.toLowerCase());

/** The typed code of a card (the booking's field, the balance check). */
export const GiftCardCodeSchema = z
  .string({ error: v.codeInvalid })
  .max(40, v.codeInvalid)
  .transform((value, ctx) => {
    const code = normalizeGiftCardCode(value);
    if (code === null) {
      ctx.addIssue({ code: "custom", message: v.codeInvalid });
      return z.NEVER;
    }
    return code;
  });

/**
 * The purchase form (the same schema on the page and on the server): an amount in dollars
 * within the bounds, both people, an optional message, and a delivery day from today (the
 * clock's, in Quebec) to a year ahead.
 */
export function giftCardPurchaseSchema(now: Date) {
  const today = localDate(now);
  const last = addDaysToDateString(today, GIFT_CARD_DELIVERY_MAX_DAYS);
  const range = v.amountRange(formatMoney(GIFT_CARD_MIN_CENTS), formatMoney(GIFT_CARD_MAX_CENTS));
  return z.object({
    amount: z
      .string({ error: v.amountRequired })
      .trim()
      .min(1, v.amountRequired)
      .max(20, v.amountInvalid)
      .transform((value, ctx) => {
        const cents = dollarsToCents(value);
        if (cents === null) {
          ctx.addIssue({ code: "custom", message: v.amountInvalid });
          return z.NEVER;
        }
        if (cents < GIFT_CARD_MIN_CENTS || cents > GIFT_CARD_MAX_CENTS) {
          ctx.addIssue({ code: "custom", message: range });
          return z.NEVER;
        }
        return cents;
      }),
    buyerName: text(100, v.nameRequired),
    buyerEmail: email,
    recipientName: text(100, v.nameRequired),
    recipientEmail: email,
    message: refuseNul(z.string().trim().max(GIFT_CARD_MESSAGE_MAX, v.tooLong(GIFT_CARD_MESSAGE_MAX)))
      .optional()
      .transform((value) => (value ? value : null)),
    deliverOn: z
      .string({ error: v.dateRequired })
      .trim()
      .min(1, v.dateRequired)
      .regex(/^\d{4}-\d{2}-\d{2}$/, v.dateInvalid)
      .refine((value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)), v.dateInvalid)
      .refine((value) => value >= today, v.dateInPast)
      .refine((value) => value <= last, v.dateTooFar),
  });
}
export type GiftCardPurchase = z.output<ReturnType<typeof giftCardPurchaseSchema>>;
