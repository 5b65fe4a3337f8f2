import { parsePostalCode } from "~/domain/geo/postal-code";
import { messages } from "~/lib/messages.fr";
import { waitlistMessages } from "~/lib/messages/waitlist.fr";
import { refuseNul, z } from "~/lib/zod-fr";

const v = messages.validation;
const w = waitlistMessages.errors;

/** Longest accepted value of each field, in characters. */
export const WAITLIST_LIMITS = { email: 254, postalCode: 20 } as const;

/** Hidden from people and assistive tech; bots fill it in: such a submission is dropped. */
export const WAITLIST_HONEYPOT_FIELD = "website";

/**
 * 'Prévenez-moi quand vous desservirez mon secteur' (ADR 046): an e-mail, a postal code, and the
 * express consent box, never ticked in advance and required (the e-mail it asks for is commercial).
 */
export const WaitlistFormSchema = z.object({
  email: refuseNul(
    z
      .string({ error: v.emailRequired })
      .trim()
      .min(1, v.emailRequired)
      .max(WAITLIST_LIMITS.email, v.tooLong(WAITLIST_LIMITS.email)),
  )
    .pipe(z.email(v.emailInvalid))
    .transform((email) => email.toLowerCase()),
  postalCode: z
    .string({ error: w.postalCodeRequired })
    .trim()
    .min(1, w.postalCodeRequired)
    .max(WAITLIST_LIMITS.postalCode, { error: w.postalCodeInvalid, abort: true })
    .transform((value, ctx) => {
      const code = parsePostalCode(value);
      if (!code) {
        ctx.addIssue({ code: "custom", message: w.postalCodeInvalid });
        return z.NEVER;
      }
      return code;
    }),
  consent: z.literal("on", { error: w.consentRequired }),
});
export type WaitlistForm = z.infer<typeof WaitlistFormSchema>;
