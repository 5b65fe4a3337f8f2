import { and, eq, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  appointments,
  membershipCharges,
  membershipPlans,
  membershipSubscriptions,
  payments,
  services,
  users,
} from "#db/schema";
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
  kind: "deposit" | "balance" | "charge" | "tip" | "refund" | "gift_card" | "membership";
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
  /** A membership's period (ADR 095): `bookingId` is then the subscription's reference. */
  membership: { planName: string; vehicles: number; from: string; to: string } | null;
}

/** A membership's reference where a booking's number would stand (receipts, statements). */
export const membershipReference = (subscriptionId: string) =>
  `ABO-${subscriptionId.slice(0, 8).toUpperCase()}`;

const planService = alias(services, "plan_service");

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
  const owned: SQL[] = [];
  if (scope.owner) {
    owned.push(
      or(
        and(isNotNull(payments.appointmentId), ownedAppointments(scope.owner)),
        eq(membershipSubscriptions.userId, scope.owner.id),
      )!,
    );
  }
  const [row] = await db
    .select({
      payment: payments,
      appointment: appointments,
      serviceName: services.name,
      charge: membershipCharges,
      sub: membershipSubscriptions,
      planName: membershipPlans.name,
      planServiceName: planService.name,
      subscriber: { name: users.name, email: users.email },
    })
    .from(payments)
    .leftJoin(appointments, eq(appointments.id, payments.appointmentId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(membershipCharges, eq(membershipCharges.id, payments.membershipChargeId))
    .leftJoin(membershipSubscriptions, eq(membershipSubscriptions.id, membershipCharges.subscriptionId))
    .leftJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .leftJoin(planService, eq(planService.id, membershipPlans.serviceId))
    .leftJoin(users, eq(users.id, membershipSubscriptions.userId))
    .where(and(eq(payments.id, paymentId), eq(payments.status, "succeeded"), ...owned));
  if (!row) return null;
  const { payment, appointment, charge, sub } = row;
  const amounts = {
    paymentId: payment.id,
    kind: payment.kind,
    method: payment.method,
    settledAt: payment.settledAt ?? payment.updatedAt,
    amountCents: payment.amountCents,
    subtotalCents: payment.subtotalCents,
    tpsCents: payment.tpsCents,
    tvqCents: payment.tvqCents,
    tipCents: payment.tipCents,
    tpsNumber: env().BUSINESS_TPS_NUMBER ?? null,
    tvqNumber: env().BUSINESS_TVQ_NUMBER ?? null,
  };
  if (appointment) {
    return {
      ...amounts,
      bookingId: appointment.bookingId,
      customerName: appointment.customerName,
      customerEmail: appointment.customerEmail,
      serviceName: row.serviceName!,
      vehicles: bookedVehicles(appointment),
      startAt: appointment.startAt,
      membership: null,
    };
  }
  if (!charge || !sub || !row.subscriber) return null;
  return {
    ...amounts,
    bookingId: membershipReference(sub.id),
    customerName: row.subscriber.name,
    customerEmail: row.subscriber.email,
    serviceName: row.planServiceName!,
    vehicles: [],
    startAt: amounts.settledAt,
    membership: {
      planName: row.planName!,
      vehicles: sub.vehicles,
      from: charge.periodStart,
      to: charge.periodEnd,
    },
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
