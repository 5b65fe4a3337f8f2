/**
 * One policy for every way into an account (ADR 042): better-auth's before-hook runs for the
 * HTTP API (/api/auth/*) and for the app's forms, which call auth.api.* with the client's
 * address in CLIENT_IP_HEADER. It checks the input with the forms' Zod rules, then counts:
 * - sign-in: every try per address; the failed ones per account (e-mail): past 10 in 15 minutes
 *   the account's sign-ins wait for the window's end (never longer), the owner gets an e-mail,
 *   and a browser that already signed in to that account is not slowed (signed cookie);
 * - sign-up: per address, and per e-mail (each sign-up sends a mail to that address);
 * - reset and confirmation e-mails: per address and per e-mail;
 * - a new password with a reset token: per address;
 * - the current-password checks (change password, delete account): per account and per address.
 * A call from server code (no request, no address: an admin's invitation) is not counted.
 */
import crypto from "node:crypto";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { users } from "#db/schema";
import { checkAuthApiInput } from "~/domain/auth/api-rules";
import { messages } from "~/lib/messages.fr";
import type { Db } from "../../db.server";
import { env } from "../../env.server";
import {
  clearRateLimit,
  hitRateLimit,
  peekRateLimit,
  RATE_LIMITS,
  type RateLimitRule,
} from "../../rate-limit.server";
import { queueAccountEmail } from "../messaging/notify.server";
import { revokeResetTokens } from "./reset-tokens.server";
import { SIGN_UP_COOKIE, SIGN_UP_COOKIE_SECONDS, signUpCookieValue } from "./unproven-password.server";
import { accountMessages } from "~/lib/messages/account.fr";

/** The header carrying the client's address to better-auth; always overwritten, never trusted from outside. */
export const CLIENT_IP_HEADER = "x-lavage-client-ip";
/** The signed cookie of a browser that signed in to an account (value: a hash of the e-mail). */
export const KNOWN_DEVICE_COOKIE = "lmp_known_device";
const KNOWN_DEVICE_DAYS = 365;
/** Where the reset e-mail's link lands; callers of the API cannot choose another page. */
export const RESET_PASSWORD_PATH = "/auth/reset-password";

const t = accountMessages;
/** The paths this policy limits (better-auth's built-in limiter stands aside for them). */
export const ACCOUNT_PATHS = [
  "/sign-in/email",
  "/sign-up/email",
  "/request-password-reset",
  "/send-verification-email",
  "/reset-password",
  "/change-password",
  "/delete-user",
] as const;
/** The endpoints that check the current password of a signed-in account. */
const PASSWORD_CHECKS = new Set(["/change-password", "/delete-user", "/verify-password"]);

/** The codes of this hook's refusals; their message is already French (kept by inFrench). */
export const GUARD_CODES = ["INVALID_INPUT", "RATE_LIMITED", "ACCOUNT_SLOWED"] as const;

function tooMany(message: string, retryAfterSeconds: number, code = "RATE_LIMITED"): APIError {
  return new APIError("TOO_MANY_REQUESTS", { code, message }, { "Retry-After": String(retryAfterSeconds) });
}

async function limit(db: Db, key: string, rule: RateLimitRule, message: string) {
  const result = await hitRateLimit(db, key, rule);
  if (!result.allowed) throw tooMany(message, result.retryAfterSeconds);
  return result;
}

function deviceTag(email: string): string {
  return crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
}

function emailOf(body: unknown, key = "email"): string | null {
  const value = (body as Record<string, unknown> | undefined)?.[key];
  return typeof value === "string" ? value.trim().toLowerCase() : null;
}

/** Counts one current-password check of `userId` (change password, delete account). */
export async function limitPasswordCheck(
  db: Db,
  { userId, ip }: { userId: string; ip?: string },
): Promise<void> {
  const message = t.passwordChecksLimited;
  if (ip) await limit(db, `auth:password-check:ip:${ip}`, RATE_LIMITS.passwordCheckAddress, message);
  await limit(db, `auth:password-check:account:${userId}`, RATE_LIMITS.passwordCheck, message);
}

