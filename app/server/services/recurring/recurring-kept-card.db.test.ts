import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import type Stripe from "stripe";
import { seed } from "~/server/seed/seed";
import * as s from "#db/schema";
import { paymentTerms, priceLinesOf } from "~/domain/payments/terms";
import {
  clearBookings,
  FRIDAY_MORNING as NOW,
  granbyRequest as request,
  setOnDuty,
  teamOf,
} from "../../../../tests/factories/bookings";
import { standInClient, setUpStripeStandIn } from "../../../../tests/factories/payments";
import { createPaymentHandlers } from "../../jobs/handlers/payments.server";
import { describeDatabases, describeTwoWorkers } from "../../../../tests/setup/db";
import type { Db } from "../../db.server";
import { bookSlot } from "../booking/book-slot.server";
import { confirmationKey } from "../messaging/notify.server";
import {
  KEPT_CARD_NO_ANSWER,
  keptCardDepositKey,
  occurrenceCardStep,
  secureWithKeptCard,
} from "../payments/kept-card-step.server";
import { customerFor } from "../payments/start-card-step.server";
import { placeDueOccurrences } from "./place-occurrences.server";
import { recurringPanel } from "./series-panel.server";
import { startSeries } from "./series.server";

// A recurring wash in a deposit zone secured with the card its customer keeps with us (ADR 086,
// 'Payments'), on both databases, through the SDK and the stand-in: the deposit charged
// off-session once (two runs at once, two calls at once), its ledger row and receipt; a card
// declined or needing the customer falls back to the link path; no card kept: the link path.

vi.hoisted(() => {
  process.env.STRIPE_SECRET_KEY = "sk_test_standin";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_standin";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_standin";
});

const stripeTest = setUpStripeStandIn();

/** The source: Monday 2026-03-09 at 10:00; every two weeks, three dates within the lookahead. */
const SOURCE_START = "2026-03-09T10:00:00-04:00";
/**
 * The series' customer: one address per test, as the stand-in outlives the tests and keeps the
 * Stripe customer of an address (its key) with the cards saved on it.
 */
let EMAIL = "";

async function startFrom(db: Db) {
  const source = await bookSlot(db, {
    actor: null,
    input: request({ start: SOURCE_START, email: EMAIL }),
    now: NOW,
  });
  await startSeries(db, {
    bookingId: source.bookingId,
    token: source.manageToken,
    actor: null,
    intervalWeeks: 2,
    now: NOW,
  });
  return source;
}

/** The customer's Stripe customer with a card saved from one of Stripe's test payment methods. */
async function keepCard(db: Db, testMethod: string) {
  const customerId = await customerFor(db, stripeTest.stripe, EMAIL, "Léa Tremblay", null);
  const card = await stripeTest.stripe.paymentMethods.attach(testMethod, { customer: customerId });
  return { customerId, cardId: card.id };
}

/** Granby takes a 25 % deposit, its franchisee's Stripe account enabled (royalty 8 %). */
async function takeDeposits(db: Db, key: string) {
  const [zone] = await db.select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
  const account = await stripeTest.stripe.accounts.create(
    { country: "CA" },
    { idempotencyKey: `${key}:kept-card-acct` },
  );
  await db.insert(s.zonePaymentSettings).values({
    zoneId: zone!.id,
    mode: "deposit",
    depositRule: "percent",
    depositValue: 2_500,
    lateCancelRule: "deposit",
    noShowRule: "deposit",
  });
  await db
    .update(s.franchisees)
    .set({ stripeAccountId: account.id, stripeAccountState: "enabled", royaltyBasisPoints: 800 })
    .where(eq(s.franchisees.id, zone!.franchiseeId!));
}

