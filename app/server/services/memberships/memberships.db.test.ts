import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { addMonth } from "~/domain/memberships/memberships";
import type { Db } from "~/server/db.server";
import { FRIDAY_MORNING, granbyRequest, nthGranbyStart } from "../../../../tests/factories/bookings";
import { deliverEvent, setUpStripeStandIn, standInClient } from "../../../../tests/factories/payments";
import { describeDatabases, describeTwoWorkers } from "../../../../tests/setup/db";
import type { SessionUser } from "../../auth.server";
import { bookSlot } from "../booking/book-slot.server";
import { cancelBooking } from "../booking/cancel-booking.server";
import { loadBookingService } from "../booking/booking-context.server";
import { executeRefund } from "../payments/execute-refund.server";
import { franchiseeStatement } from "../payments/payment-statement.server";
import { processStripeEvent } from "../payments/process-stripe-event.server";
import { loadReceipt } from "../payments/receipts.server";
import { requestRefund } from "../payments/request-refund.server";
import { changeMembership, membershipCardReturn, startCardChange } from "./membership-changes.server";
import { clientMembership } from "./membership-views.server";
import { membershipCheckoutCompleted, subscribe } from "./membership-subscribe.server";
import { memberQuote } from "./member-price.server";
import { renewDueMemberships } from "./membership-renewals.server";

// Memberships (issue 34, item 3; ADR 095) on both databases: the first month paid on the hosted
// page, a renewal charged once whether the job runs twice or two workers run it at once, a
// refused renewal retried and told, and a member's booking priced by the period's included washes.

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_standin";
});

const stripeTest = setUpStripeStandIn();

/** The subscription's clock: a Friday morning in Quebec (the period starts that day). */
const NOW = FRIDAY_MORNING;
const START = "2026-03-06";
const DAY_MS = 24 * 3600_000;
const pay = (url: string) =>
  fetch(url, { method: "POST", body: new URLSearchParams({ card: "ok" }), redirect: "manual" });

let serial = 0;

/** Seeds once, an onboarded Granby franchisee and one plan of the booking's default service. */
async function prepare(db: Db, label: string) {
  await seed(db, { demoAccounts: false });
  const [zone] = await db.select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
  const account = await stripeTest.stripe.accounts.create(
    { country: "CA" },
    { idempotencyKey: `${label}:members` },
  );
  await db
    .update(s.franchisees)
    .set({ stripeAccountId: account.id, stripeAccountState: "enabled", royaltyBasisPoints: 800 })
    .where(eq(s.franchisees.id, zone!.franchiseeId!));
  const service = await loadBookingService(db);
  const [plan] = await db
    .insert(s.membershipPlans)
    .values({
      name: "Signature mensuel",
      monthlyPriceCents: 3_999,
      serviceId: service.id,
      includedWashes: 1,
      extrasDiscountBasisPoints: 1_500,
    })
    .returning();
  return { plan: plan!, service };
}

/** A client who subscribed and paid the first month on the stand-in's hosted page, not yet confirmed. */
async function paidSubscriber(db: Db, planId: string, vehicles = 1) {
  serial += 1;
  const id = `member-${serial}-${Math.random().toString(36).slice(2, 8)}`;
  const email = `${id}@example.com`;
  await db.insert(s.users).values({ id, name: "Léa Membre", email, role: "client", emailVerified: true });
  const user = {
    id,
    email,
    name: "Léa Membre",
    firstName: "Léa",
    lastName: "Membre",
    role: "client" as const,
  };
  const url = await subscribe(db, {
    user,
    form: { planId, zone: "granby", vehicles, requestKey: `key-${id}-0123456789` },
    // Stripe's page lives on the wall clock; the period starts on the test's day.
    now: new Date(),
    stripe: stripeTest.stripe,
  });
  const paid = await pay(url);
  expect(paid.status).toBe(303);
  const [sub] = await db
    .select()
    .from(s.membershipSubscriptions)
    .where(eq(s.membershipSubscriptions.userId, id));
  return { ...user, subId: sub!.id, sessionId: sub!.stripeCheckoutSessionId! };
}

/** A client whose first month is paid and confirmed by the return from Stripe. */
async function member(db: Db, planId: string, vehicles = 1): Promise<SessionUser & { subId: string }> {
  const user = await paidSubscriber(db, planId, vehicles);
  await membershipCheckoutCompleted(db, stripeTest.stripe, user.sessionId, NOW);
  return user;
}

