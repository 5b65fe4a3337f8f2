/**
 * Account pre-hijacking (issue 29 item 2, ADR 066). Anyone can sign up with someone else's
 * address and a password of their choosing; the confirmation link only proves who reads that
 * mailbox, not who chose the password. So, when an account is confirmed for the first time:
 * - in the browser that signed up (it holds this module's cookie, bound to the account and to
 *   the password chosen there), the password stays: the same person chose it and read the mail;
 * - anywhere else, the password chosen at sign-up is erased and every session of the account
 *   ends; the link still signs its reader in, and /auth sends them to choose their password
 *   (/auth/choose-password). The guest bookings of the address then belong to the only person
 *   who can get in: the one who reads the mail.
 */
import crypto from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { and, eq, isNotNull } from "drizzle-orm";
import { accounts, sessions, users } from "#db/schema";
import type { Db } from "../../db.server";
import { acceptedKeysOf, purposeKeyOf, signedWithAny } from "../../security/keys.server";

/** The cookie the sign-up's answer sets: `<user id>.<HMAC of the id and the password's hash>`. */
export const SIGN_UP_COOKIE = "lmp_sign_up";
/** As long as the confirmation link works (VERIFY_EMAIL_TOKEN_SECONDS). */
export const SIGN_UP_COOKIE_SECONDS = 24 * 60 * 60;

async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password ?? null;
}

/** The cookie's HMAC, with the "sign-up-browser" key (ADR 101). */
function tag(key: Buffer, userId: string, passwordHash: string): string {
  return crypto
    .createHmac("sha256", key)
    .update(`sign-up-browser-v1:${userId}:${passwordHash}`)
    .digest("base64url");
}

/**
 * The cookie value for the browser that has just created `userId`, or null when that account
 * does not exist (the sign-up of an address that already had one: nothing was created).
 */
export async function signUpCookieValue(db: Db, secret: string, userId: string): Promise<string | null> {
  const [user] = await db.select({ verified: users.emailVerified }).from(users).where(eq(users.id, userId));
  if (!user || user.verified) return null;
  const hash = await passwordHashOf(db, userId);
  return hash ? `${userId}.${tag(purposeKeyOf(secret, "sign-up-browser"), userId, hash)}` : null;
}

/** Whether `request` comes from the browser that chose the current password of `userId`. */
async function chosenInThisBrowser(db: Db, secret: string, userId: string, request?: Request) {
  const value = parseCookies(request?.headers.get("cookie") ?? "").get(SIGN_UP_COOKIE);
  if (!value) return false;
  const dot = value.indexOf(".");
  if (value.slice(0, dot) !== userId) return false;
  const hash = await passwordHashOf(db, userId);
  if (!hash) return false;
  // A cookie set in the 24 hours before ADR 101 carries the old key's tag: both are accepted.
  const keys = acceptedKeysOf(secret, "sign-up-browser");
  return signedWithAny(keys, value.slice(dot + 1), (key) => tag(key, userId, hash));
}

/**
 * better-auth's `afterEmailVerification` for an account's first confirmation: unless the link
 * is opened in the browser that signed up, the sign-up's password is erased and every session
 * ends (better-auth then signs the link's reader in).
 */
export async function settleFirstConfirmation(
  db: Db,
  secret: string,
  userId: string,
  request?: Request,
): Promise<void> {
  if (await chosenInThisBrowser(db, secret, userId, request)) return;
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ password: null, updatedAt: new Date() })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}

/** Whether the account has a password to sign in with (false after a confirmation elsewhere). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)),
    );
  return row !== undefined;
}