/** better-auth's `hooks.before`: input rules, then the limits of the path. */
export function authBeforeHook(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    const refusal = checkAuthApiInput(ctx.path, ctx.body, ctx.query);
    if (refusal) throw new APIError("BAD_REQUEST", { code: "INVALID_INPUT", message: refusal });

    const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? (ctx.request ? "unknown" : null);
    if (PASSWORD_CHECKS.has(ctx.path)) {
      // Counted per account on every path (the client space's form calls without an address).
      const session = await getSessionFromCtx(ctx);
      if (session) await limitPasswordCheck(db, { userId: session.user.id, ip: ip ?? undefined });
      return;
    }
    if (ip === null) return; // server code (an admin's invitation): trusted, not counted
    const rateLimited = messages.errors.rateLimited;

    switch (ctx.path) {
      case "/sign-in/email": {
        await limit(db, `auth:sign-in:ip:${ip}`, RATE_LIMITS.signIn, rateLimited);
        const email = emailOf(ctx.body);
        if (!email) return;
        const known = await ctx.getSignedCookie(KNOWN_DEVICE_COOKIE, ctx.context.secret);
        if (known && known === deviceTag(email)) return;
        const failures = await peekRateLimit(db, failuresKey(email), RATE_LIMITS.signInAccount);
        if (!failures.allowed) throw tooMany(t.accountSlowed, failures.retryAfterSeconds, "ACCOUNT_SLOWED");
        return;
      }
      case "/sign-up/email": {
        await limit(db, `auth:sign-up:ip:${ip}`, RATE_LIMITS.signUp, rateLimited);
        const email = emailOf(ctx.body);
        if (email) await limit(db, `auth:sign-up:account:${email}`, RATE_LIMITS.signUpAccount, rateLimited);
        return;
      }
      case "/request-password-reset":
      case "/send-verification-email": {
        await limit(db, `auth:mail-request:ip:${ip}`, RATE_LIMITS.mailRequest, rateLimited);
        const email = emailOf(ctx.body);
        if (email)
          await limit(db, `auth:mail-request:account:${email}`, RATE_LIMITS.mailRequest, rateLimited);
        if (ctx.path === "/request-password-reset") {
          // The link always lands on the reset page: the invitation's wording is the server's.
          return { context: { body: { ...(ctx.body as object), redirectTo: RESET_PASSWORD_PATH } } };
        }
        return;
      }
      case "/reset-password":
        await limit(db, `auth:new-password:ip:${ip}`, RATE_LIMITS.newPassword, rateLimited);
        return;
      default:
        return;
    }
  });
}

/** better-auth's `hooks.after`: remembers the browser of a sign-in; a password change kills the reset links. */
export function authAfterHook(db: Db) {
  return createAuthMiddleware(async (ctx) => {
    const returned = ctx.context.returned;
    if (isAPIError(returned)) {
      if (ctx.path === "/sign-in/email" && returned.statusCode === 401) await countFailure(db, ctx.body);
      return;
    }
    const session = ctx.context.newSession ?? ctx.context.session;
    const signedIn = ctx.context.newSession;
    if (ctx.path === "/sign-up/email") {
      await rememberSignUpBrowser(db, ctx, returned);
      return;
    }
    if (ctx.path === "/sign-in/email" && signedIn) {
      await ctx.setSignedCookie(KNOWN_DEVICE_COOKIE, deviceTag(signedIn.user.email), ctx.context.secret, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: env().PUBLIC_URL.startsWith("https://"),
        maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
      });
      return;
    }
    if (ctx.path === "/change-password" && session) {
      await revokeResetTokens(db, session.user.id);
      return;
    }
    if (ctx.path === "/admin/set-user-password") {
      const userId = (ctx.body as Record<string, unknown> | undefined)?.userId;
      if (typeof userId === "string") await revokeResetTokens(db, userId);
    }
  });
}

/**
 * The browser that created an account keeps the password it chose when it opens the
 * confirmation link (ADR 066). The answer to an address that already had an account carries a
 * cookie of the same shape, so that the headers tell nothing either.
 */
async function rememberSignUpBrowser(
  db: Db,
  ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0],
  returned: unknown,
): Promise<void> {
  const userId = (returned as { user?: { id?: unknown } } | undefined)?.user?.id;
  if (typeof userId !== "string") return;
  const value =
    (await signUpCookieValue(db, ctx.context.secret, userId)) ??
    `${userId}.${crypto.randomBytes(32).toString("base64url").slice(0, 43)}`;
  ctx.setCookie(SIGN_UP_COOKIE, value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env().PUBLIC_URL.startsWith("https://"),
    maxAge: SIGN_UP_COOKIE_SECONDS,
  });
}

/** Clears the per-account slowdown of sign-ins: a reset by the e-mailed link proves the owner. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await clearRateLimit(db, failuresKey(email.trim().toLowerCase()), RATE_LIMITS.signInAccount);
}

function failuresKey(email: string): string {
  return `auth:sign-in-failures:account:${email}`;
}

/** One more wrong password for the account; the one reaching the limit e-mails its owner. */
async function countFailure(db: Db, body: unknown): Promise<void> {
  const email = emailOf(body);
  if (!email) return;
  const failures = await hitRateLimit(db, failuresKey(email), RATE_LIMITS.signInAccount);
  if (failures.count === RATE_LIMITS.signInAccount.max) await warnOwner(db, email);
}

async function warnOwner(db: Db, email: string): Promise<void> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (owner) await queueAccountEmail(db, { userId: owner.id, kind: "slowed" });
}

/** Marks an address verified: its owner used a link sent to it (a reset or an invitation). */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
}
