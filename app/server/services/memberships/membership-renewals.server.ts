import { and, eq, inArray, lt, lte, or } from "drizzle-orm";
import { membershipCharges, membershipPlans, membershipSubscriptions, users } from "#db/schema";
import { addMonth, periodCharge } from "~/domain/memberships/memberships";
import type { Db, Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { chargeSavedCard } from "../../payments/charges.server";
import type { StripeClient } from "../../payments/stripe.server";
import { answerOfIntent, applyChargeAnswer, type ChargeAnswer } from "./membership-charge-outcome.server";
import { today } from "./membership-periods.server";

// Renewals (ADR 095): our own daily job charges each period off-session on the card kept, once
// per period, tries a refused charge again, and tells the customer.

/**
 * A claim older than this is stale: a worker that stopped mid-charge (the same try is sent again
 * under its key), or a try Stripe left `processing` (its intent is read again, never remade).
 */
const STALE_CLAIM_MS = 10 * 60_000;

/** Queues the renewal run: the daily one (one per day, whatever the workers), or one subscription's now. */
export async function scheduleRenewals(db: Db | Tx, runAt: Date, subscriptionId?: string): Promise<void> {
  await enqueue(db, "memberships.renew", subscriptionId ? { subscriptionId } : {}, {
    runAt,
    singletonKey: subscriptionId
      ? `memberships.renew:${subscriptionId}:${runAt.toISOString().slice(0, 10)}`
      : `memberships.renew:${runAt.toISOString().slice(0, 10)}`,
  });
}

/**
 * The renewal run (idempotent): each active subscription whose period ends today or before gets
 * its next period's charge row, once (the unique (subscription, period) pair: a second run or a
 * second worker inserts nothing); then each charge due (new, a refused one whose retry time has
 * come, or a stale claim) is claimed by one conditional update, so only one worker sends it, and
 * charged off-session on the card kept under `membership:<charge>:<attempt>` (a repeated try
 * replays Stripe's first answer). Paid: the period moves on. Processing: the charge waits with
 * its intent, read again once its claim is stale (or settled by the webhook). Refused: the
 * customer is told, and it is tried again after 1 and 3 days; the third refusal cancels the
 * membership. The royalty is the application fee, as on a wash.
 */
export async function renewDueMemberships(
  db: Db,
  deps: { now: Date; stripe: StripeClient | undefined; subscriptionId?: string },
): Promise<{ charged: number; refused: number }> {
  const day = today(deps.now);
  const only = deps.subscriptionId ? eq(membershipSubscriptions.id, deps.subscriptionId) : undefined;
  const due = await db
    .select()
    .from(membershipSubscriptions)
    .where(
      and(
        only,
        eq(membershipSubscriptions.status, "active"),
        lte(membershipSubscriptions.currentPeriodEnd, day),
      ),
    );
  for (const sub of due) {
    const start = sub.currentPeriodEnd!;
    await db
      .insert(membershipCharges)
      .values({
        subscriptionId: sub.id,
        franchiseeId: sub.franchiseeId,
        periodStart: start,
        periodEnd: addMonth(start),
        ...periodCharge(sub),
      })
      .onConflictDoNothing();
  }
  const staleBefore = new Date(deps.now.getTime() - STALE_CLAIM_MS);
  const ready = or(
    eq(membershipCharges.status, "pending"),
    and(eq(membershipCharges.status, "failed"), lte(membershipCharges.nextAttemptAt, deps.now)),
    and(eq(membershipCharges.status, "charging"), lt(membershipCharges.claimedAt, staleBefore)),
  );
  const candidates = await db
    .select({ charge: membershipCharges })
    .from(membershipCharges)
    .innerJoin(membershipSubscriptions, eq(membershipSubscriptions.id, membershipCharges.subscriptionId))
    .where(and(only, ready, inArray(membershipSubscriptions.status, ["active", "past_due"])));
  let charged = 0;
  let refused = 0;
  for (const { charge } of candidates) {
    // A stale claim (a stopped worker, or Stripe still processing) keeps its try and its intent;
    // any other claim is a new try, with no intent yet.
    const stale = charge.status === "charging";
    const attempt = stale ? charge.attempts : charge.attempts + 1;
    const [claimed] = await db
      .update(membershipCharges)
      .set({
        status: "charging",
        attempts: attempt,
        claimedAt: deps.now,
        nextAttemptAt: null,
        ...(stale ? {} : { stripePaymentIntentId: null }),
      })
      .where(
        and(
          eq(membershipCharges.id, charge.id),
          eq(membershipCharges.status, charge.status),
          eq(membershipCharges.attempts, charge.attempts),
          // Two runs finding the same stale claim: the first to re-claim it wins.
          stale ? lt(membershipCharges.claimedAt, staleBefore) : undefined,
        ),
      )
      .returning();
    if (!claimed) continue;
    const outcome = await chargeClaimed(db, claimed, deps);
    if (outcome === "succeeded") charged += 1;
    else if (outcome === "failed") refused += 1;
  }
  return { charged, refused };
}

async function chargeClaimed(
  db: Db,
  charge: typeof membershipCharges.$inferSelect,
  deps: { now: Date; stripe: StripeClient | undefined },
): Promise<"succeeded" | "failed" | "pending" | "stale"> {
  const [sub] = await db
    .select({ sub: membershipSubscriptions, planName: membershipPlans.name })
    .from(membershipSubscriptions)
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .where(eq(membershipSubscriptions.id, charge.subscriptionId));
  const { stripePaymentMethodId: card, stripeCustomerId, stripeAccountId } = sub!.sub;
  // A try Stripe left `processing` is read again, never charged again (ADR 095, amended).
  const answer: ChargeAnswer =
    charge.stripePaymentIntentId && deps.stripe
      ? await answerOfIntent(deps.stripe, charge.stripePaymentIntentId)
      : card && deps.stripe
        ? answerOf(
            await chargeSavedCard(deps.stripe, {
              customerId: stripeCustomerId,
              paymentMethodId: card,
              amountCents: charge.amountCents,
              description: `Abonnement ${sub!.planName}, période du ${charge.periodStart}`,
              to: { accountId: stripeAccountId, applicationFeeCents: charge.applicationFeeCents },
              metadata: {
                membership_charge_id: charge.id,
                membership_subscription_id: charge.subscriptionId,
                membership_charge_attempt: String(charge.attempts),
              },
              idempotencyKey: `membership:${charge.id}:${charge.attempts}`,
            }),
          )
        : { ok: false, code: card ? "payments_off" : "no_card_kept", paymentIntentId: null };
  return db.transaction(async (tx) => {
    const outcome = await applyChargeAnswer(tx, charge, answer, deps.now);
    // Still processing: looked at again once its claim is stale, unless its webhook comes first.
    // One look soon after; then the daily run's.
    if (outcome === "pending") {
      await enqueue(
        tx,
        "memberships.renew",
        { subscriptionId: charge.subscriptionId },
        {
          runAt: new Date(deps.now.getTime() + STALE_CLAIM_MS + 60_000),
          singletonKey: `memberships.renew:${charge.subscriptionId}:processing:${charge.id}:${charge.attempts}`,
        },
      );
    }
    return outcome;
  });
}

function answerOf(result: Awaited<ReturnType<typeof chargeSavedCard>>): ChargeAnswer {
  if (result.ok) return result;
  return {
    ok: false,
    code: result.declineCode || result.code,
    paymentIntentId: result.paymentIntentId ?? null,
  };
}

/** What the refusal e-mail needs: the customer, the plan, the amount. */
export async function refusedChargeMail(db: Db, chargeId: string) {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      planName: membershipPlans.name,
      amountCents: membershipCharges.amountCents,
    })
    .from(membershipCharges)
    .innerJoin(membershipSubscriptions, eq(membershipSubscriptions.id, membershipCharges.subscriptionId))
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .innerJoin(users, eq(users.id, membershipSubscriptions.userId))
    .where(eq(membershipCharges.id, chargeId));
  return row ?? null;
}
