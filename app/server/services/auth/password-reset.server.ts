import { APIError } from "better-auth/api";
import type { ForgotPassword } from "~/domain/auth/password-reset";
import { AppError } from "~/lib/errors";
import { getAuth } from "../../auth.server";
import type { Db } from "../../db.server";
import { hitRateLimit, type RateLimitRule } from "../../rate-limit.server";

/** Reset requests per address and per e-mail: enough for a typo, too few to flood a mailbox. */
export const PASSWORD_RESET_RATE_LIMIT = { max: 5, windowSeconds: 15 * 60 } as const satisfies RateLimitRule;
/** New-password attempts per address (a token is 24 random characters: this only slows noise). */
export const NEW_PASSWORD_RATE_LIMIT = { max: 10, windowSeconds: 60 } as const satisfies RateLimitRule;

/** Where the e-mail's link lands (better-auth adds ?token=…, or ?error=INVALID_TOKEN). */
export const RESET_PASSWORD_PATH = "/auth/reset-password";

/**
 * Sends the reset link when the address has an account; the answer is the same either way, so
 * the page does not tell who has an account. Limited per IP and per e-mail (RATE_LIMITED).
 */
export async function requestPasswordReset(
  db: Db,
  { input, ip }: { input: ForgotPassword; ip: string },
): Promise<void> {
  for (const key of [`password-reset:ip:${ip}`, `password-reset:email:${input.email}`]) {
    const limit = await hitRateLimit(db, key, PASSWORD_RESET_RATE_LIMIT);
    if (!limit.allowed) throw new AppError("RATE_LIMITED");
  }
  await getAuth().api.requestPasswordReset({ body: { email: input.email, redirectTo: RESET_PASSWORD_PATH } });
}

/** Sets the new password of the token's account; false when the token is unknown, used or expired. */
export async function resetPasswordWithToken(
  db: Db,
  { token, password, ip }: { token: string; password: string; ip: string },
): Promise<boolean> {
  const limit = await hitRateLimit(db, `new-password:ip:${ip}`, NEW_PASSWORD_RATE_LIMIT);
  if (!limit.allowed) throw new AppError("RATE_LIMITED");
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword: password } });
    return true;
  } catch (error) {
    if (error instanceof APIError && error.status === "BAD_REQUEST") return false;
    throw error;
  }
}
