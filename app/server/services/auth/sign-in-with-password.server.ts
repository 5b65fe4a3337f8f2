import { APIError } from "better-auth/api";
import type { SignIn } from "~/domain/auth/schemas";
import { AppError } from "~/lib/errors";
import { isRole, type Role } from "~/lib/roles";
import { getAuth, headersWithClientIp } from "../../auth.server";
import type { Db } from "../../db.server";

/** The AppError of a refused better-auth call of the forms (limits, input rules, credentials). */
export function appErrorOf(error: unknown, otherwise: AppError["code"]): AppError | null {
  if (!(error instanceof APIError)) return null;
  const code = error.body?.code;
  if (code === "ACCOUNT_SLOWED") return new AppError("ACCOUNT_SLOWED");
  if (error.statusCode === 429) return new AppError("RATE_LIMITED");
  if (code === "EMAIL_NOT_VERIFIED") return new AppError("EMAIL_NOT_VERIFIED");
  if (error.statusCode === 400 || error.statusCode === 401) return new AppError(otherwise);
  return null;
}

/**
 * Checks the password and opens a database session. The limits (per address, per account) are
 * the account policy of the auth before-hook (ADR 042), the same as /api/auth/sign-in/email's.
 * `callbackURL` is where the confirmation link of an unconfirmed account (sent again) leads.
 * Returns the Set-Cookie headers of the new session.
 */
export async function signInWithPassword(
  _db: Db,
  { input, ip, headers, callbackURL }: { input: SignIn; ip: string; headers: Headers; callbackURL?: string },
): Promise<{ headers: Headers; role: Role }> {
  try {
    const result = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password, ...(callbackURL ? { callbackURL } : {}) },
      headers: headersWithClientIp(headers, ip),
      returnHeaders: true,
    });
    const role = (result.response.user as { role?: string }).role;
    return { headers: result.headers, role: isRole(role) ? role : "client" };
  } catch (error) {
    throw appErrorOf(error, "INVALID_CREDENTIALS") ?? error;
  }
}
