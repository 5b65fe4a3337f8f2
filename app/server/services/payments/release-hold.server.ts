import { eq } from "drizzle-orm";
import { appointmentPaymentPlans } from "#db/schema";
import type { Db } from "../../db.server";
import { expireOpenCheckout } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { paymentMethodOf } from "./process-stripe-event.server";
import { checkoutCompleted, checkoutExpired } from "./stripe-event-effects.server";
import { withSlotChange } from "../booking/slot-change.server";

/**
 * The end of an unpaid booking's hold (the `payments.release-hold` job, a minute after its
 * hosted page expires; ADR 073). It asks Stripe, without waiting for a webhook: a page still
 * open is expired first (no payment can start on it after that), then the booking is released
 * and its slot opened; a page paid in the meantime secures the booking instead. The same
 * one-way steps as the events', so a webhook arriving before or after changes nothing more.
 */
export async function releaseHold(
  db: Db,
  appointmentId: string,
  deps: { stripe: StripeClient | undefined; now: Date },
): Promise<"released" | "secured" | "not_due" | "done"> {
  const [plan] = await db
    .select()
    .from(appointmentPaymentPlans)
    .where(eq(appointmentPaymentPlans.appointmentId, appointmentId));
  if (!plan || plan.status !== "awaiting_card" || !plan.stripeCheckoutSessionId) return "done";
  if (plan.holdUntil && plan.holdUntil > deps.now) return "not_due";
  if (!deps.stripe) throw new Error("Releasing a card hold needs the Stripe keys (STRIPE_SECRET_KEY)");
  const session = await expireOpenCheckout(deps.stripe, plan.stripeCheckoutSessionId);
  if (session.status === "complete") {
    const paymentMethodId = await paymentMethodOf(deps.stripe, session);
    const outcome = await db.transaction((tx) => checkoutCompleted(tx, session, paymentMethodId, deps.now));
    return outcome === "applied" ? "secured" : "done";
  }
  const outcome = await withSlotChange(db, (tx) => checkoutExpired(tx, session, deps.now));
  return outcome === "applied" ? "released" : "done";
}
