import { APIError } from "better-auth/api";
import type { ChangePassword } from "~/domain/loyalty/schemas";
import { getAuth } from "../../auth.server";

export type ChangePasswordResult =
  { ok: true; headers: Headers } | { ok: false; code: "WRONG_PASSWORD" | "RATE_LIMITED" };

/**
 * Changes the signed-in user's password through better-auth (it checks the current one and
 * hashes the new one) and ends the other sessions; `headers` carry the renewed session cookie.
 * The current-password checks are limited per account (the auth before-hook, ADR 042):
 * RATE_LIMITED past 5 in 15 minutes.
 */
export async function changeClientPassword({
  input,
  headers,
}: {
  input: ChangePassword;
  headers: Headers;
}): Promise<ChangePasswordResult> {
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
    return { ok: true, headers: result.headers };
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 429) return { ok: false, code: "RATE_LIMITED" };
    if (error instanceof APIError && (error.status === "BAD_REQUEST" || error.statusCode === 400)) {
      return { ok: false, code: "WRONG_PASSWORD" };
    }
    throw error;
  }
}
