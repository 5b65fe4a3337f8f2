import { APIError } from "better-auth/api";
import type { SignUp } from "~/domain/auth/schemas";
import { AppError } from "~/lib/errors";
import { getAuth } from "../../auth.server";
import type { Db } from "../../db.server";
import { hitRateLimit, RATE_LIMITS } from "../../rate-limit.server";

/** Creates a client account and signs it in; returns the session's Set-Cookie headers. */
export async function signUpWithPassword(
  db: Db,
  { input, ip, headers }: { input: SignUp; ip: string; headers: Headers },
): Promise<{ headers: Headers }> {
  const limit = await hitRateLimit(db, `sign-up:ip:${ip}`, RATE_LIMITS.signUp);
  if (!limit.allowed) throw new AppError("RATE_LIMITED");
  try {
    const result = await getAuth().api.signUpEmail({
      body: {
        name: `${input.firstName} ${input.lastName}`,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        password: input.password,
      },
      headers,
      returnHeaders: true,
    });
    return { headers: result.headers };
  } catch (error) {
    if (error instanceof APIError && error.body?.code?.startsWith("USER_ALREADY_EXISTS")) {
      throw new AppError("EMAIL_TAKEN");
    }
    throw error;
  }
}
