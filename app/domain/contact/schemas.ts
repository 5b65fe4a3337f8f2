import { messages } from "~/lib/messages.fr";
import { contactMessages } from "~/lib/messages/contact.fr";
import { refuseNul, z } from "~/lib/zod-fr";

const v = messages.validation;
const c = contactMessages;

/** Longest accepted value of each field, in characters. */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 30, message: 5000 } as const;

/** The fields the spec requires: a message without one of them gets 'Champs requis'. */
export const CONTACT_REQUIRED_FIELDS = ["name", "email", "message"] as const;

/**
 * A field people never see (hidden from view and from assistive tech) that bots fill in: a
 * submission with a value in it is dropped.
 */
export const CONTACT_HONEYPOT_FIELD = "website";

/** True when one of name, email or message is absent or blank in the submitted values. */
export function hasMissingRequiredField(values: Readonly<Record<string, unknown>>): boolean {
  return CONTACT_REQUIRED_FIELDS.some((name) => {
    const value = values[name];
    return typeof value !== "string" || value.trim() === "";
  });
}

/**
 * A phone number as people type it: digits with spaces, dots, dashes, parentheses, an optional
 * leading +, and an optional extension ('poste 12', 'ext. 12', 'x12'); 7 to 15 digits before it.
 */
function isPhoneNumber(value: string): boolean {
  const match = /^(\+?[\d\s().-]+?)(?:\s*(?:poste|ext\.?|x)\s*\d{1,6})?$/i.exec(value);
  if (!match?.[1]) return false;
  const digits = match[1].replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15;
}

/** A NUL byte cannot be stored in PostgreSQL text: refused like any other invalid value. */
const text = (required: string, max: number) =>
  refuseNul(z.string({ error: required }).trim().min(1, required).max(max, v.tooLong(max)));

/** A message of the contact form (docs/product.md, sections 3 and 5), checked in the browser and on the server. */
export const ContactMessageSchema = z.object({
  name: text(c.nameRequired, CONTACT_LIMITS.name),
  email: text(v.emailRequired, CONTACT_LIMITS.email).pipe(z.email(v.emailInvalid)),
  phone: z
    .string()
    .trim()
    // abort: a value too long is not scanned by the pattern.
    .max(CONTACT_LIMITS.phone, { error: v.tooLong(CONTACT_LIMITS.phone), abort: true })
    .refine(isPhoneNumber, c.phoneInvalid)
    .optional(),
  message: text(c.messageRequired, CONTACT_LIMITS.message),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;
