/**
 * Referrals (ADR 050): each client has one personal code (a promo code of the 'referral'
 * campaign): the friend gets REFERRAL_DISCOUNT_CENTS off a first booking, once; the client gets
 * REFERRAL_POINTS in the ledger when that booking is completed, once, never for oneself (the
 * booking refuses the client's own e-mail, phone or address, and completion checks again).
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { appointments, promoCodes, promoRedemptions, users } from "#db/schema";
import {
  randomPromoCode,
  REFERRAL_DISCOUNT_CENTS,
  REFERRAL_POINTS,
  normalizePromoCode,
  sameAddress,
} from "~/domain/offers/promo";
import type { Db, Tx } from "../../db.server";
import { creditPoints } from "../loyalty/ledger.server";

export interface ReferralCard {
  code: string;
  /** How many bookings used it. */
  uses: number;
}

/**
 * The friend's discount in cents when `raw` is an active referral code, else null: what the
 * wizard's first step announces for a referral link (issue 33). A promise, not a check: the
 * booking checks the code's rules again (first booking, not oneself).
 */
export async function referralDiscountFor(db: Db | Tx, raw: string): Promise<number | null> {
  const code = normalizePromoCode(raw);
  if (!code) return null;
  const [row] = await db
    .select({ value: promoCodes.value, kind: promoCodes.kind })
    .from(promoCodes)
    .where(
      and(eq(promoCodes.code, code), eq(promoCodes.campaign, "referral"), eq(promoCodes.isActive, true)),
    );
  return row && row.kind === "fixed" ? row.value : null;
}

/** The client's referral code, made on first use (a race makes one: unique per referrer). */
export async function ensureReferralCode(db: Db | Tx, userId: string): Promise<ReferralCard> {
  const find = async () => {
    const [row] = await db
      .select({ id: promoCodes.id, code: promoCodes.code, uses: promoCodes.usesCount })
      .from(promoCodes)
      .where(and(eq(promoCodes.referrerUserId, userId), eq(promoCodes.campaign, "referral")));
    return row;
  };
  const existing = await find();
  if (existing) return { code: existing.code, uses: existing.uses };
  for (let attempt = 0; attempt < 5; attempt++) {
    const [created] = await db
      .insert(promoCodes)
      .values({
        code: randomPromoCode("AMI", (n) => crypto.randomBytes(n)),
        campaign: "referral",
        kind: "fixed",
        value: REFERRAL_DISCOUNT_CENTS,
        oncePerCustomer: true,
        firstBookingOnly: true,
        referrerUserId: userId,
      })
      .onConflictDoNothing()
      .returning({ code: promoCodes.code });
    if (created) return { code: created.code, uses: 0 };
    const raced = await find();
    if (raced) return { code: raced.code, uses: raced.uses };
  }
  throw new Error("Could not make a referral code");
}

/**
 * Credits the referrer when a booking made with their code is completed: REFERRAL_POINTS once
 * per appointment (the ledger's unique index on appointment and reason), never when the
 * customer is the referrer (same account, e-mail, phone or address). Call it in the transaction
 * that marks the appointment completed; returns the points credited.
 */
export async function creditReferral(tx: Tx, appointmentId: string, now: Date = new Date()): Promise<number> {
  const [row] = await tx
    .select({
      status: appointments.status,
      userId: appointments.userId,
      email: appointments.customerEmail,
      phone: appointments.customerPhone,
      address: appointments.address,
      referrerUserId: promoCodes.referrerUserId,
    })
    .from(promoRedemptions)
    .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
    .innerJoin(appointments, eq(appointments.id, promoRedemptions.appointmentId))
    .where(and(eq(promoRedemptions.appointmentId, appointmentId), eq(promoCodes.campaign, "referral")));
  if (!row?.referrerUserId || row.status !== "completed") return 0;
  const referrerUserId = row.referrerUserId;
  if (row.userId === referrerUserId) return 0;
  const [referrer] = await tx
    .select({ email: users.email, phone: users.phone, verifiedPhone: users.verifiedPhone })
    .from(users)
    .where(eq(users.id, referrerUserId));
  if (!referrer) return 0;
  if (
    referrer.email.toLowerCase() === row.email.toLowerCase() ||
    referrer.phone === row.phone ||
    referrer.verifiedPhone === row.phone
  ) {
    return 0;
  }
  const theirs = await tx
    .select({ address: appointments.address, phone: appointments.customerPhone })
    .from(appointments)
    .where(
      and(
        sql`${appointments.id} <> ${appointmentId}`,
        sql`(${appointments.userId} = ${referrerUserId} or lower(${appointments.customerEmail}) = ${referrer.email.toLowerCase()})`,
      ),
    );
  if (theirs.some((a) => a.phone === row.phone || sameAddress(a.address, row.address))) return 0;

  const entryId = await creditPoints(tx, {
    userId: referrerUserId,
    delta: REFERRAL_POINTS,
    reason: "referral",
    appointmentId,
    now,
  });
  return entryId ? REFERRAL_POINTS : 0;
}
