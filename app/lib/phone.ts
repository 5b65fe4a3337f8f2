import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * The one way the app shows a phone number (ADR 052): a North American number as
 * `450 555-0142` (Quebec usage), another country's in its international form; what cannot be
 * read as a number is shown as typed. libphonenumber-js parses; only the NANP layout is ours.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return "";
  const parsed = parsePhoneNumberFromString(raw, "CA");
  if (!parsed || !parsed.isPossible()) return raw.trim();
  if (parsed.countryCallingCode === "1") {
    const digits = parsed.nationalNumber;
    if (digits.length === 10) return `${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  return parsed.formatInternational();
}

/** The E.164 form for `tel:` and `sms:` links (`+14505550142`), or null when unreadable. */
export function phoneHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const parsed = parsePhoneNumberFromString(raw, "CA");
  return parsed && parsed.isPossible() ? parsed.number : null;
}
