import { data } from "react-router";
import { z } from "~/lib/zod-fr";
import { hasCode } from "~/lib/errors";
import { getDb } from "~/server/db.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { requestInfo } from "~/server/request-info.server";
import { demoToolsAllowed } from "~/server/security/demo-tools.server";
import { makeDepositZone } from "~/server/services/demo/payment-zone.server";
import type { Route } from "./+types/dev-payment-zone";

const Body = z.object({
  zone: z.string().regex(/^[a-z0-9-]{1,60}$/),
  percent: z.number().int().min(1).max(100),
});

/**
 * POST {zone, percent} -> {success}: a browser test's zone takes a deposit (ADR 074). Demo mode,
 * a loopback client and Stripe's keys (the local stand-in) only; 404 otherwise (ADR 041).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const stripe = stripeFromEnv();
  if (!demoToolsAllowed(requestInfo(context)) || !stripe) throw data({ success: false }, { status: 404 });
  if (request.method !== "POST") return data({ success: false }, { status: 405 });
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ success: false }, { status: 400 });
  try {
    await makeDepositZone(getDb(), stripe, { zoneSlug: parsed.data.zone, percent: parsed.data.percent });
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
