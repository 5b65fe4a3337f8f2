import type { SignUp } from "~/domain/auth/schemas";
import { getAuth, headersWithClientIp } from "../../auth.server";
import type { Db } from "../../db.server";
import { appErrorOf } from "./sign-in-with-password.server";

/**
 * Creates a client account, signed out until its address is confirmed (ADR 042): better-auth
 * queues the confirmation e-mail, whose link signs in and leads to `callbackURL`. The answer is
 * the same when the address already has an account (its owner gets an e-mail instead), so the
 * page never tells who has an account. Limits: the auth before-hook's (per address, per e-mail).
 * Returns the answer's headers: its cookie marks this browser as the one that chose the
 * password (ADR 066), for the page to pass on.
 */
export async function signUpWithPassword(
  _db: Db,
  { input, ip, headers, callbackURL }: { input: SignUp; ip: string; headers: Headers; callbackURL: string },
): Promise<Headers> {
  try {
    const { headers: answer } = await getAuth().api.signUpEmail({
      returnHeaders: true,
      body: {
        name: `${input.firstName} ${input.lastName}`,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        password: input.password,
        callbackURL,
      },
      headers: headersWithClientIp(headers, ip),
    });
    return answer;
  } catch (error) {
    throw appErrorOf(error, "VALIDATION") ?? error;
  }
}
