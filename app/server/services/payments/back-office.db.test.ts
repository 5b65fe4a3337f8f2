import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as s from "#db/schema";
import { seed } from "~/server/seed/seed";
import { RefundSchema, ZonePaymentSettingSchema } from "~/domain/payments/schemas";
import { statementCsv } from "~/domain/payments/statement";
import { hasCode } from "~/lib/errors";
import {
  deliverEvent,
  drainPaymentJobs,
  granbyAppointment,
  setUpStripeStandIn,
} from "../../../../tests/factories/payments";
import { describeDatabases } from "../../../../tests/setup/db";
import { cardSetupFor } from "./payment-setup.server";
import { listPaymentSettings, saveZonePaymentSetting, setRoyalty } from "./manage-payment-settings.server";
import { franchiseeStatement, networkStatement, onSiteToRecord } from "./payment-statement.server";
import { recordOnSitePayment } from "./record-on-site-payment.server";
import { requestRefund, type RefundActor } from "./request-refund.server";
import { startCardStep } from "./start-card-step.server";

// The back office's money (issue 31, ADR 075) on both databases: the admin's zone settings and
// royalties, refunds never above what was paid (concurrent ones included), on-site payments
// recorded once, and the statements' sums and CSV.

const stripeTest = setUpStripeStandIn();

