import { eq } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { addMonth } from "~/domain/memberships/memberships";
import type { Db } from "~/server/db.server";
import { deliverEvent, setUpStripeStandIn } from "../../../../tests/factories/payments";
import { describeDatabases, describeTwoWorkers } from "../../../../tests/setup/db";
import { loadBookingService } from "../booking/booking-context.server";
import { processStripeEvent } from "../payments/process-stripe-event.server";
import { renewDueMemberships } from "./membership-renewals.server";

// A renewal Stripe answers `processing` (ADR 095, amended) on both databases: it is charged once,
// never marked refused while it waits, and settled once, by a later run reading the intent again
// or by the webhook's payment_intent.succeeded / payment_failed, whichever comes first.

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_standin";
});

const stripeTest = setUpStripeStandIn();

const START = "2026-03-06";
/** The renewal's moment: 10 h in Quebec on the day the first period ends. */
const RENEWAL = new Date(`${addMonth(START)}T15:00:00Z`);
const MINUTE = 60_000;
const at = (minutes: number) => new Date(RENEWAL.getTime() + minutes * MINUTE);

let serial = 0;

/** Seeds once: an onboarded Granby franchisee and a plan of 39,99 $ a month. */
async function prepare(db: Db, label: string) {
  await seed(db, { demoAccounts: false });
  const [zone] = await db.select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
  const account = await stripeTest.stripe.accounts.create({ country: "CA" }, { idempotencyKey: label });
  await db
    .update(s.franchisees)
    .set({ stripeAccountId: account.id, stripeAccountState: "enabled", royaltyBasisPoints: 800 })
    .where(eq(s.franchisees.id, zone!.franchiseeId!));
  const service = await loadBookingService(db);
  const [plan] = await db
    .insert(s.membershipPlans)
    .values({ name: "Signature mensuel", monthlyPriceCents: 3_999, serviceId: service.id, includedWashes: 1 })
    .returning();
  return { plan: plan!, franchiseeId: zone!.franchiseeId!, accountId: account.id };
}

/** An active member whose first month ends on the renewal's day, the card kept answering `processing`. */
async function member(db: Db, ctx: Awaited<ReturnType<typeof prepare>>) {
  serial += 1;
  const id = `processing-${serial}-${Math.random().toString(36).slice(2, 8)}`;
  await db
    .insert(s.users)
    .values({ id, name: "Léa Membre", email: `${id}@example.com`, role: "client", emailVerified: true });
  const customer = await stripeTest.stripe.customers.create({ email: `${id}@example.com` });
  const [sub] = await db
    .insert(s.membershipSubscriptions)
    .values({
      userId: id,
      planId: ctx.plan.id,
      franchiseeId: ctx.franchiseeId,
      vehicles: 1,
      status: "active",
      unitPriceCents: 3_999,
      royaltyBasisPoints: 800,
      stripeAccountId: ctx.accountId,
      stripeCustomerId: customer.id,
      stripePaymentMethodId: "pm_standin_processing",
      requestKey: `key-${id}`,
      currentPeriodStart: START,
      currentPeriodEnd: addMonth(START),
    })
    .returning();
  return sub!.id;
}

function helpers(db: () => Db) {
  const subOf = async (id: string) =>
    (await db().select().from(s.membershipSubscriptions).where(eq(s.membershipSubscriptions.id, id)))[0]!;
  const chargeOf = async (id: string) =>
    (await db().select().from(s.membershipCharges).where(eq(s.membershipCharges.subscriptionId, id)))[0]!;
  const ledgerOf = async (chargeId: string) =>
    db().select().from(s.payments).where(eq(s.payments.membershipChargeId, chargeId));
  const jobsOf = async (name: string, chargeId: string) =>
    (await db().select().from(s.jobs).where(eq(s.jobs.name, name))).filter((job) =>
      JSON.stringify(job.payload).includes(chargeId),
    );
  /** The PaymentIntents Stripe was asked to make for the charge (each try's key, replays included). */
  const intentsMade = (chargeId: string) =>
    stripeTest.standIn.requests.filter(
      (r) => r.method === "POST" && r.idempotencyKey?.startsWith(`membership:${chargeId}:`),
    );
  const renew = (db: Db, now: Date, subscriptionId?: string) =>
    renewDueMemberships(db, { now, stripe: stripeTest.stripe, subscriptionId });
  return { subOf, chargeOf, ledgerOf, jobsOf, intentsMade, renew };
}

