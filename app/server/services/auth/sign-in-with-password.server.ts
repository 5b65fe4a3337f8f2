import { APIError } from "better-auth/api";
import type { SignIn } from "~/domain/auth/schemas";
import { AppError } from "~/lib/errors";
import { getAuth } from "../../auth.server";
import type { Db } from "../../db.server";
import { hitRateLimit, RATE_LIMITS } from "../../rate-limit.server";

/**
 * Checks the password and opens a database session. Limited per address and per e-mail, so
 * that neither one client nor a spread attack can guess passwords quickly.
 * Returns the Set-Cookie headers of the new session.
 */
export async function signInWithPassword(
  db: Db,
  { input, ip, headers }: { input: SignIn; ip: string; headers: Headers },
): Promise<{ headers: Headers; role: string }> {
  for (const key of [`sign-in:ip:${ip}`, `sign-in:email:${input.email}`]) {
    const limit = await hitRateLimit(db, key, RATE_LIMITS.signIn);
    if (!limit.allowed) throw new AppError("RATE_LIMITED");
  }
  try {
    const result = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password },
      headers,
      returnHeaders: true,
    });
    const user = result.response.user as { role?: string };
    return { headers: result.headers, role: user.role ?? "client" };
  } catch (error) {
    if (error instanceof APIError && (error.status === "UNAUTHORIZED" || error.status === "BAD_REQUEST")) {
      throw new AppError("INVALID_CREDENTIALS");
    }
    throw error;
  }
}
