import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import {
  deliverEvent,
  drainPaymentJobs,
  granbyAppointment,
  setUpStripeStandIn,
} from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import { releaseHold } from "./release-hold.server";
import { startCardStep } from "./start-card-step.server";

// A booking's card step in a deposit zone (ADR 073), on both databases: the frozen terms, the
// hosted page for the franchisee with the royalty, the hold and its release without a webhook.

const stripeTest = setUpStripeStandIn();

const urls = { returnUrl: "http://localhost/booking-success/x", cancelUrl: "http://localhost/booking" };
const minutes = (from: Date, n: number) => new Date(from.getTime() + n * 60_000);
const pay = (url: string) =>
  fetch(url, { method: "POST", body: new URLSearchParams({ card: "ok" }), redirect: "manual" });

describeDatabases("the card step of a booking", ({ db, kind }) => {
  let zoneId: string;
  let franchiseeId: string;
  let accountId: string;
  const start = (appointmentId: string, now: Date) =>
    startCardStep(db(), { appointmentId, now, stripe: stripeTest.stripe, ...urls });
  const plan = async (appointmentId: string) =>
    (
      await db()
        .select()
        .from(s.appointmentPaymentPlans)
        .where(eq(s.appointmentPaymentPlans.appointmentId, appointmentId))
    )[0];
  const appointment = async (id: string) =>
    (await db().select().from(s.appointments).where(eq(s.appointments.id, id)))[0]!;

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    zoneId = zone!.id;
    franchiseeId = zone!.franchiseeId!;
    const account = await stripeTest.stripe.accounts.create(
      { country: "CA" },
      { idempotencyKey: `${kind}:acct` },
    );
    accountId = account.id;
  });

  it("pays on site without Stripe, without a zone setting, and before the franchisee is onboarded", async () => {
    const booking = await granbyAppointment(db());
    const now = new Date();
    expect(await start(booking.id, now)).toEqual({ mode: "on_site" });
    await db().insert(s.zonePaymentSettings).values({
      zoneId,
      mode: "deposit",
      depositRule: "percent",
      depositValue: 2_500,
      lateCancelRule: "deposit",
      noShowRule: "deposit",
    });
    expect(await start(booking.id, now)).toEqual({ mode: "on_site" });
    await db()
      .update(s.franchisees)
      .set({ stripeAccountId: accountId, stripeAccountState: "enabled" })
      .where(eq(s.franchisees.id, franchiseeId));
    expect(await startCardStep(db(), { appointmentId: booking.id, now, stripe: undefined, ...urls })).toEqual(
      {
        mode: "on_site",
      },
    );
    expect(await plan(booking.id)).toBeUndefined();
  });

  it("freezes the terms, opens the deposit page for the franchisee with the royalty, the same page twice", async () => {
    const booking = await granbyAppointment(db());
    const now = new Date();
    const step = await start(booking.id, now);
    if (step.mode !== "deposit") throw new Error(`expected a deposit, got ${step.mode}`);
    expect(step.holdUntil).toEqual(minutes(now, 30));
    expect(step.terms.today).toEqual({
      subtotalCents: 3_750,
      tpsCents: 187,
      tvqCents: 374,
      totalCents: 4_311,
      applicationFeeCents: 300,
    });
    expect(await start(booking.id, minutes(now, 1))).toMatchObject({
      url: step.url,
      holdUntil: step.holdUntil,
    });

    const saved = (await plan(booking.id))!;
    expect(saved).toMatchObject({
      mode: "deposit",
      depositCents: 4_311,
      lateCancelFeeCents: 4_311,
      noShowFeeCents: 4_311,
      royaltyBasisPoints: 800,
      stripeAccountId: accountId,
      status: "awaiting_card",
    });
    const session = stripeTest.standIn.object<Record<string, unknown>>(saved.stripeCheckoutSessionId!);
    expect(session).toMatchObject({
      amount_total: 4_311,
      mode: "payment",
      metadata: { appointment_id: booking.id },
    });
    expect(session.stand_in_payment_intent_data).toMatchObject({
      application_fee_amount: 300,
      on_behalf_of: accountId,
      transfer_data: { destination: accountId },
      setup_future_usage: "off_session",
    });
    const deposits = await db().select().from(s.payments).where(eq(s.payments.appointmentId, booking.id));
    expect(deposits).toHaveLength(1);
    expect(deposits[0]).toMatchObject({
      kind: "deposit",
      status: "pending",
      amountCents: 4_311,
      applicationFeeCents: 300,
    });
    const releases = await db()
      .select()
      .from(s.jobs)
      .where(
        and(eq(s.jobs.name, "payments.release-hold"), eq(s.jobs.singletonKey, `release-hold:${booking.id}`)),
      );
    expect(releases.map((job) => job.runAt)).toEqual([minutes(now, 31)]);

    await pay(step.url);
    await deliverEvent(
      db(),
      stripeTest.standIn,
      stripeTest.standIn.events.findLast((e) => e.type === "checkout.session.completed")!,
    );
    await drainPaymentJobs(db(), stripeTest.stripe);
    expect(await plan(booking.id)).toMatchObject({
      status: "secured",
      stripePaymentMethodId: expect.stringMatching(/^pm_/),
    });
    expect(await releaseHold(db(), booking.id, { stripe: stripeTest.stripe, now: minutes(now, 31) })).toBe(
      "done",
    );
  });

  it("releases an unpaid booking at the end of its hold, not before, without waiting for a webhook", async () => {
    const booking = await granbyAppointment(db());
    const now = new Date();
    const step = await start(booking.id, now);
    if (step.mode === "on_site") throw new Error("expected a card step");
    expect(await releaseHold(db(), booking.id, { stripe: stripeTest.stripe, now: minutes(now, 29) })).toBe(
      "not_due",
    );
    expect(await releaseHold(db(), booking.id, { stripe: stripeTest.stripe, now: minutes(now, 31) })).toBe(
      "released",
    );
    expect(await appointment(booking.id)).toMatchObject({ status: "cancelled" });
    const sessionId = (await plan(booking.id))!.stripeCheckoutSessionId!;
    expect(stripeTest.standIn.object<{ status: string }>(sessionId).status).toBe("expired");
    expect((await pay(step.url)).status).toBe(402);
    // Stripe's own 'expired' event comes after: nothing more happens.
    await deliverEvent(
      db(),
      stripeTest.standIn,
      stripeTest.standIn.events.findLast((e) => e.type === "checkout.session.expired")!,
    );
    await drainPaymentJobs(db(), stripeTest.stripe);
    expect((await plan(booking.id))!.status).toBe("released");
  });

  it("secures a booking paid just before its release even when the webhook is late", async () => {
    const booking = await granbyAppointment(db());
    const now = new Date();
    const step = await start(booking.id, now);
    if (step.mode === "on_site") throw new Error("expected a card step");
    await pay(step.url);
    expect(await releaseHold(db(), booking.id, { stripe: stripeTest.stripe, now: minutes(now, 31) })).toBe(
      "secured",
    );
    expect(await appointment(booking.id)).toMatchObject({ status: "scheduled" });
    const [deposit] = await db().select().from(s.payments).where(eq(s.payments.appointmentId, booking.id));
    expect(deposit).toMatchObject({
      status: "succeeded",
      stripePaymentIntentId: expect.stringMatching(/^pi_/),
    });
    await deliverEvent(
      db(),
      stripeTest.standIn,
      stripeTest.standIn.events.findLast((e) => e.type === "checkout.session.completed")!,
    );
    await drainPaymentJobs(db(), stripeTest.stripe);
    const [event] = await db()
      .select()
      .from(s.stripeEvents)
      .where(eq(s.stripeEvents.objectId, step.url.split("/").at(-1)!));
    expect(event?.outcome).toBe("stale");
  });
});
