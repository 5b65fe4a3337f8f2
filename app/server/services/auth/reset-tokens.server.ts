/**
 * The password-reset links of an account (ADR 042): one live link per account, the newest;
 * all of them die when one is used or the password changes. An admin's invitation ("create your
 * password") is the only reset whose e-mail says so, and it lives longer than a reset.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, like, ne } from "drizzle-orm";
import { verifications } from "#db/schema";
import type { Db } from "../../db.server";

/** How long a reset link works (better-auth's resetPasswordTokenExpiresIn). */
export const RESET_PASSWORD_TOKEN_SECONDS = 60 * 60;
/** How long an admin's invitation link works. */
export const INVITATION_TOKEN_SECONDS = 24 * 60 * 60;

const PREFIX = "reset-password:";

/** Deletes the account's reset links, except `keep` (the token just made). */
export async function revokeResetTokens(db: Db, userId: string, keep?: string): Promise<void> {
  const conditions = [eq(verifications.value, userId), like(verifications.identifier, `${PREFIX}%`)];
  if (keep) conditions.push(ne(verifications.identifier, `${PREFIX}${keep}`));
  await db.delete(verifications).where(and(...conditions));
}

/** Gives the reset link `token` the invitation's life. */
export async function extendToInvitation(db: Db, token: string, now = new Date()): Promise<void> {
  await db
    .update(verifications)
    .set({ expiresAt: new Date(now.getTime() + INVITATION_TOKEN_SECONDS * 1000) })
    .where(eq(verifications.identifier, `${PREFIX}${token}`));
}

const invitationScope = new AsyncLocalStorage<true>();

/**
 * Runs `send` (a call of auth.api.requestPasswordReset) as a server-side invitation: the e-mail
 * then asks to create a password. No request can reach this scope: callers of the API never
 * choose the invitation's wording.
 */
export function asInvitation<T>(send: () => Promise<T>): Promise<T> {
  return invitationScope.run(true, send);
}

/** True inside asInvitation. */
export function isInvitation(): boolean {
  return invitationScope.getStore() === true;
}