/** A subscription's rows in the payments ledger (its periods paid, and their refunds). */
async function ledgerOf(db: Db, subId: string) {
  const rows = await db
    .select({ payment: s.payments })
    .from(s.payments)
    .innerJoin(s.membershipCharges, eq(s.membershipCharges.id, s.payments.membershipChargeId))
    .where(eq(s.membershipCharges.subscriptionId, subId));
  return rows.map((row) => row.payment);
}

const membershipIntents = (_subId: string) =>
  stripeTest.standIn.requests.filter(
    (r) =>
      r.method === "POST" && r.path === "/v1/payment_intents" && r.idempotencyKey?.startsWith("membership:"),
  ).length;

describeDatabases("memberships", ({ db, kind }) => {
  let plan: typeof s.membershipPlans.$inferSelect;

  beforeAll(async () => {
    ({ plan } = await prepare(db(), kind));
  });

  const subOf = async (id: string) =>
    (await db().select().from(s.membershipSubscriptions).where(eq(s.membershipSubscriptions.id, id)))[0]!;
  const chargesOf = (id: string) =>
    db().select().from(s.membershipCharges).where(eq(s.membershipCharges.subscriptionId, id));

  it("activates the subscription once, its first month paid with the royalty as application fee", async () => {
    const user = await member(db(), plan.id, 2);
    const sub = await subOf(user.subId);
    expect(sub.status).toBe("active");
    expect([sub.currentPeriodStart, sub.currentPeriodEnd]).toEqual([START, addMonth(START)]);
    expect(sub.stripePaymentMethodId).toMatch(/^pm_/);
    // A second confirmation (the webhook after the return) changes nothing.
    expect(
      await membershipCheckoutCompleted(db(), stripeTest.stripe, sub.stripeCheckoutSessionId!, NOW),
    ).toBe("stale");
    const charges = await chargesOf(sub.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      status: "succeeded",
      subtotalCents: 7_998,
      amountCents: 9_196,
      applicationFeeCents: 640,
    });
    const session = stripeTest.standIn.object<{ payment_intent: string }>(sub.stripeCheckoutSessionId!);
    expect(
      stripeTest.standIn.object<{ application_fee_amount: number; amount: number }>(session.payment_intent),
    ).toMatchObject({
      amount: 9_196,
      application_fee_amount: 640,
    });
  });

  it("renews once when the job runs twice, and twice at once", async () => {
    const user = await member(db(), plan.id);
    const before = membershipIntents(user.subId);
    const renewal = new Date(NOW.getTime() + 31 * DAY_MS);
    await Promise.all([
      renewDueMemberships(db(), { now: renewal, stripe: stripeTest.stripe, subscriptionId: user.subId }),
      renewDueMemberships(db(), { now: renewal, stripe: stripeTest.stripe, subscriptionId: user.subId }),
    ]);
    await renewDueMemberships(db(), { now: renewal, stripe: stripeTest.stripe, subscriptionId: user.subId });
    expect(membershipIntents(user.subId) - before).toBe(1);
    const charges = await chargesOf(user.subId);
    expect(charges.map((c) => [c.periodStart, c.status]).sort()).toEqual([
      [START, "succeeded"],
      [addMonth(START), "succeeded"],
    ]);
    const sub = await subOf(user.subId);
    expect([sub.status, sub.currentPeriodStart, sub.currentPeriodEnd]).toEqual([
      "active",
      addMonth(START),
      addMonth(addMonth(START)),
    ]);
  });

  it("a worker that dies after Stripe charged, before the intent is saved: the next run gets the same intent, charged once", async () => {
    const user = await member(db(), plan.id);
    const renewal = new Date(NOW.getTime() + 31 * DAY_MS);
    // Stripe makes the renewal's PaymentIntent, then the worker stops before writing its id.
    const dying = standInClient(stripeTest.standIn);
    const create = dying.paymentIntents.create.bind(dying.paymentIntents);
    let made = "";
    dying.paymentIntents.create = (async (...args: Parameters<typeof create>) => {
      made = (await create(...args)).id;
      throw new Error("worker stopped");
    }) as typeof create;
    await expect(
      renewDueMemberships(db(), { now: renewal, stripe: dying, subscriptionId: user.subId }),
    ).rejects.toThrow("worker stopped");
    const [left] = (await chargesOf(user.subId)).filter((c) => c.periodStart === addMonth(START));
    expect(left).toMatchObject({ status: "charging", attempts: 1, stripePaymentIntentId: null });
    const paidIntents = () =>
      stripeTest.standIn.events.filter(
        (e) =>
          e.type === "payment_intent.succeeded" &&
          (e.data.object as { metadata: Record<string, string> }).metadata.membership_charge_id === left!.id,
      );
    expect(paidIntents()).toHaveLength(1);

    // Before the claim is stale, another run leaves it alone; after, the same try goes again under
    // the same key, and Stripe answers the intent it made.
    const runAt = (minutes: number) =>
      renewDueMemberships(db(), {
        now: new Date(renewal.getTime() + minutes * 60_000),
        stripe: stripeTest.stripe,
        subscriptionId: user.subId,
      });
    expect(await runAt(5)).toEqual({ charged: 0, refused: 0 });
    expect(await runAt(11)).toEqual({ charged: 1, refused: 0 });
    expect(await runAt(12)).toEqual({ charged: 0, refused: 0 });
    const [charge] = (await chargesOf(user.subId)).filter((c) => c.id === left!.id);
    expect(charge).toMatchObject({ status: "succeeded", attempts: 1, stripePaymentIntentId: made });
    expect(paidIntents()).toHaveLength(1);
    const keys = stripeTest.standIn.requests
      .filter((r) => r.method === "POST" && r.path === "/v1/payment_intents")
      .map((r) => r.idempotencyKey)
      .filter((key) => key?.startsWith(`membership:${left!.id}:`));
    expect(keys).toEqual([`membership:${left!.id}:1`, `membership:${left!.id}:1`]);
    expect((await ledgerOf(db(), user.subId)).filter((p) => p.membershipChargeId === left!.id)).toHaveLength(
      1,
    );
    expect((await subOf(user.subId)).currentPeriodStart).toBe(addMonth(START));
  });

  it("retries a refused renewal after a day, tells the customer each time, and ends after the third", async () => {
    const user = await member(db(), plan.id);
    await db()
      .update(s.membershipSubscriptions)
      .set({ stripePaymentMethodId: "pm_card_chargeDeclined" })
      .where(eq(s.membershipSubscriptions.id, user.subId));
    let at = new Date(NOW.getTime() + 31 * DAY_MS);
    expect(
      await renewDueMemberships(db(), { now: at, stripe: stripeTest.stripe, subscriptionId: user.subId }),
    ).toEqual({
      charged: 0,
      refused: 1,
    });
    expect((await subOf(user.subId)).status).toBe("past_due");
    // Not before its retry time.
    expect(
      (await renewDueMemberships(db(), { now: at, stripe: stripeTest.stripe, subscriptionId: user.subId }))
        .refused,
    ).toBe(0);
    at = new Date(at.getTime() + DAY_MS);
    expect(
      (await renewDueMemberships(db(), { now: at, stripe: stripeTest.stripe, subscriptionId: user.subId }))
        .refused,
    ).toBe(1);
    at = new Date(at.getTime() + 3 * DAY_MS);
    expect(
      (await renewDueMemberships(db(), { now: at, stripe: stripeTest.stripe, subscriptionId: user.subId }))
        .refused,
    ).toBe(1);
    expect((await subOf(user.subId)).status).toBe("cancelled");
    const [charge] = (await chargesOf(user.subId)).filter((c) => c.periodStart !== START);
    expect(charge).toMatchObject({ status: "failed", attempts: 3, failureCode: "generic_decline" });
    const mails = (
      await db().select().from(s.jobs).where(eq(s.jobs.name, "email.membership-refused"))
    ).filter((job) => (job.payload as { chargeId: string }).chargeId === charge!.id);
    expect(mails).toHaveLength(3);
  });

  it("prices a member's included wash at 0 $ with the extras' discount, once per period, and gives it back on cancel", async () => {
    const user = await member(db(), plan.id);
    const [upsell] = await db()
      .select()
      .from(s.upsellOptions)
      .where(eq(s.upsellOptions.isActive, true))
      .limit(1);
    const book = (n: number) =>
      bookSlot(db(), {
        actor: user,
        input: granbyRequest({ start: nthGranbyStart(n), email: user.email, upsells: [upsell!.name] }),
        now: NOW,
      });
    // The wizard's summary prices it as the booking will: one wash left, the plan's discount.
    expect(await memberQuote(db(), user.id)).toMatchObject({
      serviceId: plan.serviceId,
      left: 1,
      extrasDiscountBasisPoints: 1_500,
      periodStart: START,
    });
    // Two bookings at once: one gets the included wash, the other pays it.
    const [a, b] = await Promise.all([book(2), book(3)]);
    expect((await memberQuote(db(), user.id))!.left).toBe(0);
    const extras = upsell!.priceCents - Math.floor((2 * upsell!.priceCents * 1_500 + 10_000) / 20_000);
    const prices = [a.priceCents, b.priceCents].sort((x, y) => x - y);
    expect(prices[0]).toBe(extras);
    expect(prices[1]).toBeGreaterThan(extras);
    expect((await clientMembership(db(), user.id))!).toMatchObject({ included: 1, used: 1 });
    const free = a.priceCents === extras ? a : b;
    await cancelBooking(db(), { bookingId: free.bookingId, input: {}, now: NOW, actor: user });
    expect((await clientMembership(db(), user.id))!.used).toBe(0);
  });

  it("pauses (no renewal), resumes (charged today when the period ended), and cancels", async () => {
    const user = await member(db(), plan.id);
    await changeMembership(db(), { userId: user.id, action: "pause", now: NOW });
    const later = new Date(NOW.getTime() + 40 * DAY_MS);
    await renewDueMemberships(db(), { now: later, stripe: stripeTest.stripe, subscriptionId: user.subId });
    expect(await chargesOf(user.subId)).toHaveLength(1);
    await changeMembership(db(), { userId: user.id, action: "resume", now: later });
    await renewDueMemberships(db(), { now: later, stripe: stripeTest.stripe, subscriptionId: user.subId });
    const sub = await subOf(user.subId);
    expect(sub.status).toBe("active");
    expect(sub.currentPeriodStart).toBe("2026-04-15");
    await changeMembership(db(), { userId: user.id, action: "cancel", now: later });
    expect((await subOf(user.subId)).status).toBe("cancelled");
    const [row] = await db()
      .select()
      .from(s.membershipCharges)
      .where(
        and(
          eq(s.membershipCharges.subscriptionId, user.subId),
          eq(s.membershipCharges.periodStart, "2026-04-15"),
        ),
      );
    expect(row?.status).toBe("succeeded");
  });

  it("records each paid period in the ledger under its own key, with a receipt, credited less the royalty", async () => {
    const user = await member(db(), plan.id, 2);
    const renewal = new Date(NOW.getTime() + 31 * DAY_MS);
    await Promise.all([
      renewDueMemberships(db(), { now: renewal, stripe: stripeTest.stripe, subscriptionId: user.subId }),
      renewDueMemberships(db(), { now: renewal, stripe: stripeTest.stripe, subscriptionId: user.subId }),
    ]);
    await renewDueMemberships(db(), { now: renewal, stripe: stripeTest.stripe, subscriptionId: user.subId });
    const ledger = await ledgerOf(db(), user.subId);
    expect(ledger).toHaveLength(2);
    expect(new Set(ledger.map((row) => row.idempotencyKey)).size).toBe(2);
    for (const row of ledger) {
      expect(row).toMatchObject({
        kind: "membership",
        method: "stripe",
        status: "succeeded",
        appointmentId: null,
        subtotalCents: 7_998,
        tpsCents: 400,
        tvqCents: 798,
        amountCents: 9_196,
        applicationFeeCents: 640,
        stripePaymentIntentId: expect.stringMatching(/^pi_/),
      });
    }
    // One receipt each, queued once; the page's lines add up to the amount.
    const receipts = (await db().select().from(s.jobs).where(eq(s.jobs.name, "email.receipt"))).filter(
      (job) => ledger.some((row) => row.id === (job.payload as { paymentId: string }).paymentId),
    );
    expect(receipts).toHaveLength(2);
    const owner = { id: user.id, email: user.email, emailVerified: true };
    const receipt = await loadReceipt(db(), ledger[0]!.id, { owner });
    expect(receipt).toMatchObject({
      kind: "membership",
      bookingId: expect.stringMatching(/^ABO-/),
      customerEmail: user.email,
      membership: { planName: plan.name, vehicles: 2 },
    });
    expect(receipt!.subtotalCents + receipt!.tpsCents + receipt!.tvqCents).toBe(receipt!.amountCents);
    // Nobody else's receipt.
    expect(await loadReceipt(db(), ledger[0]!.id, { owner: { ...owner, id: "someone-else" } })).toBeNull();
    // In the franchisee's statement of each month: the amount less the royalty.
    const franchiseeId = ledger[0]!.franchiseeId;
    for (const month of ["2026-03", "2026-04"]) {
      const statement = await franchiseeStatement(db(), { franchiseeId, month });
      const mine = statement.rows.filter((row) => ledger.some((l) => l.id === row.id));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        kind: "membership",
        amountCents: 9_196,
        feeCents: 640,
        netCents: 8_556,
        refundableCents: 9_196,
        customerName: "Léa Membre",
      });
    }
  });

  it("refunds a paid period through the refund path, with its own receipt", async () => {
    const user = await member(db(), plan.id);
    const [paid] = await ledgerOf(db(), user.subId);
    const [admin] = await db()
      .insert(s.users)
      .values({ id: `admin-${user.id}`, name: "Admin", email: `admin-${user.id}@example.com`, role: "admin" })
      .returning();
    const refund = {
      paymentId: paid!.id,
      key: crypto.randomUUID(),
      amount: 1_000,
      reason: "Geste commercial",
    };
    const asked = await requestRefund(db(), { actor: { id: admin!.id, role: "admin" }, refund });
    // A double submit is one refund.
    expect((await requestRefund(db(), { actor: { id: admin!.id, role: "admin" }, refund })).replayed).toBe(
      true,
    );
    await executeRefund(db(), asked.refundId, { stripe: stripeTest.stripe, now: NOW });
    const rows = await ledgerOf(db(), user.subId);
    const back = rows.find((row) => row.kind === "refund");
    expect(back).toMatchObject({
      status: "succeeded",
      amountCents: 1_000,
      refundOf: paid!.id,
      stripeRefundId: expect.stringMatching(/^re_/),
    });
    const receipt = await loadReceipt(db(), back!.id, {
      owner: { id: user.id, email: user.email, emailVerified: true },
    });
    expect(receipt).toMatchObject({
      kind: "refund",
      amountCents: 1_000,
      membership: { planName: plan.name },
    });
    expect(receipt!.subtotalCents + receipt!.tpsCents + receipt!.tvqCents).toBe(1_000);
  });

  it("activates once when the webhook and the return from Stripe come at once", async () => {
    const user = await paidSubscriber(db(), plan.id);
    const completed = stripeTest.standIn.events.findLast(
      (e) =>
        e.type === "checkout.session.completed" && (e.data.object as { id: string }).id === user.sessionId,
    )!;
    expect(await deliverEvent(db(), stripeTest.standIn, completed)).toEqual({ duplicate: false });
    const outcomes = await Promise.all([
      processStripeEvent(db(), completed.id, { stripe: stripeTest.stripe, now: NOW }),
      membershipCheckoutCompleted(db(), stripeTest.stripe, user.sessionId, NOW),
    ]);
    expect(outcomes.filter((o) => o === "applied")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "stale")).toHaveLength(1);
    const sub = await subOf(user.subId);
    expect(sub.status).toBe("active");
    expect(sub.stripePaymentMethodId).toMatch(/^pm_/);
    expect(await chargesOf(user.subId)).toHaveLength(1);
    expect(await ledgerOf(db(), user.subId)).toHaveLength(1);
  });

  it("activates by the webhook alone, the return finding it done", async () => {
    const user = await paidSubscriber(db(), plan.id);
    const completed = stripeTest.standIn.events.findLast(
      (e) =>
        e.type === "checkout.session.completed" && (e.data.object as { id: string }).id === user.sessionId,
    )!;
    await deliverEvent(db(), stripeTest.standIn, completed);
    expect(await processStripeEvent(db(), completed.id, { stripe: stripeTest.stripe, now: NOW })).toBe(
      "applied",
    );
    expect(await membershipCheckoutCompleted(db(), stripeTest.stripe, user.sessionId, NOW)).toBe("stale");
    expect((await subOf(user.subId)).status).toBe("active");
    expect(await ledgerOf(db(), user.subId)).toHaveLength(1);
  });
});

