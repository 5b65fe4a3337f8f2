import type { ForgotPassword } from "~/domain/auth/password-reset";
import { getAuth, headersWithClientIp } from "../../auth.server";
import type { Db } from "../../db.server";
import { RESET_PASSWORD_PATH } from "./auth-guard.server";
import { appErrorOf } from "./sign-in-with-password.server";

export { RESET_PASSWORD_PATH };

/**
 * Sends the reset link when the address has an account; the answer is the same either way, so
 * the page does not tell who has an account. Limited per address and per e-mail (RATE_LIMITED),
 * by the auth before-hook, as /api/auth/request-password-reset is.
 */
export async function requestPasswordReset(
  _db: Db,
  { input, ip, headers = new Headers() }: { input: ForgotPassword; ip: string; headers?: Headers },
): Promise<void> {
  try {
    await getAuth().api.requestPasswordReset({
      body: { email: input.email, redirectTo: RESET_PASSWORD_PATH },
      headers: headersWithClientIp(headers, ip),
    });
  } catch (error) {
    throw appErrorOf(error, "VALIDATION") ?? error;
  }
}

/** Sets the new password of the token's account; false when the token is unknown, used or expired. */
export async function resetPasswordWithToken(
  _db: Db,
  { token, password, ip }: { token: string; password: string; ip: string },
): Promise<boolean> {
  try {
    await getAuth().api.resetPassword({
      body: { token, newPassword: password },
      headers: headersWithClientIp(new Headers(), ip),
    });
    return true;
  } catch (error) {
    const appError = appErrorOf(error, "VALIDATION");
    if (appError?.code === "VALIDATION") return false;
    throw appError ?? error;
  }
}
