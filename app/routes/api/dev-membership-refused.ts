import { data } from "react-router";
import { z } from "~/lib/zod-fr";
import { hasCode } from "~/lib/errors";
import { getDb } from "~/server/db.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { requestInfo } from "~/server/request-info.server";
import { demoToolsAllowed } from "~/server/security/demo-tools.server";
import { refuseMembershipRenewal } from "~/server/services/demo/membership-renewal-refused.server";
import type { Route } from "./+types/dev-membership-refused";

const Body = z.object({ email: z.string().email().max(254) });

/**
 * POST {email} -> {success}: a browser test's membership renewed and refused by its card (ADR
 * 095). Demo mode, a loopback client and Stripe's keys (the local stand-in) only; 404 otherwise
 * (ADR 041).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const stripe = stripeFromEnv();
  if (!demoToolsAllowed(requestInfo(context)) || !stripe) throw data({ success: false }, { status: 404 });
  if (request.method !== "POST") return data({ success: false }, { status: 405 });
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ success: false }, { status: 400 });
  try {
    await refuseMembershipRenewal(getDb(), stripe, { email: parsed.data.email });
    return { success: true };
  } catch (error) {
    if (hasCode(error)) return data({ success: false, error: error.code }, { status: error.status });
    throw error;
  }
}

export function loader({ context }: Route.LoaderArgs) {
  if (!demoToolsAllowed(requestInfo(context))) throw data(null, { status: 404 });
  return data({ success: false }, { status: 405 });
}
