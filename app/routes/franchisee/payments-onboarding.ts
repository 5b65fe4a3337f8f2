import { data, redirect } from "react-router";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { env } from "~/server/env.server";
import { failureOf } from "~/server/http/failure.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { startConnectOnboarding } from "~/server/services/payments/connect-onboarding.server";
import type { Route } from "./+types/payments-onboarding";
import { requireFranchisee } from "./guard.server";

/**
 * GET /franchisee/payments/onboarding: a fresh link to Stripe's hosted Connect onboarding, and
 * there (ADR 073, 075). A link rather than a form post: the CSP's form-action 'self' would stop
 * a post's redirect to Stripe, and Stripe calls this same address again (refresh_url) when its
 * link has expired. Coming back lands on /franchisee/payments?stripe=return, which reads the
 * account's state from Stripe.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const stripe = stripeFromEnv();
  if (!stripe) throw data(paymentsOfficeMessages.errors.stripeOff, { status: 409 });
  const base = env().PUBLIC_URL;
  try {
    const link = await startConnectOnboarding(db, {
      franchiseeId: franchisee.id,
      stripe,
      refreshUrl: `${base}/franchisee/payments/onboarding`,
      returnUrl: `${base}/franchisee/payments?stripe=return`,
    });
    return redirect(link);
  } catch (error) {
    const failure = failureOf(error, { UNKNOWN: paymentsOfficeMessages.errors.stripeFailed });
    throw data(failure.message, { status: failure.status === 500 ? 503 : failure.status });
  }
}