describeDatabases("payments back office", ({ db, kind }) => {
  let zoneId: string;
  let franchiseeId: string;
  let franchiseeUserId: string;
  let otherFranchiseeId: string;
  let adminId: string;
  const admin = () => ({ id: adminId, role: "admin" as const });

  beforeAll(async () => {
    await seed(db(), { demoAccounts: false });
    const [zone] = await db().select().from(s.serviceZones).where(eq(s.serviceZones.routeSlug, "granby"));
    const [other] = await db()
      .select()
      .from(s.serviceZones)
      .where(eq(s.serviceZones.routeSlug, "sherbrooke"));
    zoneId = zone!.id;
    franchiseeId = zone!.franchiseeId!;
    otherFranchiseeId = other!.franchiseeId!;
    const [f] = await db().select().from(s.franchisees).where(eq(s.franchisees.id, franchiseeId));
    franchiseeUserId = f!.userId;
    const [someone] = await db().select({ id: s.users.id }).from(s.users).where(eq(s.users.role, "admin"));
    adminId = someone?.id ?? franchiseeUserId;
    const account = await stripeTest.stripe.accounts.create(
      { country: "CA" },
      { idempotencyKey: `${kind}:office` },
    );
    await db()
      .update(s.franchisees)
      .set({ stripeAccountId: account.id, stripeAccountState: "enabled" })
      .where(eq(s.franchisees.id, franchiseeId));
  });

  it("saves a zone's setting from the form's schema, refuses a fee without a card, and the card step follows it", async () => {
    const bad = ZonePaymentSettingSchema.safeParse({
      zoneId,
      mode: "on_site",
      lateCancelRule: "fixed",
      lateCancelValue: "20",
      noShowRule: "deposit",
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0])).toEqual(["lateCancelRule", "noShowRule"]);
    const input = ZonePaymentSettingSchema.parse({
      zoneId,
      mode: "deposit",
      depositRule: "percent",
      depositValue: "25",
      lateCancelRule: "deposit",
      noShowRule: "fixed",
      noShowValue: "60,00",
    });
    await saveZonePaymentSetting(db(), { actor: admin(), input });
    // Saved twice: an update, not a second row.
    await saveZonePaymentSetting(db(), { actor: admin(), input });
    const setup = await cardSetupFor(db(), zoneId, true);
    expect(setup?.policy).toEqual({
      mode: "deposit",
      deposit: { rule: "percent", basisPoints: 2_500 },
      lateCancel: { rule: "deposit" },
      noShow: { rule: "fixed", cents: 6_000 },
    });
    await expect(
      saveZonePaymentSetting(db(), { actor: { id: franchiseeUserId, role: "franchisee" }, input }),
    ).rejects.toSatisfy((e) => hasCode(e, "FORBIDDEN"));
  });

  it("sets the network's royalty and a franchisee's own, which the card step then uses", async () => {
    await setRoyalty(db(), { actor: admin(), input: { franchiseeId: null, basisPoints: 750 } });
    expect((await cardSetupFor(db(), zoneId, true))?.royaltyBasisPoints).toBe(750);
    await setRoyalty(db(), { actor: admin(), input: { franchiseeId, basisPoints: 600 } });
    expect((await cardSetupFor(db(), zoneId, true))?.royaltyBasisPoints).toBe(600);
    const view = await listPaymentSettings(db(), { actor: admin() });
    expect(view.networkRoyaltyBasisPoints).toBe(750);
    expect(view.franchisees.find((f) => f.id === franchiseeId)?.royaltyBasisPoints).toBe(600);
    // Blank: back to the network's rate.
    await setRoyalty(db(), { actor: admin(), input: { franchiseeId, basisPoints: null } });
    expect((await cardSetupFor(db(), zoneId, true))?.royaltyBasisPoints).toBe(750);
  });

  /** A booking whose deposit (25 % of 172,45 $ = 43,11 $) was paid on the stand-in's hosted page. */
  async function paidDeposit() {
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
    const [deposit] = await db()
      .select()
      .from(s.payments)
      .where(and(eq(s.payments.appointmentId, booking.id), eq(s.payments.kind, "deposit")));
    expect(deposit).toMatchObject({ status: "succeeded", amountCents: 4_311 });
    return { booking, deposit: deposit! };
  }

  const refund = (actor: RefundActor, paymentId: string, cents: number, key = crypto.randomUUID()) =>
    requestRefund(db(), {
      actor,
      refund: RefundSchema.parse({
        paymentId,
        key,
        amount: (cents / 100).toFixed(2),
        reason: "Geste commercial",
      }),
    });

  const refunds = (paymentId: string) =>
    db().select().from(s.payments).where(eq(s.payments.refundOf, paymentId));

  it("refunds part of a payment with its reason, who and when, through the refund job, never more than what is left", async () => {
    const { deposit } = await paidDeposit();
    const actor: RefundActor = { id: franchiseeUserId, role: "franchisee", franchiseeId };
    const first = await refund(actor, deposit.id, 1_000);
    expect(first.replayed).toBe(false);
    await drainPaymentJobs(db(), stripeTest.stripe);
    const [row] = await refunds(deposit.id);
    expect(row).toMatchObject({
      kind: "refund",
      status: "succeeded",
      amountCents: 1_000,
      reason: "Geste commercial",
      createdBy: franchiseeUserId,
      stripeRefundId: expect.stringMatching(/^re_/),
    });
    // The royalty goes back in proportion: fee x 1 000 / 4 311, to the cent.
    expect(row!.applicationFeeCents).toBe(Math.round((deposit.applicationFeeCents * 1_000) / 4_311));
    expect(row!.subtotalCents + row!.tpsCents + row!.tvqCents).toBe(1_000);
    await expect(refund(actor, deposit.id, 3_312)).rejects.toSatisfy(
      (e) => hasCode(e, "VALIDATION") && e.message === "REFUND_TOO_LARGE" && e.count === 3_311,
    );
    // Another franchisee cannot even see it.
    await expect(
      refund({ id: franchiseeUserId, role: "franchisee", franchiseeId: otherFranchiseeId }, deposit.id, 100),
    ).rejects.toSatisfy((e) => hasCode(e, "NOT_FOUND"));
    await refund(admin(), deposit.id, 3_311);
    await expect(refund(admin(), deposit.id, 1)).rejects.toSatisfy((e) => e.message === "NOTHING_TO_REFUND");
    await drainPaymentJobs(db(), stripeTest.stripe);
    const all = await refunds(deposit.id);
    expect(all.reduce((a, r) => a + r.amountCents, 0)).toBe(4_311);
    expect(all.every((r) => r.status === "succeeded")).toBe(true);
  });

  it("counts a double submit once, and concurrent refunds never pass what was paid", async () => {
    const { deposit } = await paidDeposit();
    const key = crypto.randomUUID();
    const twice = await Promise.all([
      refund(admin(), deposit.id, 2_000, key),
      refund(admin(), deposit.id, 2_000, key),
    ]);
    expect(twice.map((r) => r.refundId)[0]).toBe(twice[1]!.refundId);
    expect(await refunds(deposit.id)).toHaveLength(1);
    // 2 311 left: six racers of 1 000 each, only two can pass.
    const racers = await Promise.allSettled(
      Array.from({ length: 6 }, () => refund(admin(), deposit.id, 1_000)),
    );
    expect(racers.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of racers) {
      if (r.status === "rejected") expect(r.reason.message).toBe("REFUND_TOO_LARGE");
    }
    await drainPaymentJobs(db(), stripeTest.stripe);
    const all = await refunds(deposit.id);
    expect(all.reduce((a, r) => a + r.amountCents, 0)).toBe(4_000);
    // Stripe's own count agrees: what it refunded of the intent is what the ledger says.
    const refundIds = new Set(all.map((r) => r.stripeRefundId));
    const atStripe = stripeTest.standIn.events
      .filter((e) => e.type === "refund.created")
      .map((e) => e.data.object as { id: string; amount: number; payment_intent: string })
      .filter((r) => r.payment_intent === deposit.stripePaymentIntentId && refundIds.has(r.id));
    expect(atStripe.reduce((a, r) => a + r.amount, 0)).toBe(4_000);
  });

  it("records an on-site payment once, whatever the taps, and only for a booking under way or done", async () => {
    const booking = await granbyAppointment(db());
    const before = new Date(booking.startAt.getTime() - 60_000);
    const during = new Date(booking.startAt.getTime() + 10 * 60_000);
    const tap = (now: Date, method: "cash" | "on_site_card" = "cash") =>
      recordOnSitePayment(db(), {
        franchiseeId,
        actorId: franchiseeUserId,
        payment: { appointmentId: booking.id, method, tip: 1_000 },
        now,
      });
    await expect(tap(before)).rejects.toSatisfy((e) => e.message === "NOT_PAYABLE");
    expect((await onSiteToRecord(db(), { franchiseeId, now: during })).map((r) => r.id)).toContain(
      booking.id,
    );
    const taps = await Promise.all([tap(during), tap(during, "on_site_card"), tap(during)]);
    expect(taps.filter((t) => t.recorded)).toHaveLength(1);
    const rows = await db().select().from(s.payments).where(eq(s.payments.appointmentId, booking.id));
    expect(rows).toHaveLength(1);
    // 149,99 $ + TPS 7,50 $ + TVQ 14,96 $ + a 10,00 $ tip; the royalty (7,5 %) on 149,99 $ only.
    expect(rows[0]).toMatchObject({
      kind: "balance",
      status: "succeeded",
      amountCents: 17_245 + 1_000,
      subtotalCents: 14_999,
      tpsCents: 750,
      tvqCents: 1_496,
      tipCents: 1_000,
      applicationFeeCents: 1_125,
    });
    expect((await onSiteToRecord(db(), { franchiseeId, now: during })).map((r) => r.id)).not.toContain(
      booking.id,
    );
    await expect(
      recordOnSitePayment(db(), {
        franchiseeId: otherFranchiseeId,
        actorId: franchiseeUserId,
        payment: { appointmentId: booking.id, method: "cash" },
        now: during,
      }),
    ).rejects.toSatisfy((e) => hasCode(e, "NOT_FOUND"));
  });

  it("does not record on site a booking paid by the card kept", async () => {
    const { booking } = await paidDeposit();
    const during = new Date(booking.startAt.getTime() + 10 * 60_000);
    expect((await onSiteToRecord(db(), { franchiseeId, now: during })).map((r) => r.id)).not.toContain(
      booking.id,
    );
    await expect(
      recordOnSitePayment(db(), {
        franchiseeId,
        actorId: franchiseeUserId,
        payment: { appointmentId: booking.id, method: "on_site_card" },
        now: during,
      }),
    ).rejects.toSatisfy((e) => hasCode(e, "APPOINTMENT_NOT_CHANGEABLE") && e.message === "CARD_PLAN");
  });

  it("sums a month's statement by the ledger, in the business time zone, and its CSV reads back to the same sums", async () => {
    const a = await granbyAppointment(db());
    const b = await granbyAppointment(db());
    const row = (over: Partial<typeof s.payments.$inferInsert>) => ({
      appointmentId: a.id,
      franchiseeId,
      kind: "balance" as const,
      status: "succeeded" as const,
      amountCents: 0,
      subtotalCents: 0,
      idempotencyKey: `${kind}:stmt:${crypto.randomUUID()}`,
      ...over,
    });
    // March 2032 in Montréal: the 1st at 00:30 local (05:30 UTC) is in; March 31st 23:30 local (April 1st 03:30 UTC) too.
    const [paid] = await db()
      .insert(s.payments)
      .values([
        row({
          method: "cash",
          amountCents: 11_497 + 500,
          subtotalCents: 10_000,
          tpsCents: 500,
          tvqCents: 997,
          tipCents: 500,
          applicationFeeCents: 800,
          settledAt: new Date("2032-03-01T05:30:00Z"),
        }),
      ])
      .returning();
    await db()
      .insert(s.payments)
      .values([
        row({
          appointmentId: b.id,
          method: "stripe",
          kind: "deposit",
          amountCents: 2_299,
          subtotalCents: 2_000,
          tpsCents: 100,
          tvqCents: 199,
          applicationFeeCents: 160,
          stripePaymentIntentId: "pi_statement",
          settledAt: new Date("2032-04-01T03:30:00Z"),
        }),
        row({
          appointmentId: b.id,
          kind: "refund",
          refundOf: paid!.id,
          amountCents: 1_149,
          subtotalCents: 1_000,
          tpsCents: 50,
          tvqCents: 99,
          applicationFeeCents: 80,
          reason: "Rayure",
          settledAt: new Date("2032-03-15T15:00:00Z"),
        }),
        // Outside the month (April 1st 00:30 local), failed, and another franchisee's: not counted.
        row({ amountCents: 999, subtotalCents: 999, settledAt: new Date("2032-04-01T04:30:00Z") }),
        row({
          status: "failed",
          amountCents: 999,
          subtotalCents: 999,
          settledAt: new Date("2032-03-10T15:00:00Z"),
        }),
        row({
          franchiseeId: otherFranchiseeId,
          amountCents: 777,
          subtotalCents: 777,
          settledAt: new Date("2032-03-10T15:00:00Z"),
        }),
      ]);
    const own = await franchiseeStatement(db(), { franchiseeId, month: "2032-03" });
    expect(own.rows).toHaveLength(3);
    expect(own.totals).toEqual({
      collectedCents: 11_997 + 2_299,
      refundedCents: 1_149,
      onSiteCents: 11_997,
      subtotalCents: 10_000 + 2_000 - 1_000,
      tpsCents: 500 + 100 - 50,
      tvqCents: 997 + 199 - 99,
      tipsCents: 500,
      feesCents: 800 + 160 - 80,
      netCents: 11_997 + 2_299 - 1_149 - (800 + 160 - 80),
    });
    const network = await networkStatement(db(), { actor: admin(), month: "2032-03", franchiseeId: null });
    expect(network.rows).toHaveLength(4);
    expect(network.perFranchisee.map((f) => [f.franchiseeId, f.totals.netCents])).toEqual(
      expect.arrayContaining([
        [franchiseeId, own.totals.netCents],
        [otherFranchiseeId, 777],
      ]),
    );
    await expect(
      networkStatement(db(), {
        actor: { id: franchiseeUserId, role: "franchisee" },
        month: "2032-03",
        franchiseeId: null,
      }),
    ).rejects.toSatisfy((e) => hasCode(e, "FORBIDDEN"));

    // The CSV, read back as a spreadsheet would: one line per row, the same sums.
    const csv = statementCsv(own.rows);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, ...lines] = csv
      .slice(1)
      .split("\r\n")
      .filter(Boolean)
      .map((line) => line.split(";"));
    expect(header).toEqual([
      "Date",
      "Réservation",
      "Client",
      "Sous-total",
      "TPS",
      "TVQ",
      "Pourboire",
      "Redevance",
      "Net",
    ]);
    expect(lines.map((l) => l[0])).toEqual(["2032-03-01", "2032-03-15", "2032-03-31"]);
    expect(lines.map((l) => l[1])).toEqual([a.bookingId, b.bookingId, b.bookingId]);
    const cents = (text: string) => Math.round(Number(text.replace(",", ".")) * 100);
    const column = (i: number) => lines.reduce((sum, l) => sum + cents(l[i]!), 0);
    expect(column(3)).toBe(own.totals.subtotalCents);
    expect(column(4)).toBe(own.totals.tpsCents);
    expect(column(5)).toBe(own.totals.tvqCents);
    expect(column(6)).toBe(own.totals.tipsCents);
    expect(column(7)).toBe(own.totals.feesCents);
    expect(column(8)).toBe(own.totals.netCents);
    expect(lines[1]![8]).toBe("-10,69");
  });
});