describeDatabases("recurring washes paid with a kept card", ({ db, kind }) => {
  let team: string[];

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    team = await teamOf(db(), "granby");
    await takeDeposits(db(), kind);
  });

  beforeEach(async () => {
    EMAIL = `lea.${kind}.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await db().delete(s.bookingSeriesOccurrences);
    await db().delete(s.bookingSeries);
    await db().delete(s.payments);
    await db().delete(s.appointmentPaymentPlans);
    await db().delete(s.paymentCustomers);
    await clearBookings(db());
    await setOnDuty(db(), team, team);
  });

  const occurrences = () =>
    db()
      .select({ appointment: s.appointments, plan: s.appointmentPaymentPlans })
      .from(s.bookingSeriesOccurrences)
      .innerJoin(s.appointments, eq(s.appointments.id, s.bookingSeriesOccurrences.appointmentId))
      .leftJoin(s.appointmentPaymentPlans, eq(s.appointmentPaymentPlans.appointmentId, s.appointments.id))
      .orderBy(s.bookingSeriesOccurrences.occurrenceDate);
  const jobs = async (name: string) => db().select().from(s.jobs).where(eq(s.jobs.name, name));
  const jobsOf = async (name: string, appointmentId: string) =>
    (await jobs(name)).filter(
      (job) => (job.payload as { appointmentId?: string }).appointmentId === appointmentId,
    );
  const depositsOf = (appointmentId: string) =>
    db()
      .select()
      .from(s.payments)
      .where(and(eq(s.payments.appointmentId, appointmentId), eq(s.payments.kind, "deposit")));
  /** The payment intents the stand-in charged for a booking. */
  const intentsOf = (appointmentId: string) =>
    stripeTest.standIn.events
      .filter((e) => e.type === "payment_intent.succeeded")
      .map((e) => e.data.object as Stripe.PaymentIntent)
      .filter((intent) => intent.metadata.appointment_id === appointmentId);

  /**
   * The dates placed, then each one's card step as the placement runs it. On the real clock: the
   * link path's hosted page must expire 30 minutes after Stripe's own clock, which NOW is not.
   */
  const placeThenStep = async () => {
    expect(await placeDueOccurrences(db(), { now: NOW })).toMatchObject({ placed: 3 });
    const now = new Date();
    for (const { appointment } of await occurrences()) {
      const booking = { appointmentId: appointment.id, bookingId: appointment.bookingId };
      expect(await occurrenceCardStep(db(), booking, { stripe: stripeTest.stripe, now })).toBe("link");
    }
    return now;
  };

  it("places each date paid: the deposit charged off-session to the kept card, no hold, no link, one receipt", async () => {
    await startFrom(db());
    const { customerId, cardId } = await keepCard(db(), "pm_card_visa");
    expect(await placeDueOccurrences(db(), { now: NOW, stripe: stripeTest.stripe })).toMatchObject({
      placed: 3,
    });
    const rows = await occurrences();
    expect(rows).toHaveLength(3);
    for (const { appointment, plan } of rows) {
      expect(plan).toMatchObject({
        status: "secured",
        mode: "deposit",
        holdUntil: null,
        stripeCheckoutSessionId: null,
        stripeCustomerId: customerId,
        stripePaymentMethodId: cardId,
      });
      // The terms as a web booking's, from the booking's own lines.
      const terms = paymentTerms(
        {
          mode: "deposit",
          deposit: { rule: "percent", basisPoints: 2_500 },
          lateCancel: { rule: "deposit" },
          noShow: { rule: "deposit" },
        },
        priceLinesOf(appointment.priceCents),
        800,
      );
      const [deposit, ...others] = await depositsOf(appointment.id);
      expect(others).toHaveLength(0);
      expect(deposit).toMatchObject({
        status: "succeeded",
        method: "stripe",
        amountCents: terms.today.totalCents,
        subtotalCents: terms.today.subtotalCents,
        tpsCents: terms.today.tpsCents,
        tvqCents: terms.today.tvqCents,
        applicationFeeCents: terms.today.applicationFeeCents,
        idempotencyKey: keptCardDepositKey(appointment.id),
      });
      expect(deposit!.amountCents).toBe(deposit!.subtotalCents + deposit!.tpsCents + deposit!.tvqCents);
      expect(plan!.depositCents).toBe(deposit!.amountCents);
      // What Stripe moved is what the receipt prints, for the franchisee with the royalty.
      const [intent, ...again] = intentsOf(appointment.id);
      expect(again).toHaveLength(0);
      expect(intent).toMatchObject({
        id: deposit!.stripePaymentIntentId,
        amount: deposit!.amountCents,
        application_fee_amount: deposit!.applicationFeeCents,
        customer: customerId,
        payment_method: cardId,
        on_behalf_of: plan!.stripeAccountId,
        transfer_data: { destination: plan!.stripeAccountId },
      });
      expect(
        (await jobs("email.receipt")).filter(
          (j) => (j.payload as { paymentId: string }).paymentId === deposit!.id,
        ),
      ).toHaveLength(1);
      // No hold, no link; the confirmation that waited goes now.
      expect(await jobsOf("payments.release-hold", appointment.id)).toHaveLength(0);
      const mails = await jobsOf("email.booking", appointment.id);
      expect(mails.map((j) => (j.payload as { kind: string }).kind)).toEqual(["confirmation"]);
      expect(mails[0]!.singletonKey).toBe(confirmationKey(appointment.id));
      expect(mails[0]!.runAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(await db().select().from(s.smsMessages)).toHaveLength(0);
    // The stand-in was asked once per booking, under the booking's key.
    const charges = stripeTest.standIn.requests.filter(
      (r) => r.method === "POST" && r.path === "/v1/payment_intents",
    );
    for (const { appointment } of rows) {
      expect(charges.filter((r) => r.idempotencyKey === keptCardDepositKey(appointment.id))).toHaveLength(1);
    }
  });

  it("charges once per date when two runs place at the same time", async () => {
    await startFrom(db());
    await keepCard(db(), "pm_card_visa");
    const [a, b] = await Promise.all([
      placeDueOccurrences(db(), { now: NOW, stripe: stripeTest.stripe }),
      placeDueOccurrences(db(), { now: NOW, stripe: stripeTest.stripe }),
    ]);
    expect(a.placed + b.placed).toBe(3);
    const rows = await occurrences();
    expect(rows).toHaveLength(3);
    for (const { appointment } of rows) {
      expect(intentsOf(appointment.id)).toHaveLength(1);
      expect((await depositsOf(appointment.id)).map((d) => d.status)).toEqual(["succeeded"]);
    }
    expect(await jobs("email.receipt")).toHaveLength(3);
  });

  it("charges once when the same booking's step is called twice at once, and again after", async () => {
    await startFrom(db());
    await keepCard(db(), "pm_card_visa");
    // Placed without the card step (as a run whose step a retried job takes over).
    await placeDueOccurrences(db(), { now: NOW });
    const [first] = await occurrences();
    const booking = { appointmentId: first!.appointment.id };
    const outcomes = await Promise.all([
      secureWithKeptCard(db(), booking, { stripe: stripeTest.stripe, now: NOW }),
      secureWithKeptCard(db(), booking, { stripe: stripeTest.stripe, now: NOW }),
    ]);
    expect(outcomes.sort()).toEqual(["done", "secured"]);
    expect(await secureWithKeptCard(db(), booking, { stripe: stripeTest.stripe, now: NOW })).toBe("done");
    const [intent, ...again] = intentsOf(booking.appointmentId);
    expect(again).toHaveLength(0);
    const deposits = await depositsOf(booking.appointmentId);
    expect(deposits.map((d) => [d.status, d.stripePaymentIntentId])).toEqual([["succeeded", intent!.id]]);
    expect(await jobs("email.receipt")).toHaveLength(1);
  });

  it("a charge whose answer was lost is charged once: the retry job gets Stripe's first answer", async () => {
    await startFrom(db());
    await keepCard(db(), "pm_card_visa");
    await placeDueOccurrences(db(), { now: NOW });
    const [first] = await occurrences();
    const booking = { appointmentId: first!.appointment.id, bookingId: first!.appointment.bookingId };
    // Stripe charges, then the connection drops before its answer reaches us.
    const lossy = standInClient(stripeTest.standIn);
    const create = lossy.paymentIntents.create.bind(lossy.paymentIntents);
    lossy.paymentIntents.create = (async (...args: Parameters<typeof create>) => {
      await create(...args);
      throw new Error("socket hang up");
    }) as typeof create;
    expect(await occurrenceCardStep(db(), booking, { stripe: lossy, now: NOW })).toBe("done");
    expect(intentsOf(booking.appointmentId)).toHaveLength(1);
    const [retry] = await jobsOf("payments.start-card-step", booking.appointmentId);
    expect(retry!.payload).toEqual({ ...booking, attempt: 1, keptCard: true });
    // No link meanwhile, and the deposit waits in the ledger.
    expect(await jobsOf("email.booking", booking.appointmentId)).toHaveLength(1);
    expect((await depositsOf(booking.appointmentId)).map((d) => d.status)).toEqual(["pending"]);

    const handlers = createPaymentHandlers({ stripe: () => stripeTest.stripe, now: () => NOW });
    await handlers["payments.start-card-step"](retry!.payload as never, { db: db() } as never);
    expect(intentsOf(booking.appointmentId)).toHaveLength(1);
    const [deposit] = await depositsOf(booking.appointmentId);
    expect(deposit).toMatchObject({
      status: "succeeded",
      stripePaymentIntentId: intentsOf(booking.appointmentId)[0]!.id,
    });
    const [plan] = await db()
      .select()
      .from(s.appointmentPaymentPlans)
      .where(eq(s.appointmentPaymentPlans.appointmentId, booking.appointmentId));
    expect(plan!.status).toBe("secured");
    expect(await jobs("email.receipt")).toHaveLength(1);
    expect(await jobsOf("payments.release-hold", booking.appointmentId)).toHaveLength(0);
  });

  it("a charge Stripe never answers through the three retries takes the link path, told once; a run after does nothing", async () => {
    const source = await startFrom(db());
    await keepCard(db(), "pm_card_visa");
    await placeDueOccurrences(db(), { now: NOW });
    const [first] = await occurrences();
    const booking = { appointmentId: first!.appointment.id, bookingId: first!.appointment.bookingId };
    // Stripe never answers a charge (nothing charged); its hosted pages still work.
    const mute = standInClient(stripeTest.standIn);
    mute.paymentIntents.create = (async () => {
      throw new Error("socket hang up");
    }) as typeof mute.paymentIntents.create;
    // On the real clock: the link path's hosted page expires 30 minutes after Stripe's own clock.
    const now = new Date();
    expect(await occurrenceCardStep(db(), booking, { stripe: mute, now })).toBe("done");
    const handlers = createPaymentHandlers({ stripe: () => mute, now: () => now });
    for (const attempt of [1, 2, 3]) {
      const [retry] = (await jobsOf("payments.start-card-step", booking.appointmentId)).filter(
        (job) => (job.payload as { attempt: number }).attempt === attempt,
      );
      expect(retry!.payload).toEqual({ ...booking, attempt, keptCard: true });
      await handlers["payments.start-card-step"](retry!.payload as never, { db: db() } as never);
    }
    expect(await jobsOf("payments.start-card-step", booking.appointmentId)).toHaveLength(3);
    const linkMails = async () =>
      (await jobsOf("email.booking", booking.appointmentId)).filter(
        (j) => (j.payload as { kind: string }).kind === "payment-link",
      );
    const check = async () => {
      const [plan] = await db()
        .select()
        .from(s.appointmentPaymentPlans)
        .where(eq(s.appointmentPaymentPlans.appointmentId, booking.appointmentId));
      expect(plan).toMatchObject({ status: "awaiting_card", mode: "deposit" });
      expect(plan!.stripeCheckoutSessionId).toMatch(/^cs_/);
      const deposits = await depositsOf(booking.appointmentId);
      expect(deposits.map((d) => [d.idempotencyKey, d.status, d.failureCode])).toEqual(
        expect.arrayContaining([
          [keptCardDepositKey(booking.appointmentId), "failed", KEPT_CARD_NO_ANSWER],
          [`booking:${booking.appointmentId}:checkout`, "pending", null],
        ]),
      );
      expect(deposits).toHaveLength(2);
      expect(await linkMails()).toHaveLength(1);
      expect(await jobsOf("payments.release-hold", booking.appointmentId)).toHaveLength(1);
      expect(intentsOf(booking.appointmentId)).toHaveLength(0);
    };
    await check();
    // The series' page says the date waits for its payment by link.
    const panel = await recurringPanel(db(), {
      bookingId: source.bookingId,
      token: source.manageToken,
      actor: null,
      now: NOW,
    });
    const date = panel.series!.upcoming.find((o) => o.booking?.bookingId === booking.bookingId);
    expect(date!.payByLink).toBe(true);
    expect(panel.series!.upcoming.filter((o) => o.payByLink)).toHaveLength(1);

    // The last attempt run again (at-least-once), and a run of the kept card after: nothing more.
    const [last] = (await jobsOf("payments.start-card-step", booking.appointmentId)).filter(
      (job) => (job.payload as { attempt: number }).attempt === 3,
    );
    await handlers["payments.start-card-step"](last!.payload as never, { db: db() } as never);
    expect(await secureWithKeptCard(db(), booking, { stripe: stripeTest.stripe, now })).toBe("done");
    await check();
  });

  it("in a zone that keeps the card, keeps the customer's card for the balance: nothing charged, no hold, no link", async () => {
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    const keeps = { mode: "card_kept" as const, depositRule: null, depositValue: null };
    await db().update(s.zonePaymentSettings).set(keeps).where(eq(s.zonePaymentSettings.zoneId, zone!.id));
    try {
      await startFrom(db());
      const { customerId, cardId } = await keepCard(db(), "pm_card_visa");
      expect(await placeDueOccurrences(db(), { now: NOW, stripe: stripeTest.stripe })).toMatchObject({
        placed: 3,
      });
      for (const { appointment, plan } of await occurrences()) {
        expect(plan).toMatchObject({
          status: "secured",
          mode: "card_kept",
          depositCents: 0,
          holdUntil: null,
          stripeCustomerId: customerId,
          stripePaymentMethodId: cardId,
        });
        expect(await depositsOf(appointment.id)).toHaveLength(0);
        expect(intentsOf(appointment.id)).toHaveLength(0);
        expect(await jobsOf("payments.release-hold", appointment.id)).toHaveLength(0);
        const mails = await jobsOf("email.booking", appointment.id);
        expect(mails.map((j) => (j.payload as { kind: string }).kind)).toEqual(["confirmation"]);
        expect(mails[0]!.runAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      }
    } finally {
      await db()
        .update(s.zonePaymentSettings)
        .set({ mode: "deposit", depositRule: "percent", depositValue: 2_500 })
        .where(eq(s.zonePaymentSettings.zoneId, zone!.id));
    }
  });

  it.each([
    ["declined", "pm_card_chargeCustomerFail", "generic_decline"],
    ["needing the customer", "pm_card_authenticationRequired", "authentication_required"],
  ])(
    "a kept card %s falls back to the link path: the hold, the link e-mail, the refusal kept",
    async (_, card, code) => {
      await startFrom(db());
      await keepCard(db(), card);
      const now = await placeThenStep();
      for (const { appointment, plan } of await occurrences()) {
        expect(plan).toMatchObject({ status: "awaiting_card", mode: "deposit" });
        expect(plan!.stripeCheckoutSessionId).toMatch(/^cs_/);
        expect(plan!.holdUntil!.getTime()).toBe(now.getTime() + 30 * 60_000);
        const deposits = await depositsOf(appointment.id);
        expect(deposits.map((d) => [d.idempotencyKey, d.status, d.failureCode])).toEqual(
          expect.arrayContaining([
            [keptCardDepositKey(appointment.id), "failed", code],
            [`booking:${appointment.id}:checkout`, "pending", null],
          ]),
        );
        expect(deposits).toHaveLength(2);
        expect(await jobsOf("payments.release-hold", appointment.id)).toHaveLength(1);
        const kinds = (await jobsOf("email.booking", appointment.id)).map(
          (j) => (j.payload as { kind: string }).kind,
        );
        expect(kinds.sort()).toEqual(["confirmation", "payment-link"]);
        expect(intentsOf(appointment.id)).toHaveLength(0);
      }
      expect(await jobs("email.receipt")).toHaveLength(0);
    },
  );

  it("without a card kept: the link path, unchanged", async () => {
    await startFrom(db());
    // A Stripe customer without a card, as after a booking whose page was never paid.
    await customerFor(db(), stripeTest.stripe, EMAIL, "Léa Tremblay", null);
    await placeThenStep();
    for (const { appointment, plan } of await occurrences()) {
      expect(plan).toMatchObject({ status: "awaiting_card", stripePaymentMethodId: null });
      expect(plan!.stripeCheckoutSessionId).toMatch(/^cs_/);
      expect((await depositsOf(appointment.id)).map((d) => [d.idempotencyKey, d.status])).toEqual([
        [`booking:${appointment.id}:checkout`, "pending"],
      ]);
      expect(await jobsOf("payments.release-hold", appointment.id)).toHaveLength(1);
      const kinds = (await jobsOf("email.booking", appointment.id)).map(
        (j) => (j.payload as { kind: string }).kind,
      );
      expect(kinds.sort()).toEqual(["confirmation", "payment-link"]);
    }
  });
});

describeTwoWorkers(
  "recurring washes paid with a kept card",
  "two runs on two pools charge each date once",
  async ([one, two]) => {
    EMAIL = `lea.pools.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await seed(one, { demoAccounts: false });
    await takeDeposits(one, "pools");
    await startFrom(one);
    await keepCard(one, "pm_card_visa");
    const [a, b] = await Promise.all([
      placeDueOccurrences(one, { now: NOW, stripe: stripeTest.stripe }),
      placeDueOccurrences(two, { now: NOW, stripe: stripeTest.stripe }),
    ]);
    expect(a.placed + b.placed).toBe(3);
    const placed = await one.select().from(s.bookingSeriesOccurrences);
    expect(placed).toHaveLength(3);
    for (const { appointmentId } of placed) {
      const deposits = await one
        .select()
        .from(s.payments)
        .where(eq(s.payments.appointmentId, appointmentId!));
      expect(deposits.map((d) => [d.kind, d.status])).toEqual([["deposit", "succeeded"]]);
      const charged = stripeTest.standIn.events.filter(
        (e) =>
          e.type === "payment_intent.succeeded" &&
          (e.data.object as Stripe.PaymentIntent).metadata.appointment_id === appointmentId,
      );
      expect(charged).toHaveLength(1);
    }
    expect(await one.select().from(s.jobs).where(eq(s.jobs.name, "email.receipt"))).toHaveLength(3);
  },
);
