import { and, desc, eq, inArray } from "drizzle-orm";
import { membershipPlans, membershipSubscriptions, membershipUsages } from "#db/schema";
import { inPeriod, memberDiscount } from "~/domain/memberships/memberships";
import { BUSINESS_TIME_ZONE, localDate } from "~/domain/time/zoned";
import type { Db, Tx } from "../../db.server";
import { usedInPeriod } from "./membership-periods.server";

// A member's booking (ADR 095): what the membership takes off it, in the booking's transaction,
// the wizard's quote of the same, and the included washes it uses and gives back.

export interface MemberPrice {
  subscriptionId: string;
  periodStart: string;
  washes: number;
  discountCents: number;
}

/**
 * What a client's membership takes off a booking, inside the booking's transaction: the
 * subscription's row is locked, so two bookings of one member take turns and cannot use the same
 * included wash twice. Applies when the booking's local day is inside a paid period (active, or
 * paused or cancelled until the period ends; not while a renewal is refused). Null otherwise.
 */
export async function memberPriceFor(
  tx: Tx,
  input: {
    userId: string | null;
    serviceId: string;
    carPricesCents: readonly number[];
    upsellsCents: number;
    startAt: Date;
  },
): Promise<MemberPrice | null> {
  if (!input.userId) return null;
  const [row] = await tx
    .select({ sub: membershipSubscriptions, plan: membershipPlans })
    .from(membershipSubscriptions)
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .where(
      and(
        eq(membershipSubscriptions.userId, input.userId),
        inArray(membershipSubscriptions.status, ["active", "paused", "cancelled"]),
      ),
    )
    .orderBy(desc(membershipSubscriptions.currentPeriodEnd))
    .limit(1)
    .for("update", { of: membershipSubscriptions });
  if (!row) return null;
  const { sub, plan } = row;
  const day = localDate(input.startAt.toISOString(), BUSINESS_TIME_ZONE);
  if (!inPeriod(day, sub.currentPeriodStart, sub.currentPeriodEnd)) return null;
  const used = await usedInPeriod(tx, sub.id, sub.currentPeriodStart!);
  const discount = memberDiscount({
    sameService: plan.serviceId === input.serviceId,
    carPricesCents: input.carPricesCents,
    upsellsCents: input.upsellsCents,
    left: plan.includedWashes * sub.vehicles - used,
    extrasDiscountBasisPoints: plan.extrasDiscountBasisPoints,
  });
  if (discount.discountCents === 0 && discount.washes === 0) return null;
  return {
    subscriptionId: sub.id,
    periodStart: sub.currentPeriodStart!,
    washes: discount.washes,
    discountCents: discount.discountCents,
  };
}

/** What the booking wizard's summary needs to price a member's booking as the server will. */
export interface MemberQuote {
  serviceId: string;
  /** Included washes left in the period. */
  left: number;
  extrasDiscountBasisPoints: number;
  periodStart: string;
  periodEnd: string;
}

/**
 * A client's membership as {@link memberPriceFor} will apply it (same subscription, same period,
 * same washes left), read without a lock: the summary shows the member price before
 * « Confirmer la réservation », the booking's transaction prices it for good. Null when none.
 */
export async function memberQuote(db: Db, userId: string): Promise<MemberQuote | null> {
  const [row] = await db
    .select({ sub: membershipSubscriptions, plan: membershipPlans })
    .from(membershipSubscriptions)
    .innerJoin(membershipPlans, eq(membershipPlans.id, membershipSubscriptions.planId))
    .where(
      and(
        eq(membershipSubscriptions.userId, userId),
        inArray(membershipSubscriptions.status, ["active", "paused", "cancelled"]),
      ),
    )
    .orderBy(desc(membershipSubscriptions.currentPeriodEnd))
    .limit(1);
  if (!row?.sub.currentPeriodStart || !row.sub.currentPeriodEnd) return null;
  const { sub, plan } = row;
  const used = await usedInPeriod(db, sub.id, sub.currentPeriodStart!);
  return {
    serviceId: plan.serviceId,
    left: Math.max(0, plan.includedWashes * sub.vehicles - used),
    extrasDiscountBasisPoints: plan.extrasDiscountBasisPoints,
    periodStart: sub.currentPeriodStart!,
    periodEnd: sub.currentPeriodEnd!,
  };
}

/** Records what the booking took (after its row exists), in the booking's transaction. */
export async function recordMemberUse(tx: Tx, price: MemberPrice, appointmentId: string): Promise<void> {
  await tx.insert(membershipUsages).values({
    subscriptionId: price.subscriptionId,
    periodStart: price.periodStart,
    appointmentId,
    washes: price.washes,
    discountCents: price.discountCents,
  });
}

/** A cancelled booking gives its included washes back to its period. */
export async function restoreMemberUse(tx: Tx, appointmentId: string): Promise<void> {
  await tx.delete(membershipUsages).where(eq(membershipUsages.appointmentId, appointmentId));
}
