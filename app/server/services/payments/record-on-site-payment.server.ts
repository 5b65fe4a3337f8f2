import { and, eq, ne } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, appSettings, franchisees, payments } from "#db/schema";
import type { OnSitePaymentInput } from "~/domain/payments/schemas";
import { royaltyCents, royaltyRate } from "~/domain/payments/royalty";
import { priceLinesOf } from "~/domain/payments/terms";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";
import { NETWORK_ROYALTY_SETTING } from "./payment-setup.server";

// A booking paid with the team on site, by card or cash (issue 31, item 9; ADR 075): one ledger
// row, recorded in one tap by the franchisee so that the statements include it. Its key is the
// booking's (`booking:<id>:on-site`): a double tap, or two devices at once, records it once.

/** The rate of a booking: frozen in its plan when it has one, else the franchisee's or the network's. */
export async function rateOf(tx: Tx, appointmentId: string, franchiseeId: string): Promise<number> {
  const [plan] = await tx
    .select({ rate: appointmentPaymentPlans.royaltyBasisPoints })
    .from(appointmentPaymentPlans)
    .where(eq(appointmentPaymentPlans.appointmentId, appointmentId));
  if (plan) return plan.rate;
  return franchiseeRoyaltyOf(tx, franchiseeId);
}

/** The royalty in force today for a franchisee: its own rate, else the network's. */
export async function franchiseeRoyaltyOf(db: Db | Tx, franchiseeId: string): Promise<number> {
  const [own] = await db
    .select({ rate: franchisees.royaltyBasisPoints })
    .from(franchisees)
    .where(eq(franchisees.id, franchiseeId));
  const [network] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, NETWORK_ROYALTY_SETTING));
  return royaltyRate(
    own?.rate ?? null,
    network && /^\d+$/.test(network.value) ? Number(network.value) : null,
  );
}

/** What is still to pay of a booking's lines after its succeeded card payments. */
export function leftToPay(
  priceCents: number,
  paid: readonly { subtotalCents: number; tpsCents: number; tvqCents: number }[],
) {
  const lines = priceLinesOf(priceCents);
  const subtotalCents = Math.max(0, lines.taxableCents - paid.reduce((a, p) => a + p.subtotalCents, 0));
  const tpsCents = Math.max(0, lines.tpsCents - paid.reduce((a, p) => a + p.tpsCents, 0));
  const tvqCents = Math.max(0, lines.tvqCents - paid.reduce((a, p) => a + p.tvqCents, 0));
  return { subtotalCents, tpsCents, tvqCents, totalCents: subtotalCents + tpsCents + tvqCents };
}

export async function recordOnSitePayment(
  db: Db,
  input: { franchiseeId: string; actorId: string; payment: OnSitePaymentInput; now: Date },
): Promise<{ recorded: boolean; bookingId: string; amountCents: number }> {
  return db.transaction(async (tx) => {
    const [appointment] = await tx
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.id, input.payment.appointmentId),
          eq(appointments.franchiseeId, input.franchiseeId),
        ),
      )
      .for("update");
    // Another franchisee's booking is as missing as one that does not exist.
    if (!appointment) throw new AppError("NOT_FOUND");
    const key = `booking:${appointment.id}:on-site`;
    const [already] = await tx.select().from(payments).where(eq(payments.idempotencyKey, key));
    if (already)
      return { recorded: false, bookingId: appointment.bookingId, amountCents: already.amountCents };
    const current =
      appointment.status === "scheduled" && appointment.startAt.getTime() <= input.now.getTime();
    if (appointment.status !== "completed" && !current) {
      throw new AppError("APPOINTMENT_NOT_CHANGEABLE", "NOT_PAYABLE");
    }
    // A booking whose card is kept (or awaited) is paid by that card after the wash: recording
    // it on site as well would take the money twice.
    const [plan] = await tx
      .select({ status: appointmentPaymentPlans.status })
      .from(appointmentPaymentPlans)
      .where(eq(appointmentPaymentPlans.appointmentId, appointment.id));
    if (plan && (plan.status === "awaiting_card" || plan.status === "secured")) {
      throw new AppError("APPOINTMENT_NOT_CHANGEABLE", "CARD_PLAN");
    }
    const paid = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.appointmentId, appointment.id),
          eq(payments.status, "succeeded"),
          ne(payments.kind, "refund"),
        ),
      );
    const left = leftToPay(appointment.priceCents, paid);
    const tipCents = input.payment.tip ?? 0;
    if (left.totalCents === 0 && tipCents === 0)
      throw new AppError("APPOINTMENT_NOT_CHANGEABLE", "ALREADY_PAID");
    const rate = await rateOf(tx, appointment.id, appointment.franchiseeId);
    const feePaid = paid.reduce((a, p) => a + p.applicationFeeCents, 0);
    const fee = Math.min(
      left.subtotalCents,
      Math.max(0, royaltyCents(appointment.priceCents, rate) - feePaid),
    );
    const [row] = await tx
      .insert(payments)
      .values({
        appointmentId: appointment.id,
        franchiseeId: appointment.franchiseeId,
        kind: "balance",
        method: input.payment.method,
        status: "succeeded",
        amountCents: left.totalCents + tipCents,
        subtotalCents: left.subtotalCents,
        tpsCents: left.tpsCents,
        tvqCents: left.tvqCents,
        tipCents,
        applicationFeeCents: fee,
        idempotencyKey: key,
        createdBy: input.actorId,
        settledAt: input.now,
      })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning({ amountCents: payments.amountCents });
    return { recorded: Boolean(row), bookingId: appointment.bookingId, amountCents: row?.amountCents ?? 0 };
  });
}
