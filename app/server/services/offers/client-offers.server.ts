/**
 * A client's codes and offers under Law 25 (ADR 057): in the data export, and forgotten with the
 * account. On deletion the records keep their figures (uses, bookings, revenue) but lose the
 * person: the referral code is unlinked from the account and turned off, the personal codes
 * (win-back, thank-you) turned off and their recipient replaced, the redemptions and win-back
 * sends of the client's bookings carry the booking's anonymised e-mail and no phone.
 */
import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { promoCodes, promoRedemptions, winbackSends } from "#db/schema";
import type { Db, Tx } from "../../db.server";

/** The client's referral code and the personal offers sent to the account's e-mail. */
export async function exportOffers(db: Db, { userId, email }: { userId: string; email: string }) {
  return db
    .select({
      code: promoCodes.code,
      campaign: promoCodes.campaign,
      kind: promoCodes.kind,
      value: promoCodes.value,
      startsAt: promoCodes.startsAt,
      endsAt: promoCodes.endsAt,
      usesCount: promoCodes.usesCount,
      isActive: promoCodes.isActive,
      createdAt: promoCodes.createdAt,
    })
    .from(promoCodes)
    .where(
      or(
        eq(promoCodes.referrerUserId, userId),
        and(isNotNull(promoCodes.recipientEmail), sql`${promoCodes.recipientEmail} = ${email.toLowerCase()}`),
      ),
    )
    .orderBy(asc(promoCodes.createdAt));
}

/**
 * Forgets the client in the offers' records, in the deletion's transaction. `bookings` maps each
 * of the client's appointments to its anonymised e-mail; `email` is the account's (lower-cased
 * before comparing). Call before the user row goes (its referral code would otherwise cascade
 * into the redemptions that keep its figures).
 */
export async function forgetClientOffers(
  tx: Tx,
  {
    userId,
    email,
    verified,
    bookings,
    anonymousEmail,
  }: {
    userId: string;
    email: string;
    /** Personal codes follow the e-mail only once it is verified (ADR 043). */
    verified: boolean;
    bookings: { id: string; anonymousEmail: string }[];
    anonymousEmail: string;
  },
): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ referrerUserId: null, isActive: false })
    .where(eq(promoCodes.referrerUserId, userId));
  for (const booking of bookings) {
    await tx
      .update(promoRedemptions)
      .set({ email: booking.anonymousEmail, phone: null })
      .where(eq(promoRedemptions.appointmentId, booking.id));
  }
  if (!verified) return;
  const address = email.trim().toLowerCase();
  const personal = await tx
    .update(promoCodes)
    .set({ recipientEmail: anonymousEmail, isActive: false })
    .where(eq(promoCodes.recipientEmail, address))
    .returning({ id: promoCodes.id });
  if (personal.length > 0) {
    await tx
      .update(winbackSends)
      .set({ email: anonymousEmail })
      .where(
        inArray(
          winbackSends.promoCodeId,
          personal.map((p) => p.id),
        ),
      );
  }
}
