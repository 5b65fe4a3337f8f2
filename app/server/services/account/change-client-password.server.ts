import { APIError } from "better-auth/api";
import type { ChangePassword } from "~/domain/loyalty/schemas";
import { AppError } from "~/lib/errors";
import { getAuth } from "../../auth.server";

/**
 * Changes the signed-in user's password through better-auth (it checks the current one and
 * hashes the new one) and ends the other sessions; `headers` carry the renewed session cookie.
 * The current-password checks are limited per account (the auth before-hook, ADR 042):
 * RATE_LIMITED past 5 in 15 minutes; a wrong current password is WRONG_PASSWORD.
 */
export async function changeClientPassword({
  input,
  headers,
}: {
  input: ChangePassword;
  headers: Headers;
}): Promise<{ headers: Headers }> {
  try {
    const result = await getAuth().api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    return { headers: result.headers };
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 429) {
      throw new AppError("RATE_LIMITED", undefined, { cause: error });
    }
    if (error instanceof APIError && (error.status === "BAD_REQUEST" || error.statusCode === 400)) {
      throw new AppError("WRONG_PASSWORD", undefined, { cause: error });
    }
    throw error;
  }
}
