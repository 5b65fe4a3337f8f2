import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { phoneVerifications, users } from "#db/schema";
import {
  checkPhoneCode,
  isPhoneVerified,
  newPhoneCode,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_TTL_MS,
  type PhoneCodeCheck,
} from "~/domain/account/phone-verification";
import { toE164 } from "~/domain/messaging/consent";
import { AppError, type ErrorCode } from "~/lib/errors";
import type { Db } from "../../db.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";
import { acceptedKeys, purposeKey, signedWithAny } from "../../security/keys.server";
import { queueSms } from "../messaging/sms.server";
import { loadClient } from "./client-owner.server";
import { clientMessages } from "~/lib/messages/client.fr";

/** Codes one account may ask for: a typo and a retry, not an SMS flood. */
export const PHONE_CODE_ACCOUNT_LIMIT = { max: 3, windowSeconds: 15 * 60 } as const satisfies RateLimitRule;
/** Codes one phone number may receive in a day, whatever the account asking. */
export const PHONE_CODE_NUMBER_LIMIT = {
  max: 5,
  windowSeconds: 24 * 60 * 60,
} as const satisfies RateLimitRule;

/** HMAC of the code with the "phone-code" key (ADR 101), bound to the account and the number. */
function codeHash(key: Buffer, userId: string, phone: string, code: string): string {
  return crypto.createHmac("sha256", key).update(`${userId}:${phone}:${code}`).digest("base64url");
}

/**
 * Sends a new code by SMS to the signed-in client's phone (ADR 043): any earlier code is
 * replaced. Limited per account and per number (rate-limit.server.ts). Refused: NO_PHONE,
 * PHONE_ALREADY_VERIFIED, RATE_LIMITED, SMS_REFUSED. Returns the profile's phone.
 */
export async function sendPhoneCode(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<{ phone: string }> {
  const owner = await loadClient(db, userId);
  const phone = owner.phone ? toE164(owner.phone) : null;
  if (!phone) throw new AppError("NO_PHONE");
  if (isPhoneVerified(owner.phone, owner.verifiedPhone)) throw new AppError("PHONE_ALREADY_VERIFIED");
  for (const [key, rule] of [
    [`phone-code:user:${userId}`, PHONE_CODE_ACCOUNT_LIMIT],
    [`phone-code:number:${phone}`, PHONE_CODE_NUMBER_LIMIT],
  ] as const) {
    if (!(await hitRateLimit(db, key, rule)).allowed) throw new AppError("RATE_LIMITED");
  }
  const code = newPhoneCode(crypto.randomInt);
  const hash = codeHash(await purposeKey(db, "phone-code"), userId, phone, code);
  const expiresAt = new Date(now.getTime() + PHONE_CODE_TTL_MS);
  const queued = await db.transaction(async (tx) => {
    await tx
      .insert(phoneVerifications)
      .values({ userId, phone, codeHash: hash, expiresAt, attempts: 0, createdAt: now })
      .onConflictDoUpdate({
        target: phoneVerifications.userId,
        set: { phone, codeHash: hash, expiresAt, attempts: 0, createdAt: now },
      });
    return queueSms(tx, {
      phone,
      body: clientMessages.phoneVerification.sms(code),
      category: "verification",
      now,
    });
  });
  if (queued.status !== "queued") throw new AppError("SMS_REFUSED");
  return { phone: owner.phone! };
}

/** The AppError code of a refused typed code. */
const CODE_REFUSAL: Record<Exclude<PhoneCodeCheck, "ok">, ErrorCode> = {
  NO_CODE: "PHONE_CODE_MISSING",
  EXPIRED: "PHONE_CODE_EXPIRED",
  TOO_MANY_ATTEMPTS: "PHONE_CODE_EXHAUSTED",
  WRONG_CODE: "PHONE_CODE_WRONG",
};

/**
 * Checks a typed code against the pending one: the right code (not expired, within the
 * attempts, sent to the profile's current number) verifies the number and is spent; a wrong one
 * counts an attempt. Refused: PHONE_CODE_MISSING, PHONE_CODE_EXPIRED, PHONE_CODE_EXHAUSTED,
 * PHONE_CODE_WRONG.
 */
export async function confirmPhoneCode(
  db: Db,
  { userId, code, now = new Date() }: { userId: string; code: string; now?: Date },
): Promise<void> {
  const owner = await loadClient(db, userId);
  const [pending] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  // A code sent in the 10 minutes before ADR 101 was hashed with the old key: both are accepted.
  const matches =
    !!pending &&
    signedWithAny(await acceptedKeys(db, "phone-code"), pending.codeHash, (key) =>
      codeHash(key, userId, pending.phone, code),
    );
  const outcome = checkPhoneCode(pending ?? null, { currentPhone: owner.phone, matches, now });
  if (outcome === "WRONG_CODE") {
    // Counted atomically: parallel guesses cannot share one attempt.
    await db
      .update(phoneVerifications)
      .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
      .where(eq(phoneVerifications.userId, userId));
  }
  if (outcome !== "ok") throw new AppError(CODE_REFUSAL[outcome]);
  const spent = await db.transaction(async (tx) => {
    // Only one request spends the code, and only if no wrong guess used the last attempt meanwhile.
    const deleted = await tx
      .delete(phoneVerifications)
      .where(
        sql`${phoneVerifications.userId} = ${userId} and ${phoneVerifications.codeHash} = ${pending!.codeHash} and ${phoneVerifications.attempts} < ${PHONE_CODE_MAX_ATTEMPTS}`,
      )
      .returning({ phone: phoneVerifications.phone });
    if (deleted.length === 0) return false;
    await tx.update(users).set({ verifiedPhone: pending!.phone, updatedAt: now }).where(eq(users.id, userId));
    return true;
  });
  if (!spent) throw new AppError("PHONE_CODE_MISSING");
}
