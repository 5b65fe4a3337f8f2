import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/min";

/**
 * Numbers already read, by what was typed (null: not a possible number). Reading one looks for its
 * country among the 25 of +1 (~20-30 µs), and the back office's lists show the same customers'
 * numbers on every view (ADR 054; scripts/bench-measurements.md, ninth pass). Bounded: emptied when full.
 */
const readNumbers = new Map<string, PhoneNumber | null>();
const READ_NUMBERS_LIMIT = 1000;

function read(raw: string): PhoneNumber | null {
  const known = readNumbers.get(raw);
  if (known !== undefined) return known;
  const parsed = parsePhoneNumberFromString(raw, "CA");
  const number = parsed && parsed.isPossible() ? parsed : null;
  if (readNumbers.size >= READ_NUMBERS_LIMIT) readNumbers.clear();
  readNumbers.set(raw, number);
  return number;
}

/**
 * The one way the app shows a phone number (ADR 052): a North American number as
 * `450 555-0142` (Quebec usage), another country's in its international form; what cannot be
 * read as a number is shown as typed. libphonenumber-js parses; only the NANP layout is ours.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return "";
  const parsed = read(raw);
  if (!parsed) return raw.trim();
  if (parsed.countryCallingCode === "1") {
    const digits = parsed.nationalNumber;
    if (digits.length === 10) return `${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  return parsed.formatInternational();
}

/** The E.164 form for `tel:` and `sms:` links (`+14505550142`), or null when unreadable. */
export function phoneHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  return read(raw)?.number ?? null;
}