describeDatabases("a membership renewal Stripe leaves processing", ({ db, kind }) => {
  let ctx: Awaited<ReturnType<typeof prepare>>;
  const { subOf, chargeOf, ledgerOf, jobsOf, intentsMade, renew } = helpers(db);

  beforeAll(async () => {
    ctx = await prepare(db(), `processing-${kind}`);
  });

  /** A renewal run on the period's last day, answered `processing`: the charge waits. */
  async function processing() {
    const subId = await member(db(), ctx);
    expect(await renew(db(), RENEWAL, subId)).toEqual({ charged: 0, refused: 0 });
    const charge = await chargeOf(subId);
    expect(charge).toMatchObject({ status: "charging", attempts: 1, failureCode: null });
    expect(stripeTest.standIn.object<{ status: string }>(charge.stripePaymentIntentId!).status).toBe(
      "processing",
    );
    return { subId, charge };
  }

  it("waits, neither charged again nor refused, and a later run settles it once when Stripe has", async () => {
    const { subId, charge } = await processing();
    // The membership stays active on its period, nobody is told of a refusal.
    expect(await subOf(subId)).toMatchObject({ status: "active", currentPeriodEnd: addMonth(START) });
    // One look queued soon after the claim goes stale (the daily run looks again after that).
    const [recheck] = await jobsOf("memberships.renew", subId);
    expect(recheck!.runAt).toEqual(at(11));
    // Runs before the claim is stale, twice at once included, do nothing.
    await Promise.all([renew(db(), at(5)), renew(db(), at(5), subId)]);
    // Stale and still processing: the intent is read again, no new charge, still waiting.
    expect(await renew(db(), at(11), subId)).toEqual({ charged: 0, refused: 0 });
    expect(await chargeOf(subId)).toMatchObject({ status: "charging", attempts: 1 });
    expect(intentsMade(charge.id)).toHaveLength(1);
    expect(await jobsOf("email.membership-refused", charge.id)).toHaveLength(0);

    stripeTest.standIn.settleIntent(charge.stripePaymentIntentId!, "succeeded");
    // Two runs at once once the claim is stale again: one settles it.
    const outcomes = await Promise.all([renew(db(), at(23), subId), renew(db(), at(23))]);
    expect(outcomes.map((o) => o.charged).sort()).toEqual([0, 1]);
    expect(await renew(db(), at(60 * 24))).toEqual({ charged: 0, refused: 0 });
    expect(intentsMade(charge.id)).toHaveLength(1);
    expect(await chargeOf(subId)).toMatchObject({ status: "succeeded", attempts: 1 });
    const ledger = await ledgerOf(charge.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amountCents: 4_598, applicationFeeCents: 320, status: "succeeded" });
    expect(await subOf(subId)).toMatchObject({
      status: "active",
      currentPeriodStart: addMonth(START),
      currentPeriodEnd: addMonth(addMonth(START)),
    });
    // Its payment_intent.succeeded, arriving after, finds it settled.
    const succeeded = stripeTest.standIn.events.findLast(
      (e) =>
        e.type === "payment_intent.succeeded" &&
        (e.data.object as { id: string }).id === charge.stripePaymentIntentId,
    )!;
    await deliverEvent(db(), stripeTest.standIn, succeeded);
    expect(await processStripeEvent(db(), succeeded.id, { stripe: stripeTest.stripe, now: at(30) })).toBe(
      "stale",
    );
    expect(await ledgerOf(charge.id)).toHaveLength(1);
  });

  it("is settled by payment_intent.succeeded once, a run at the same moment and later charging nothing", async () => {
    const { subId, charge } = await processing();
    const event = stripeTest.standIn.settleIntent(charge.stripePaymentIntentId!, "succeeded");
    await deliverEvent(db(), stripeTest.standIn, event);
    expect(await deliverEvent(db(), stripeTest.standIn, event)).toEqual({ duplicate: true });
    const [byEvent, byRun] = await Promise.all([
      processStripeEvent(db(), event.id, { stripe: stripeTest.stripe, now: at(12) }),
      renew(db(), at(12), subId),
    ]);
    expect([byEvent === "applied", byRun.charged === 1].filter(Boolean)).toHaveLength(1);
    expect(await renew(db(), at(60 * 24), subId)).toEqual({ charged: 0, refused: 0 });
    expect(intentsMade(charge.id)).toHaveLength(1);
    expect(await chargeOf(subId)).toMatchObject({ status: "succeeded" });
    expect(await ledgerOf(charge.id)).toHaveLength(1);
    expect((await subOf(subId)).currentPeriodEnd).toBe(addMonth(addMonth(START)));
  });

  it("refused after processing: failed once and told once, then tried again under a new key", async () => {
    const { subId, charge } = await processing();
    const event = stripeTest.standIn.settleIntent(charge.stripePaymentIntentId!, "failed");
    await deliverEvent(db(), stripeTest.standIn, event);
    const [byEvent, byRun] = await Promise.all([
      processStripeEvent(db(), event.id, { stripe: stripeTest.stripe, now: at(12) }),
      renew(db(), at(12), subId),
    ]);
    expect([byEvent === "applied", byRun.refused === 1].filter(Boolean)).toHaveLength(1);
    expect(await chargeOf(subId)).toMatchObject({
      status: "failed",
      attempts: 1,
      failureCode: "generic_decline",
    });
    expect((await subOf(subId)).status).toBe("past_due");
    expect(await jobsOf("email.membership-refused", charge.id)).toHaveLength(1);
    expect(await ledgerOf(charge.id)).toHaveLength(0);
    // The next try, a day later on a card that pays, is a new intent under its own key.
    await db()
      .update(s.membershipSubscriptions)
      .set({ stripePaymentMethodId: "pm_card_visa" })
      .where(eq(s.membershipSubscriptions.id, subId));
    expect(await renew(db(), at(60 * 24 + 12), subId)).toEqual({ charged: 1, refused: 0 });
    expect(intentsMade(charge.id).map((r) => r.idempotencyKey)).toEqual([
      `membership:${charge.id}:1`,
      `membership:${charge.id}:2`,
    ]);
    const paid = await chargeOf(subId);
    expect(paid).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(paid.stripePaymentIntentId).not.toBe(charge.stripePaymentIntentId);
    expect(await ledgerOf(charge.id)).toHaveLength(1);
    expect((await subOf(subId)).status).toBe("active");
  });

  it("a refused try's late event does not settle the next try", async () => {
    const { subId, charge } = await processing();
    const failed = stripeTest.standIn.settleIntent(charge.stripePaymentIntentId!, "failed");
    await renew(db(), at(12), subId);
    await db()
      .update(s.membershipSubscriptions)
      .set({ stripePaymentMethodId: "pm_standin_processing" })
      .where(eq(s.membershipSubscriptions.id, subId));
    await renew(db(), at(60 * 24 + 12), subId);
    expect(await chargeOf(subId)).toMatchObject({ status: "charging", attempts: 2 });
    await deliverEvent(db(), stripeTest.standIn, failed);
    expect(
      await processStripeEvent(db(), failed.id, { stripe: stripeTest.stripe, now: at(60 * 24 + 13) }),
    ).toBe("stale");
    expect(await chargeOf(subId)).toMatchObject({ status: "charging", attempts: 2 });
    expect(await jobsOf("email.membership-refused", charge.id)).toHaveLength(1);
  });
});

describeTwoWorkers(
  "a processing membership renewal",
  "settles once when two workers find its stale claim at the same moment",
  async ([first, second]) => {
    const ctx = await prepare(first, `processing-two-${Math.random()}`);
    const { chargeOf, ledgerOf, intentsMade, renew } = helpers(() => first);
    const subId = await member(first, ctx);
    await renew(first, RENEWAL, subId);
    const charge = await chargeOf(subId);
    stripeTest.standIn.settleIntent(charge.stripePaymentIntentId!, "succeeded");
    const outcomes = await Promise.all([renew(first, at(11)), renew(second, at(11)), renew(second, at(11))]);
    expect(outcomes.reduce((sum, o) => sum + o.charged, 0)).toBe(1);
    expect(intentsMade(charge.id)).toHaveLength(1);
    expect(await ledgerOf(charge.id)).toHaveLength(1);
  },
);
