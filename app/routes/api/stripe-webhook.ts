import { getDb } from "~/server/db.server";
import { env } from "~/server/env.server";
import { methodNotAllowed } from "~/server/http/request-body.server";
import { verifyStripeEvent } from "~/server/payments/webhook.server";
import { receiveStripeEvent } from "~/server/services/payments/receive-stripe-event.server";
import type { Route } from "./+types/stripe-webhook";

export function loader() {
  return methodNotAllowed("POST");
}

/**
 * POST /api/stripe/webhook: Stripe's events (ADR 073). 404 when payments are off (no keys); 400
 * when the Stripe-Signature header does not check out with STRIPE_WEBHOOK_SECRET (the SDK's
 * check); else 200 once the event is recorded and its job queued, a duplicate included. The work
 * is done by the job: the answer never waits for it.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  const stripe = env().stripe;
  if (!stripe) return Response.json({ received: false }, { status: 404 });
  const event = verifyStripeEvent(
    await request.text(),
    request.headers.get("stripe-signature"),
    stripe.webhookSecret,
  );
  if (!event) return Response.json({ received: false, error: "invalid signature" }, { status: 400 });
  const { duplicate } = await receiveStripeEvent(getDb(), event);
  return Response.json({ received: true, duplicate });
}
