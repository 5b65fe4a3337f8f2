import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  membershipCharges,
  membershipPlans,
  membershipSubscriptions,
  payments,
  services,
  users,
} from "#db/schema";
import { periodCharge } from "~/domain/memberships/memberships";
import type { Db } from "../../db.server";
import { membershipReference } from "../payments/receipts.server";
import { usedInPeriod } from "./membership-periods.server";

// What a membership shows: the customer's own (its period, washes used, receipts), and which of
// a list's customers are members (the franchisee's and the admin's badge).

export interface ClientMembership {
  id: string;
  /** Where a booking's number would stand on its receipts (ABO-xxxxxxxx). */
  reference: string;
  status: (typeof membershipSubscriptions.$inferSelect)["status"];
  planName: string;
  serviceName: string;
  vehicles: number;
  periodStart: string | null;
  periodEnd: string | null;
  /** Per month, taxes included, for all the vehicles. */
  amountCents: number;
  included: number;
  used: number;
  extrasDiscountBasisPoints: number;
  failureCode: string | null;
  /** Its paid periods and refunds in the payments ledger, each with its receipt, newest first. */
  receipts: { id: string; periodStart: string; amountCents: number; refund: boolean }[];
}

/** The customer's live (or last) subscription, what its period includes and has used. */
export async function clientMembership(db: Db, userId: string): Promise<ClientMembership | null> {
  const [row] = await db
    .select({ sub: membershipSubscriptions, plan: membershipPlans, serviceName: services.name })
    .from(membershipSubscriptions)
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .innerJoin(services, eq(services.id, membershipPlans.serviceId))
    .where(
      and(
        eq(membershipSubscriptions.userId, userId),
        sql`${membershipSubscriptions.status} <> 'awaiting_payment'`,
      ),
    )
    .orderBy(
      sql`case when ${membershipSubscriptions.status} in ('active', 'paused', 'past_due') then 0 else 1 end`,
      desc(membershipSubscriptions.createdAt),
    )
    .limit(1);
  if (!row) return null;
  const { sub, plan } = row;
  const used = sub.currentPeriodStart ? await usedInPeriod(db, sub.id, sub.currentPeriodStart) : 0;
  const [failed] = await db
    .select({ code: membershipCharges.failureCode })
    .from(membershipCharges)
    .where(and(eq(membershipCharges.subscriptionId, sub.id), eq(membershipCharges.status, "failed")))
    .orderBy(desc(membershipCharges.periodStart))
    .limit(1);
  const receipts = await db
    .select({
      id: payments.id,
      periodStart: membershipCharges.periodStart,
      amountCents: payments.amountCents,
      kind: payments.kind,
    })
    .from(payments)
    .innerJoin(membershipCharges, eq(membershipCharges.id, payments.membershipChargeId))
    .where(and(eq(membershipCharges.subscriptionId, sub.id), eq(payments.status, "succeeded")))
    .orderBy(desc(payments.createdAt));
  return {
    id: sub.id,
    reference: membershipReference(sub.id),
    status: sub.status,
    planName: plan.name,
    serviceName: row.serviceName,
    vehicles: sub.vehicles,
    periodStart: sub.currentPeriodStart,
    periodEnd: sub.currentPeriodEnd,
    amountCents: periodCharge(sub).amountCents,
    included: plan.includedWashes * sub.vehicles,
    used,
    extrasDiscountBasisPoints: plan.extrasDiscountBasisPoints,
    failureCode: sub.status === "past_due" ? (failed?.code ?? null) : null,
    receipts: receipts.map(({ kind, ...row }) => ({ ...row, refund: kind === "refund" })),
  };
}

/**
 * The e-mails (lower case) among `emails` of a franchisee's members now (active or paused): the
 * franchisee sees them first, with a badge. `null`: members of any franchisee (the admin's list).
 */
export async function memberEmailsOf(
  db: Db,
  franchiseeId: string | null,
  emails: readonly string[],
): Promise<Set<string>> {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(membershipSubscriptions)
    .innerJoin(users, eq(users.id, membershipSubscriptions.userId))
    .where(
      and(
        franchiseeId ? eq(membershipSubscriptions.franchiseeId, franchiseeId) : undefined,
        inArray(membershipSubscriptions.status, ["active", "paused"]),
        inArray(sql`lower(${users.email})`, wanted),
      ),
    );
  return new Set(rows.map((row) => row.email));
}
