import { and, eq, inArray } from "drizzle-orm";
import { appointments, payments, services } from "#db/schema";
import { bookedVehicles, type BookedVehicle } from "~/domain/booking/vehicles";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { enqueue } from "../../jobs/queue.server";
import { ownedAppointments, type ClientOwner } from "../account/client-owner.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";

/**
 * Queues the receipt of ledger rows that just succeeded (ADR 079), in the transaction of that
 * one-way step (pending -> succeeded): a row succeeds once, so its receipt is sent once.
 */
export async function queueReceipts(tx: Db | Tx, paymentIds: readonly string[]): Promise<void> {
  for (const paymentId of paymentIds) {
    await enqueue(
      tx,
      "email.receipt",
      { paymentId },
      { singletonKey: `receipt:${paymentId}`, maxAttempts: EMAIL_MAX_ATTEMPTS },
    );
  }
}

/** What a receipt prints, from the ledger row and its booking (amounts to the cent of the row). */
export interface ReceiptData {
  paymentId: string;
  kind: "deposit" | "balance" | "charge" | "tip" | "refund" | "gift_card";
  /** A gift card's part prints « Payé par carte-cadeau » (ADR 087). */
  method: "stripe" | "on_site_card" | "cash" | "gift_card";
  bookingId: string;
  customerName: string;
  customerEmail: string;
  serviceName: string;
  /** Each car with its class and price (ADR 085); a bare count reads as standard cars. */
  vehicles: BookedVehicle[];
  startAt: Date;
  settledAt: Date;
  amountCents: number;
  subtotalCents: number;
  tpsCents: number;
  tvqCents: number;
  tipCents: number;
  tpsNumber: string | null;
  tvqNumber: string | null;
}

/**
 * A succeeded ledger row's receipt, or null (no such row, not succeeded). `owner` limits it to
 * the bookings that account owns (the customer space, ADR 025); the e-mail job passes none.
 */
export async function loadReceipt(
  db: Db | Tx,
  paymentId: string,
  scope: { owner?: Pick<ClientOwner, "id" | "email" | "emailVerified"> } = {},
): Promise<ReceiptData | null> {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
  const [row] = await db
    .select({ payment: payments, appointment: appointments, serviceName: services.name })
    .from(payments)
    .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "succeeded"),
        ...(scope.owner ? [ownedAppointments(scope.owner)] : []),
      ),
    );
  if (!row) return null;
  const { payment, appointment } = row;
  return {
    paymentId: payment.id,
    kind: payment.kind,
    method: payment.method,
    bookingId: appointment.bookingId,
    customerName: appointment.customerName,
    customerEmail: appointment.customerEmail,
    serviceName: row.serviceName,
    vehicles: bookedVehicles(appointment),
    startAt: appointment.startAt,
    settledAt: payment.settledAt ?? payment.updatedAt,
    amountCents: payment.amountCents,
    subtotalCents: payment.subtotalCents,
    tpsCents: payment.tpsCents,
    tvqCents: payment.tvqCents,
    tipCents: payment.tipCents,
    tpsNumber: env().BUSINESS_TPS_NUMBER ?? null,
    tvqNumber: env().BUSINESS_TVQ_NUMBER ?? null,
  };
}

/** A booking's ledger rows the customer sees: what was paid, refunded or refused. */
export async function paymentsOfAppointments(db: Db | Tx, appointmentIds: readonly string[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select({
      id: payments.id,
      appointmentId: payments.appointmentId,
      kind: payments.kind,
      status: payments.status,
      amountCents: payments.amountCents,
      tipCents: payments.tipCents,
      settledAt: payments.settledAt,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(
      and(
        inArray(payments.appointmentId, [...appointmentIds]),
        inArray(payments.status, ["succeeded", "failed"]),
      ),
    )
    .orderBy(payments.createdAt);
}