describeDatabases("a past-due membership's card", ({ db, kind }) => {
  let plan: typeof s.membershipPlans.$inferSelect;
  /** The renewal's day: the first month ended, its renewal refused. */
  const RENEWAL = new Date(NOW.getTime() + 31 * DAY_MS);

  beforeAll(async () => {
    ({ plan } = await prepare(db(), `${kind}-card`));
  });

  const subOf = async (id: string) =>
    (await db().select().from(s.membershipSubscriptions).where(eq(s.membershipSubscriptions.id, id)))[0]!;
  const renewalOf = async (id: string) =>
    (
      await db()
        .select()
        .from(s.membershipCharges)
        .where(
          and(
            eq(s.membershipCharges.subscriptionId, id),
            eq(s.membershipCharges.periodStart, addMonth(START)),
          ),
        )
    )[0]!;
  const intentKeys = (chargeId: string) =>
    stripeTest.standIn.requests
      .filter((r) => r.method === "POST" && r.path === "/v1/payment_intents")
      .map((r) => r.idempotencyKey)
      .filter((key) => key?.startsWith(`membership:${chargeId}:`));

  /** A member whose first renewal the card kept refused: past due, its charge failed once. */
  async function pastDue() {
    const user = await member(db(), plan.id);
    await db()
      .update(s.membershipSubscriptions)
      .set({ stripePaymentMethodId: "pm_card_chargeDeclined" })
      .where(eq(s.membershipSubscriptions.id, user.subId));
    await renewDueMemberships(db(), { now: RENEWAL, stripe: stripeTest.stripe, subscriptionId: user.subId });
    expect((await subOf(user.subId)).status).toBe("past_due");
    return user;
  }

  /** « Changer de carte »: the stand-in's setup page, where `card` is typed. Its session's id. */
  async function changeCard(userId: string, card = "ok", requestKey = crypto.randomUUID()) {
    const url = await startCardChange(db(), {
      userId,
      requestKey,
      now: new Date(),
      stripe: stripeTest.stripe,
    });
    const typed = await fetch(url, {
      method: "POST",
      body: new URLSearchParams({ card }),
      redirect: "manual",
    });
    expect(typed.status).toBe(303);
    expect(typed.headers.get("location")).toMatch(/\/client\/abonnement\?carte=cs_/);
    return new URL(url).pathname.split("/").pop()!;
  }

  it("keeps the new card and tries the refused charge once on it: the membership is active again", async () => {
    const user = await pastDue();
    // A double submit of the form is one page.
    const key = crypto.randomUUID();
    const now = new Date();
    expect(
      await startCardChange(db(), { userId: user.id, requestKey: key, now, stripe: stripeTest.stripe }),
    ).toBe(await startCardChange(db(), { userId: user.id, requestKey: key, now, stripe: stripeTest.stripe }));
    const session = await changeCard(user.id);
    expect(stripeTest.standIn.object<{ mode: string }>(session).mode).toBe("setup");
    const charge = await renewalOf(user.subId);
    expect(
      await membershipCardReturn(db(), stripeTest.stripe, {
        userId: user.id,
        sessionId: session,
        now: RENEWAL,
      }),
    ).toBe("paid");
    // The second try, under its own key; the first was the refused one.
    expect(intentKeys(charge.id)).toEqual([`membership:${charge.id}:1`, `membership:${charge.id}:2`]);
    const sub = await subOf(user.subId);
    expect(sub.stripePaymentMethodId).not.toBe("pm_card_chargeDeclined");
    expect([sub.status, sub.currentPeriodStart, sub.currentPeriodEnd]).toEqual([
      "active",
      addMonth(START),
      addMonth(addMonth(START)),
    ]);
    expect(await renewalOf(user.subId)).toMatchObject({
      status: "succeeded",
      attempts: 2,
      failureCode: null,
    });
    expect(await ledgerOf(db(), user.subId)).toHaveLength(2);
    // Coming back again (a reload): nothing charged twice.
    expect(
      await membershipCardReturn(db(), stripeTest.stripe, {
        userId: user.id,
        sessionId: session,
        now: RENEWAL,
      }),
    ).toBe("paid");
    expect(intentKeys(charge.id)).toHaveLength(2);
  });

  it("tries once when the webhook and the return come at once", async () => {
    const user = await pastDue();
    const session = await changeCard(user.id);
    const charge = await renewalOf(user.subId);
    const completed = stripeTest.standIn.events.findLast(
      (e) => e.type === "checkout.session.completed" && (e.data.object as { id: string }).id === session,
    )!;
    expect(await deliverEvent(db(), stripeTest.standIn, completed)).toEqual({ duplicate: false });
    const [event, back] = await Promise.all([
      processStripeEvent(db(), completed.id, { stripe: stripeTest.stripe, now: RENEWAL }),
      membershipCardReturn(db(), stripeTest.stripe, { userId: user.id, sessionId: session, now: RENEWAL }),
    ]);
    expect(["applied", "stale"]).toContain(event);
    expect(["paid", "pending"]).toContain(back);
    // The job the webhook queued finds the charge paid, or pays it if the return did not.
    await renewDueMemberships(db(), { now: RENEWAL, stripe: stripeTest.stripe, subscriptionId: user.subId });
    await renewDueMemberships(db(), { now: RENEWAL, stripe: stripeTest.stripe, subscriptionId: user.subId });
    expect(intentKeys(charge.id)).toHaveLength(2);
    expect((await subOf(user.subId)).status).toBe("active");
    expect(await ledgerOf(db(), user.subId)).toHaveLength(2);
  });

  it("a new card refused too: told, tried again on schedule, a reload charging nothing", async () => {
    const user = await pastDue();
    const session = await changeCard(user.id, "authentication_required");
    const charge = await renewalOf(user.subId);
    expect(
      await membershipCardReturn(db(), stripeTest.stripe, {
        userId: user.id,
        sessionId: session,
        now: RENEWAL,
      }),
    ).toBe("refused");
    expect(
      await membershipCardReturn(db(), stripeTest.stripe, {
        userId: user.id,
        sessionId: session,
        now: RENEWAL,
      }),
    ).toBe("refused");
    expect(intentKeys(charge.id)).toHaveLength(2);
    const after = await renewalOf(user.subId);
    expect(after).toMatchObject({ status: "failed", attempts: 2 });
    expect(after.nextAttemptAt!.getTime()).toBeGreaterThan(RENEWAL.getTime());
    expect((await subOf(user.subId)).status).toBe("past_due");
  });

  it("only for the customer's own past-due membership", async () => {
    const user = await pastDue();
    const session = await changeCard(user.id);
    const other = await member(db(), plan.id);
    // Another customer's session: nothing kept, nothing charged.
    expect(
      await membershipCardReturn(db(), stripeTest.stripe, {
        userId: other.id,
        sessionId: session,
        now: RENEWAL,
      }),
    ).toBeNull();
    expect((await subOf(user.subId)).status).toBe("past_due");
    expect(intentKeys((await renewalOf(user.subId)).id)).toHaveLength(1);
    // An active membership has no card to change here.
    await expect(
      startCardChange(db(), {
        userId: other.id,
        requestKey: crypto.randomUUID(),
        now: new Date(),
        stripe: stripeTest.stripe,
      }),
    ).rejects.toMatchObject({ code: "MEMBERSHIP_REFUSED" });
  });
});

describeTwoWorkers(
  "membership renewal",
  "charges a period once when two workers run the renewal at the same moment",
  async ([first, second]) => {
    const { plan } = await prepare(first, `two-workers-${Math.random()}`);
    const user = await member(first, plan.id);
    const before = membershipIntents(user.subId);
    const renewal = new Date(NOW.getTime() + 31 * DAY_MS);
    await Promise.all([
      renewDueMemberships(first, { now: renewal, stripe: stripeTest.stripe }),
      renewDueMemberships(second, { now: renewal, stripe: stripeTest.stripe }),
      renewDueMemberships(first, { now: renewal, stripe: stripeTest.stripe }),
    ]);
    expect(membershipIntents(user.subId) - before).toBe(1);
    const charges = await first
      .select()
      .from(s.membershipCharges)
      .where(eq(s.membershipCharges.subscriptionId, user.subId));
    expect(charges.filter((c) => c.status === "succeeded")).toHaveLength(2);
    expect(await ledgerOf(first, user.subId)).toHaveLength(2);
  },
);
