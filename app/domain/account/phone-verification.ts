/**
 * Verification of a client's phone number by an SMS code (ADR 043): until the number is
 * verified, it gives access to nothing recorded under it (consent history, export).
 */
import { toE164 } from "~/domain/messaging/consent";
import { z } from "~/lib/zod-fr";
import { clientMessages } from "~/lib/messages/client.fr";

/** Digits of a code. */
export const PHONE_CODE_LENGTH = 6;
/** How long a code may be used. */
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes accepted before the code is spent (a new one must be asked for). */
export const PHONE_CODE_MAX_ATTEMPTS = 5;

/** A uniformly random code of PHONE_CODE_LENGTH digits, from `randomInt(max)` (crypto.randomInt). */
export function newPhoneCode(randomInt: (max: number) => number): string {
  return String(randomInt(10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
}

/** The code as typed: spaces and dashes ignored, exactly PHONE_CODE_LENGTH digits. */
export const PhoneCodeSchema = z.object({
  code: z
    .string({ error: clientMessages.phoneVerification.codeRequired })
    .max(20, { error: clientMessages.phoneVerification.codeFormat, abort: true })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, clientMessages.phoneVerification.codeRequired)
        .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), clientMessages.phoneVerification.codeFormat),
    ),
});

/** Whether the profile's phone is the number the account verified (both compared in E.164). */
export function isPhoneVerified(phone: string | null, verifiedPhone: string | null): boolean {
  if (!phone || !verifiedPhone) return false;
  return toE164(phone) === verifiedPhone;
}

export type PhoneCodeCheck = "ok" | "NO_CODE" | "EXPIRED" | "TOO_MANY_ATTEMPTS" | "WRONG_CODE";

/**
 * The outcome of a typed code against the pending one: `matches` says whether the hashes agree.
 * A code sent to another number than the profile's (changed since) counts as no code.
 */
export function checkPhoneCode(
  pending: { phone: string; expiresAt: Date; attempts: number } | null,
  { currentPhone, matches, now }: { currentPhone: string | null; matches: boolean; now: Date },
): PhoneCodeCheck {
  if (!pending || !currentPhone || toE164(currentPhone) !== pending.phone) return "NO_CODE";
  if (pending.attempts >= PHONE_CODE_MAX_ATTEMPTS) return "TOO_MANY_ATTEMPTS";
  if (now.getTime() >= pending.expiresAt.getTime()) return "EXPIRED";
  return matches ? "ok" : "WRONG_CODE";
}
