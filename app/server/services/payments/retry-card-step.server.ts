import { eq } from "drizzle-orm";
import { appointmentPaymentPlans, appointments } from "#db/schema";
import type { Db, Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { log } from "../../log.server";
import type { StripeClient } from "../../payments/stripe.server";
import { sendAwaitedConfirmation } from "../messaging/notify.server";
import { cardSetupFor } from "./payment-setup.server";

/**
 * A card step that could not start at booking (Stripe unreachable; ADR 074): tried again by the
 * `payments.start-card-step` job, 1, 5 and 15 minutes later (each attempt queues the next, so the
 * last one runs 21 minutes after the booking, before the confirmation's 45 minutes). Started, the
 * customer gets the payment page's link (e-mail, and text with consent) and the usual hold. Still
 * failing after the last, the booking falls back to payment on site: a plan 'settled' with nothing
 * to charge (no page, no hold, no fee) is written, so no page starts a card step afterwards, and
 * the confirmation goes at once, saying that nothing was charged and that it is paid on site.
 */
export const CARD_STEP_RETRY_MINUTES = [1, 5, 15] as const;

export async function queueCardStepRetry(
  db: Db | Tx,
  booking: { appointmentId: string; bookingId: string; keptCard?: true },
  { attempt, now }: { attempt: number; now: Date },
): Promise<void> {
  const delay = CARD_STEP_RETRY_MINUTES[attempt - 1];
  if (delay === undefined) throw new Error(`No card step attempt ${attempt}`);
  await enqueue(
    db,
    "payments.start-card-step",
    {
      appointmentId: booking.appointmentId,
      bookingId: booking.bookingId,
      attempt,
      ...(booking.keptCard ? { keptCard: true as const } : {}),
    },
    {
      runAt: new Date(now.getTime() + delay * 60_000),
      // One job per attempt: a retried job cannot queue its next attempt twice.
      singletonKey: `start-card-step:${booking.appointmentId}:${attempt}`,
    },
  );
}

export type CardStepRetry = "started" | "retry_queued" | "on_site" | "done";

/**
 * One attempt. `start` is the card step with its link sent (cardStepByLink's), which throws when
 * Stripe fails. A booking no longer scheduled, or whose plan exists (its page started the step
 * meanwhile, or an earlier attempt fell back), is left as it is.
 */
export async function retryCardStep(
  db: Db,
  payload: { appointmentId: string; bookingId: string; attempt: number; keptCard?: true },
  deps: {
    stripe: StripeClient | undefined;
    now: Date;
    start: () => Promise<"started" | "on_site">;
    /**
     * A recurring wash's kept card still unanswered after the last attempt (ADR 086, amended):
     * the link path instead (`keptCardToLink`); 'unreachable' falls back to payment on site.
     */
    keptCardFallback?: () => Promise<"started" | "on_site" | "unreachable" | "done">;
  },
): Promise<CardStepRetry> {
  const [row] = await db
    .select({ appointment: appointments, plan: appointmentPaymentPlans })
    .from(appointments)
    .leftJoin(appointmentPaymentPlans, eq(appointmentPaymentPlans.appointmentId, appointments.id))
    .where(eq(appointments.id, payload.appointmentId));
  if (!row || row.appointment.status !== "scheduled") return "done";
  // A recurring wash's kept card whose charge got no answer (ADR 086) waits in its plan: tried again.
  const keptCardWaiting =
    payload.keptCard && row.plan?.status === "awaiting_card" && !row.plan.stripeCheckoutSessionId;
  if (row.plan && !keptCardWaiting) return "done";
  try {
    if (!deps.stripe) throw new Error("Stripe is not configured");
    const outcome = await deps.start();
    if (outcome === "started") return "started";
    // The zone takes payment on site now: the confirmation that waited goes as it is.
    await sendAwaitedConfirmation(db, payload.appointmentId, deps.now);
    return "on_site";
  } catch (error) {
    log.warn("The booking's card step could not start", {
      appointmentId: payload.appointmentId,
      attempt: payload.attempt,
      error: String(error),
    });
    if (payload.attempt < CARD_STEP_RETRY_MINUTES.length) {
      await queueCardStepRetry(db, payload, { attempt: payload.attempt + 1, now: deps.now });
      return "retry_queued";
    }
  }
  if (keptCardWaiting && deps.keptCardFallback) {
    const outcome = await deps.keptCardFallback();
    if (outcome === "started" || outcome === "done") return outcome;
    if (outcome === "on_site") {
      await sendAwaitedConfirmation(db, payload.appointmentId, deps.now);
      return "on_site";
    }
  }
  return fallBackToOnSite(db, row.appointment, deps.now);
}

async function fallBackToOnSite(
  db: Db,
  appointment: typeof appointments.$inferSelect,
  now: Date,
): Promise<CardStepRetry> {
  const setup = await cardSetupFor(db, appointment.zoneId, true);
  // The zone takes payment on site now: no plan, the confirmation goes as it is.
  if (!setup) {
    await sendAwaitedConfirmation(db, appointment.id, now);
    return "on_site";
  }
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(appointmentPaymentPlans)
      .values({
        appointmentId: appointment.id,
        mode: setup.policy.mode === "card_kept" ? "card_kept" : "deposit",
        depositCents: 0,
        lateCancelFeeCents: 0,
        noShowFeeCents: 0,
        // The royalty in force, for the on-site payment the franchisee records (ADR 075).
        royaltyBasisPoints: setup.royaltyBasisPoints,
        stripeAccountId: setup.accountId,
        status: "settled",
        holdUntil: null,
      })
      // A page that started the step meanwhile wins: its plan stays.
      .onConflictDoNothing({ target: appointmentPaymentPlans.appointmentId })
      .returning({ id: appointmentPaymentPlans.appointmentId });
    if (!plan) return "done" as const;
    await sendAwaitedConfirmation(tx, appointment.id, now);
    return "on_site" as const;
  });
}

/**
 * A plan written by the fallback: settled, without a hosted page ever made nor a Stripe customer
 * (a recurring wash secured with a kept card has no page either, ADR 086, but has its customer).
 */
export function isOnSiteFallback(plan: {
  status: string;
  stripeCheckoutSessionId: string | null;
  stripeCustomerId: string | null;
}): boolean {
  return plan.status === "settled" && plan.stripeCheckoutSessionId === null && plan.stripeCustomerId === null;
}
