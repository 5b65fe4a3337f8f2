import { eq } from "drizzle-orm";
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
import { cancelAppointment } from "../appointments/cancel-appointment.server";
import { markNoShow } from "../appointments/mark-no-show.server";
import { settleCancelledBooking } from "./settle-cancellation.server";
import { startCardStep } from "./start-card-step.server";

// Cancellations and no-shows by the frozen terms (ADR 073), on both databases: the deposit
// refunded or kept, a fee above it charged to the card kept, through the jobs and the stand-in.

const stripeTest = setUpStripeStandIn();

describeDatabases("settling a cancelled booking", ({ db, kind }) => {
  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    const account = await stripeTest.stripe.accounts.create(
      { country: "CA" },
      { idempotencyKey: `${kind}:settle` },
    );
    await db()
      .update(s.franchisees)
      .set({ stripeAccountId: account.id, stripeAccountState: "enabled" })
      .where(eq(s.franchisees.id, zone!.franchiseeId!));
    // A 25 % deposit (43,11 $ of 172,45 $); late: the deposit; no-show: half the total (86,23 $).
    await db().insert(s.zonePaymentSettings).values({
      zoneId: zone!.id,
      mode: "deposit",
      depositRule: "percent",
      depositValue: 2_500,
      lateCancelRule: "deposit",
      noShowRule: "percent",
      noShowValue: 5_000,
    });
  });

  /** A booking whose deposit was paid on the hosted page, its event processed. */
  async function paidBooking() {
    const booking = await granbyAppointment(db());
    const step = await startCardStep(db(), {
      appointmentId: booking.id,
      now: new Date(),
      stripe: stripeTest.stripe,
      returnUrl: "http://l/ok",
      cancelUrl: "http://l/no",
    });
    if (step.mode === "on_site") throw new Error("expected a card step");
    await fetch(step.url, { method: "POST", body: new URLSearchParams({ card: "ok" }), redirect: "manual" });
    await deliverEvent(
      db(),
      stripeTest.standIn,
      stripeTest.standIn.events.findLast((e) => e.type === "checkout.session.completed")!,
    );
    await drainPaymentJobs(db(), stripeTest.stripe);
    return booking.id;
  }

  const rows = (appointmentId: string) =>
    db()
      .select({
        kind: s.payments.kind,
        status: s.payments.status,
        amountCents: s.payments.amountCents,
        applicationFeeCents: s.payments.applicationFeeCents,
        stripeRefundId: s.payments.stripeRefundId,
        stripePaymentIntentId: s.payments.stripePaymentIntentId,
      })
      .from(s.payments)
      .where(eq(s.payments.appointmentId, appointmentId))
      .orderBy(s.payments.createdAt);

  it("refunds the whole deposit 24 h or more ahead, once", async () => {
    const id = await paidBooking();
    const settle = () =>
      db().transaction((tx) => settleCancelledBooking(tx, { appointmentId: id, kind: "early" }));
    expect(await settle()).toEqual({ refundCents: 4_311, chargeCents: 0 });
    expect(await settle()).toBeNull();
    await drainPaymentJobs(db(), stripeTest.stripe);
    const [deposit, refund] = await rows(id);
    expect(deposit).toMatchObject({ kind: "deposit", status: "succeeded", amountCents: 4_311 });
    expect(refund).toMatchObject({
      kind: "refund",
      status: "succeeded",
      amountCents: 4_311,
      applicationFeeCents: 300,
      stripeRefundId: expect.stringMatching(/^re_/),
    });
    expect(
      (
        await db()
          .select()
          .from(s.appointmentPaymentPlans)
          .where(eq(s.appointmentPaymentPlans.appointmentId, id))
      )[0]!.status,
    ).toBe("settled");
  });

  it("keeps the deposit for a late cancellation, and charges the rest of a no-show's fee to the card kept", async () => {
    const late = await paidBooking();
    expect(
      await db().transaction((tx) => settleCancelledBooking(tx, { appointmentId: late, kind: "late" })),
    ).toEqual({ refundCents: 0, chargeCents: 0 });
    expect((await rows(late)).map((r) => r.kind)).toEqual(["deposit"]);

    const absent = await paidBooking();
    expect(
      await db().transaction((tx) =>
        settleCancelledBooking(tx, { appointmentId: absent, kind: "no_show", reason: "Absent" }),
      ),
    ).toEqual({ refundCents: 0, chargeCents: 4_312 });
    await drainPaymentJobs(db(), stripeTest.stripe);
    const [, charge] = await rows(absent);
    expect(charge).toMatchObject({
      kind: "charge",
      status: "succeeded",
      amountCents: 4_312,
      stripePaymentIntentId: expect.stringMatching(/^pi_/),
    });
    const intent = await stripeTest.stripe.paymentIntents.retrieve(charge!.stripePaymentIntentId!);
    expect(intent).toMatchObject({
      amount: 4_312,
      application_fee_amount: charge!.applicationFeeCents,
      metadata: { appointment_id: absent },
    });
    // 4 312 of 172,45 $ is 37,51 $ before taxes: 8 % is 3,00 $.
    expect(charge!.applicationFeeCents).toBe(300);
  });

  it("settles through the franchisee's no-show and cancel buttons", async () => {
    const absent = await paidBooking();
    const [row] = await db().select().from(s.appointments).where(eq(s.appointments.id, absent));
    await markNoShow(db(), {
      appointmentId: absent,
      franchiseeId: row!.franchiseeId,
      now: new Date(row!.endAt),
    });
    expect((await rows(absent)).map((r) => [r.kind, r.amountCents])).toEqual([
      ["deposit", 4_311],
      ["charge", 4_312],
    ]);
    const cancelled = await paidBooking();
    const [owner] = await db().select().from(s.franchisees).where(eq(s.franchisees.id, row!.franchiseeId));
    const actor = { id: owner!.userId, role: "franchisee" as const, name: "F", email: "f@example.com" };
    await cancelAppointment(db(), {
      appointmentId: cancelled,
      franchiseeId: row!.franchiseeId,
      reason: "Pluie",
      actor,
    });
    expect((await rows(cancelled)).map((r) => [r.kind, r.amountCents])).toEqual([
      ["deposit", 4_311],
      ["refund", 4_311],
    ]);
  });

  it("does nothing for a booking paid on site", async () => {
    const booking = await granbyAppointment(db());
    expect(
      await db().transaction((tx) => settleCancelledBooking(tx, { appointmentId: booking.id, kind: "late" })),
    ).toBeNull();
  });
});
