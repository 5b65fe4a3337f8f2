/**
 * A promo code inside the booking transaction (ADR 050): the code's row is locked (FOR UPDATE),
 * checked against its rules and the customer's history, then its use is recorded and counted
 * before the transaction commits. Concurrent bookings with one code wait for each other on that
 * row, so a code with one use left is used exactly once.
 */
import { and, eq, ne, or, sql } from "drizzle-orm";
import { appointments, promoCodes, promoRedemptions, users } from "#db/schema";
import { discountCents, normalizePromoCode, promoRefusal, sameAddress } from "~/domain/offers/promo";
import { AppError } from "~/lib/errors";
import type { Db, Tx } from "../../db.server";

export interface AppliedPromo {
  promoCodeId: string;
  code: string;
  kind: "percent" | "fixed";
  value: number;
  discountCents: number;
}

export interface PromoBooking {
  code: string;
  zoneId: string;
  cars: number;
  /** Lower-case e-mail, E.164 phone, street address as typed. */
  email: string;
  phone: string;
  address: string;
  subtotalCents: number;
  now: Date;
}

/**
 * Checks and locks the code for this booking: its discount, or AppError PROMO_CODE_REFUSED whose
 * message is the refusal (UNKNOWN, EXPIRED, EXHAUSTED, ...). Call `recordPromoUse` once the
 * appointment exists, in the same transaction.
 */
export async function applyPromoCode(tx: Tx, booking: PromoBooking): Promise<AppliedPromo> {
  const code = normalizePromoCode(booking.code);
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for("update");
  if (!row) throw new AppError("PROMO_CODE_REFUSED", "UNKNOWN");
  const email = booking.email.toLowerCase();
  const sameCustomer = (
    emailColumn: typeof appointments.customerEmail,
    phoneColumn: typeof appointments.customerPhone,
  ) => or(sql`lower(${emailColumn}) = ${email}`, eq(phoneColumn, booking.phone));

  const known = email !== "" || booking.phone !== "";
  const [earlier] =
    row.firstBookingOnly && known
      ? await tx
          .select({ id: appointments.id })
          .from(appointments)
          .where(
            and(
              sameCustomer(appointments.customerEmail, appointments.customerPhone),
              ne(appointments.status, "cancelled"),
            ),
          )
          .limit(1)
      : [];
  const [used] =
    row.oncePerCustomer && known
      ? await tx
          .select({ id: promoRedemptions.id })
          .from(promoRedemptions)
          .where(
            and(
              eq(promoRedemptions.promoCodeId, row.id),
              or(eq(promoRedemptions.email, email), eq(promoRedemptions.phone, booking.phone)),
            ),
          )
          .limit(1)
      : [];
  const refusal = promoRefusal(row, {
    now: booking.now,
    zoneId: booking.zoneId,
    cars: booking.cars,
    email,
    hasEarlierBooking: earlier !== undefined,
    usedByCustomer: used !== undefined,
    isOwnReferral: row.referrerUserId && known ? await isReferrer(tx, row.referrerUserId, booking) : false,
  });
  if (refusal) throw new AppError("PROMO_CODE_REFUSED", refusal);
  return {
    promoCodeId: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    discountCents: discountCents(row, booking.subtotalCents),
  };
}

/**
 * Not for oneself: the referrer's account e-mail or phone, or the e-mail, phone or address of
 * one of the referrer's bookings, is the customer's.
 */
async function isReferrer(tx: Tx, referrerUserId: string, booking: PromoBooking): Promise<boolean> {
  const [referrer] = await tx
    .select({ email: users.email, phone: users.phone, verifiedPhone: users.verifiedPhone })
    .from(users)
    .where(eq(users.id, referrerUserId));
  if (!referrer) return false;
  if (referrer.email.toLowerCase() === booking.email.toLowerCase()) return true;
  if (referrer.phone === booking.phone || referrer.verifiedPhone === booking.phone) return true;
  const theirs = await tx
    .select({
      email: appointments.customerEmail,
      phone: appointments.customerPhone,
      address: appointments.address,
    })
    .from(appointments)
    .where(
      or(
        eq(appointments.userId, referrerUserId),
        sql`lower(${appointments.customerEmail}) = ${referrer.email.toLowerCase()}`,
      ),
    );
  return theirs.some(
    (a) =>
      a.email.toLowerCase() === booking.email.toLowerCase() ||
      a.phone === booking.phone ||
      sameAddress(a.address, booking.address),
  );
}

/**
 * The booking form's 'Appliquer' (ADR 050): the code's rules checked with what the form knows so
 * far (the e-mail and phone when typed). Nothing is recorded; the booking checks it again.
 */
export async function previewPromoCode(
  db: Db,
  booking: Omit<PromoBooking, "subtotalCents"> & { subtotalCents?: number },
): Promise<AppliedPromo> {
  return db.transaction((tx) => applyPromoCode(tx, { subtotalCents: 0, ...booking }));
}

/** The use of a code by a new appointment: the redemption row and the code's count, in the booking's transaction. */
export async function recordPromoUse(
  tx: Tx,
  promo: AppliedPromo,
  { appointmentId, email, phone, now }: { appointmentId: string; email: string; phone: string; now: Date },
): Promise<void> {
  await tx.insert(promoRedemptions).values({
    promoCodeId: promo.promoCodeId,
    appointmentId,
    email: email.toLowerCase(),
    phone,
    discountCents: promo.discountCents,
    createdAt: now,
  });
  await tx
    .update(promoCodes)
    .set({ usesCount: sql`${promoCodes.usesCount} + 1`, updatedAt: now })
    .where(eq(promoCodes.id, promo.promoCodeId));
}
