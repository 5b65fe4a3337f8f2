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
import { resolveAuthSecret } from "../../auth.server";
import type { Db } from "../../db.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";
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

/** HMAC of the code with a key derived from the app secret, bound to the account and the number. */
async function hashCode(db: Db, userId: string, phone: string, code: string): Promise<string> {
  const secret = await resolveAuthSecret(db);
  const key = crypto.createHmac("sha256", secret).update("phone-code-v1").digest();
  return crypto.createHmac("sha256", key).update(`${userId}:${phone}:${code}`).digest("base64url");
}

export type SendPhoneCodeResult =
  | { ok: true; phone: string }
  | { ok: false; code: "NO_PHONE" | "ALREADY_VERIFIED" | "RATE_LIMITED" | "SMS_REFUSED" };

/**
 * Sends a new code by SMS to the signed-in client's phone (ADR 043): any earlier code is
 * replaced. Limited per account and per number (rate-limit.server.ts).
 */
export async function sendPhoneCode(
  db: Db,
  { userId, now = new Date() }: { userId: string; now?: Date },
): Promise<SendPhoneCodeResult> {
  const owner = await loadClient(db, userId);
  const phone = owner.phone ? toE164(owner.phone) : null;
  if (!phone) return { ok: false, code: "NO_PHONE" };
  if (isPhoneVerified(owner.phone, owner.verifiedPhone)) return { ok: false, code: "ALREADY_VERIFIED" };
  for (const [key, rule] of [
    [`phone-code:user:${userId}`, PHONE_CODE_ACCOUNT_LIMIT],
    [`phone-code:number:${phone}`, PHONE_CODE_NUMBER_LIMIT],
  ] as const) {
    if (!(await hitRateLimit(db, key, rule)).allowed) return { ok: false, code: "RATE_LIMITED" };
  }
  const code = newPhoneCode(crypto.randomInt);
  const codeHash = await hashCode(db, userId, phone, code);
  const expiresAt = new Date(now.getTime() + PHONE_CODE_TTL_MS);
  const queued = await db.transaction(async (tx) => {
    await tx
      .insert(phoneVerifications)
      .values({ userId, phone, codeHash, expiresAt, attempts: 0, createdAt: now })
      .onConflictDoUpdate({
        target: phoneVerifications.userId,
        set: { phone, codeHash, expiresAt, attempts: 0, createdAt: now },
      });
    return queueSms(tx, {
      phone,
      body: clientMessages.phoneVerification.sms(code),
      category: "verification",
      now,
    });
  });
  if (queued.status !== "queued") return { ok: false, code: "SMS_REFUSED" };
  return { ok: true, phone: owner.phone! };
}

export type ConfirmPhoneCodeResult = { ok: true } | { ok: false; code: Exclude<PhoneCodeCheck, "ok"> };

/**
 * Checks a typed code against the pending one: the right code (not expired, within the
 * attempts, sent to the profile's current number) verifies the number and is spent; a wrong one
 * counts an attempt.
 */
export async function confirmPhoneCode(
  db: Db,
  { userId, code, now = new Date() }: { userId: string; code: string; now?: Date },
): Promise<ConfirmPhoneCodeResult> {
  const owner = await loadClient(db, userId);
  const [pending] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  const expected = Buffer.from(pending ? await hashCode(db, userId, pending.phone, code) : "");
  const stored = Buffer.from(pending?.codeHash ?? "");
  const matches = !!pending && expected.length === stored.length && crypto.timingSafeEqual(expected, stored);
  const outcome = checkPhoneCode(pending ?? null, { currentPhone: owner.phone, matches, now });
  if (outcome === "WRONG_CODE") {
    // Counted atomically: parallel guesses cannot share one attempt.
    await db
      .update(phoneVerifications)
      .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
      .where(eq(phoneVerifications.userId, userId));
    return { ok: false, code: outcome };
  }
  if (outcome !== "ok") return { ok: false, code: outcome };
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
  return spent ? { ok: true } : { ok: false, code: "NO_CODE" };
}
