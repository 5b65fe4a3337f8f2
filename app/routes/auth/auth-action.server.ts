import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { safeRedirectPath } from "~/domain/auth/redirect-to";
import { SignInSchema, SignUpSchema, TestLoginSchema } from "~/domain/auth/schemas";
import { messages } from "~/lib/messages.fr";
import { dashboardPathFor, type Role } from "~/lib/roles";
import { forwardCookies, getAuth } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { demoToolsAllowed } from "~/server/security/demo-tools.server";
import { flashHeaders } from "~/server/flash.server";
import type { ErrorTexts } from "~/domain/errors/error-text";
import { formFailure } from "~/server/http/failure.server";
import { setupTestUsers } from "~/server/services/auth/setup-test-users.server";
import { signInWithPassword } from "~/server/services/auth/sign-in-with-password.server";
import { signUpWithPassword } from "~/server/services/auth/sign-up-with-password.server";
import type { Route } from "./+types/auth";
import { log } from "~/server/log.server";
import { requestInfo } from "~/server/request-info.server";

export type Intent = "sign-in" | "sign-up" | "test-login" | "sign-out";

/**
 * The page's words: the catalogue's for a refused sign-in (wrong password, unconfirmed, slowed),
 * its own for the limit per address, and the intent's sentence for a refused or failed sign-up.
 */
function authTexts(intent: Intent): ErrorTexts {
  const generic = intent === "sign-up" ? messages.auth.signUpError : messages.auth.signInError;
  return { RATE_LIMITED: messages.errors.rateLimited, VALIDATION: generic, UNKNOWN: generic };
}

/** Where the confirmation link leads: back here signed in, then on to `redirectTo` or the space. */
function confirmationLanding(redirectTo: string | null): string {
  const params = new URLSearchParams({ verified: "1" });
  if (redirectTo) params.set("redirectTo", redirectTo);
  return `/auth?${params}`;
}

/** Sign-in, sign-up, the demo test login and sign-out; errors keep what was typed. */
export async function authAction({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent") as Intent | null;
  const db = getDb();
  const redirectTo = safeRedirectPath(
    formData.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"),
  );

  if (intent === "sign-out") {
    const result = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    throw redirect("/", { headers: forwardCookies(result.headers) });
  }

  if (intent === "test-login") {
    if (!demoToolsAllowed(requestInfo(context))) throw data(null, { status: 404 });
    const parsed = TestLoginSchema.safeParse({ role: formData.get("role") });
    if (!parsed.success)
      return data(
        { intent, result: null, testLoginError: messages.auth.signInError, checkEmail: null },
        { status: 400 },
      );
    const role: Role = parsed.data.role;
    try {
      const credentials = await setupTestUsers(db, { role });
      const session = await signInWithPassword(db, {
        input: credentials,
        ip: requestInfo(context).ip,
        headers: request.headers,
      });
      const headers = await flashHeaders(
        { title: messages.auth.signInSuccess },
        forwardCookies(session.headers),
      );
      throw redirect(redirectTo ?? dashboardPathFor(role), { headers });
    } catch (error) {
      if (error instanceof Response) throw error;
      log.error("Connexion de test en échec", { err: error });
      return data(
        { intent, result: null, testLoginError: messages.auth.testLoginError(role), checkEmail: null },
        { status: 400 },
      );
    }
  }

  const schema = intent === "sign-up" ? SignUpSchema : SignInSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data(
      {
        intent,
        result: submission.reply({ hideFields: ["password"] }),
        testLoginError: null,
        checkEmail: null,
      },
      { status: 400 },
    );
  }
  try {
    if (intent === "sign-up") {
      const value = submission.value as (typeof SignUpSchema)["_zod"]["output"];
      const answer = await signUpWithPassword(db, {
        input: value,
        ip: requestInfo(context).ip,
        headers: request.headers,
        callbackURL: confirmationLanding(redirectTo),
      });
      // The same answer whether or not the address had an account (its owner gets an e-mail).
      return data(
        {
          intent,
          result: submission.reply({ resetForm: true }),
          testLoginError: null,
          checkEmail: value.email,
        },
        { headers: forwardCookies(answer) },
      );
    }
    const value = submission.value as (typeof SignInSchema)["_zod"]["output"];
    const session = await signInWithPassword(db, {
      input: value,
      ip: requestInfo(context).ip,
      headers: request.headers,
      callbackURL: confirmationLanding(redirectTo),
    });
    const headers = await flashHeaders(
      { title: messages.auth.signInSuccess },
      forwardCookies(session.headers),
    );
    throw redirect(redirectTo ?? dashboardPathFor(session.role), { headers });
  } catch (error) {
    const { failure, result } = formFailure(error, submission, {
      texts: authTexts(intent ?? "sign-in"),
      hideFields: ["password"],
    });
    return data(
      { intent, result, testLoginError: null, checkEmail: null },
      { status: failure.status >= 500 ? 400 : failure.status },
    );
  }
}
