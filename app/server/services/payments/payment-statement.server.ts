import { and, asc, eq, gte, inArray, lt, ne, or, sql } from "drizzle-orm";
import { leftToPay } from "./record-on-site-payment.server";
import { alias } from "drizzle-orm/pg-core";
import { membershipReference } from "./receipts.server";
import {
  appointmentPaymentPlans,
  appointments,
  franchisees,
  membershipCharges,
  membershipSubscriptions,
  payments,
  users,
} from "#db/schema";
import {
  monthBounds,
  statementAmounts,
  statementTotals,
  type StatementAmounts,
  type StatementTotals,
} from "~/domain/payments/statement";
import type { Db } from "../../db.server";
import { assertAdmin, type AdminActor } from "../admin/assert-admin.server";

// Statements of the payments ledger by month (issue 31, items 6 and 9; ADR 075): the rows of a
// franchisee or of the network, their totals, and the admin's per-franchisee summary. A row
// belongs to the month of its settlement (else of its creation), in the business time zone.
// Totals count settled money only; a refund still on its way to Stripe is listed as such.

export interface StatementRow extends StatementAmounts {
  id: string;
  at: Date;
  /** Null for a membership's period (ADR 095): `bookingId` is then its reference. */
  appointmentId: string | null;
  bookingId: string;
  customerName: string;
  franchiseeId: string;
  businessName: string;
  kind: "deposit" | "balance" | "charge" | "tip" | "refund" | "gift_card" | "membership";
  method: "stripe" | "on_site_card" | "cash" | "gift_card";
  status: "pending" | "succeeded" | "failed" | "cancelled";
  reason: string | null;
  byName: string | null;
  /** A card payment that can still be refunded: what is left of it; 0 otherwise. */
  refundableCents: number;
}

export interface Statement {
  month: string;
  rows: StatementRow[];
  totals: StatementTotals;
}

const subscriber = alias(users, "subscriber");

async function readStatement(db: Db, month: string, franchiseeId: string | null): Promise<Statement> {
  const { from, to } = monthBounds(month);
  const at = sql<Date>`coalesce(${payments.settledAt}, ${payments.createdAt})`;
  const listed = await db
    .select({
      payment: payments,
      at,
      bookingId: appointments.bookingId,
      customerName: appointments.customerName,
      subscriptionId: membershipCharges.subscriptionId,
      subscriberName: subscriber.name,
      businessName: franchisees.businessName,
      byName: users.name,
    })
    .from(payments)
    .leftJoin(appointments, eq(appointments.id, payments.appointmentId))
    // A membership's period: credited to the franchisee that sold it, less the royalty (ADR 095).
    .leftJoin(membershipCharges, eq(membershipCharges.id, payments.membershipChargeId))
    .leftJoin(membershipSubscriptions, eq(membershipSubscriptions.id, membershipCharges.subscriptionId))
    .leftJoin(subscriber, eq(subscriber.id, membershipSubscriptions.userId))
    .innerJoin(franchisees, eq(franchisees.id, payments.franchiseeId))
    .leftJoin(users, eq(users.id, payments.createdBy))
    .where(
      and(
        franchiseeId ? eq(payments.franchiseeId, franchiseeId) : undefined,
        gte(at, from),
        lt(at, to),
        or(
          eq(payments.status, "succeeded"),
          and(eq(payments.status, "pending"), eq(payments.kind, "refund")),
        ),
      ),
    )
    .orderBy(asc(at), asc(payments.createdAt));
  const cardIds = listed
    .filter((r) => r.payment.method === "stripe" && r.payment.kind !== "refund")
    .map((r) => r.payment.id);
  const given = cardIds.length
    ? await db
        .select({ of: payments.refundOf, cents: sql<string>`sum(${payments.amountCents})` })
        .from(payments)
        .where(and(inArray(payments.refundOf, cardIds), inArray(payments.status, ["pending", "succeeded"])))
        .groupBy(payments.refundOf)
    : [];
  const rows: StatementRow[] = listed.map(
    ({ payment: p, at: when, subscriptionId, subscriberName, ...rest }) => ({
      ...rest,
      bookingId: rest.bookingId ?? (subscriptionId ? membershipReference(subscriptionId) : ""),
      customerName: rest.customerName ?? subscriberName ?? "",
      ...statementAmounts(p),
      id: p.id,
      at: new Date(when),
      appointmentId: p.appointmentId,
      franchiseeId: p.franchiseeId,
      kind: p.kind,
      method: p.method,
      status: p.status,
      reason: p.reason,
      refundableCents:
        p.method === "stripe" && p.kind !== "refund" && p.stripePaymentIntentId
          ? p.amountCents - Number(given.find((g) => g.of === p.id)?.cents ?? 0)
          : 0,
    }),
  );
  const settled = listed.filter((r) => r.payment.status === "succeeded").map((r) => r.payment);
  return { month, rows, totals: statementTotals(settled) };
}

/** The franchisee's own statement of `month` ('2026-11'): only its rows, whoever asks. */
export function franchiseeStatement(db: Db, input: { franchiseeId: string; month: string }) {
  return readStatement(db, input.month, input.franchiseeId);
}

/** The admin's statement: one franchisee's, or the network's with a summary per franchisee. */
export async function networkStatement(
  db: Db,
  input: { actor: AdminActor; month: string; franchiseeId: string | null },
) {
  assertAdmin(input.actor);
  const statement = await readStatement(db, input.month, input.franchiseeId);
  const names = new Map(statement.rows.map((r) => [r.franchiseeId, r.businessName]));
  const perFranchisee = [...names].map(([id, businessName]) => ({
    franchiseeId: id,
    businessName,
    totals: statementTotals(
      statement.rows
        .filter((r) => r.franchiseeId === id && r.status === "succeeded")
        .map((r) => ({
          kind: r.kind,
          method: r.method,
          // Back to the ledger's unsigned amounts for the totals.
          amountCents: Math.abs(r.amountCents),
          subtotalCents: Math.abs(r.subtotalCents),
          tpsCents: Math.abs(r.tpsCents),
          tvqCents: Math.abs(r.tvqCents),
          tipCents: Math.abs(r.tipCents),
          applicationFeeCents: Math.abs(r.feeCents),
        })),
    ),
  }));
  perFranchisee.sort((a, b) => a.businessName.localeCompare(b.businessName, "fr-CA"));
  const choices = await db
    .select({ id: franchisees.id, businessName: franchisees.businessName })
    .from(franchisees)
    .orderBy(asc(franchisees.businessName));
  return { ...statement, perFranchisee, franchisees: choices };
}

/**
 * The franchisee's bookings to record as paid on site: in progress or done in the last 30
 * days, not cancelled, not paid in full yet, and not paid by a card kept (its plan).
 */
export async function onSiteToRecord(db: Db, input: { franchiseeId: string; now: Date }) {
  const since = new Date(input.now.getTime() - 30 * 24 * 60 * 60_000);
  const rows = await db
    .select({
      id: appointments.id,
      bookingId: appointments.bookingId,
      customerName: appointments.customerName,
      startAt: appointments.startAt,
      priceCents: appointments.priceCents,
      status: appointments.status,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.franchiseeId, input.franchiseeId),
        inArray(appointments.status, ["scheduled", "completed"]),
        gte(appointments.startAt, since),
        lt(appointments.startAt, input.now),
        sql`not exists (select 1 from ${appointmentPaymentPlans} where ${appointmentPaymentPlans.appointmentId} = ${appointments.id}
          and ${appointmentPaymentPlans.status} in ('awaiting_card', 'secured'))`,
        sql`not exists (select 1 from ${payments} where ${payments.appointmentId} = ${appointments.id}
          and ${payments.status} = 'succeeded' and ${payments.kind} <> 'refund'
          and (${payments.method} <> 'stripe' or ${payments.kind} = 'balance'))`,
      ),
    )
    .orderBy(asc(appointments.startAt))
    .limit(50);
  const paid = rows.length
    ? await db
        .select()
        .from(payments)
        .where(
          and(
            inArray(
              payments.appointmentId,
              rows.map((r) => r.id),
            ),
            eq(payments.status, "succeeded"),
            ne(payments.kind, "refund"),
          ),
        )
    : [];
  return rows.map((r) => ({
    ...r,
    dueCents: leftToPay(
      r.priceCents,
      paid.filter((p) => p.appointmentId === r.id),
    ).totalCents,
  }));
}
