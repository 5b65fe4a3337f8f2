import { APIError } from "better-auth/api";
import { verifyPassword } from "better-auth/crypto";
import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import {
  accounts,
  appointments,
  consentEvents,
  customerNotes,
  franchiseApplications,
  users,
  waitlistEntries,
} from "#db/schema";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { getStorage, type FileStorage } from "../../storage/storage.server";
import { deleteApplicationPhotos } from "../applications/application-photo.server";
import { limitPasswordCheck } from "../auth/auth-guard.server";
import { recordConsent } from "../messaging/consent.server";
import { forgetClientOffers } from "../offers/client-offers.server";
import { forgetPaymentCustomer } from "../payments/client-payments.server";
import { settleCancelledBooking } from "../payments/settle-cancellation.server";
import { cancellationKind } from "~/domain/payments/refunds";
import { deleteReviewsOf } from "../reviews/client-reviews.server";
import { deleteJobPhotoFiles, forgetJobPhotos } from "../crew/client-job-photos.server";
import { loadClient, ownedAppointments, verifiedAddresses } from "./client-owner.server";
import { withSlotChange } from "../booking/slot-change.server";

/** What replaces the personal fields of the bookings a deleted client leaves behind. */
export const ANONYMIZED = {
  name: "Client supprimé",
  phone: "",
  address: "Adresse supprimée",
  /** A unique address of the reserved .invalid domain: it can never reach anyone nor match an account. */
  email: (bookingId: string) => `supprime-${bookingId}@anonyme.invalid`,
  /** The recipient of the personal codes the client had been sent (ADR 057). */
  accountEmail: (userId: string) => `supprime-${userId}@anonyme.invalid`,
} as const;

const ACCOUNT_DELETED_SOURCE = "account_deleted";

export interface DeletedAccount {
  cancelledBookings: number;
  anonymizedBookings: number;
}

/**
 * Deletes a client's account (Quebec's Law 25; ADR 027) after checking the password:
 * - upcoming scheduled bookings are cancelled (their slot is free again);
 * - every booking of the client is kept for the franchisee's records with the name, e-mail,
 *   phone, address, postal code and notes replaced, and no link to the account;
 * - promotional consent is withdrawn on both channels (the withdrawal stays as proof, unlinked);
 * - the user row goes, and with it (cascades) sessions, credentials, the loyalty balance, the
 *   points ledger, redemptions and achievements. A franchise application keeps its own record,
 *   without the candidate's photo, whose file is removed after the commit (ADR 076);
 * - the crew's before/after photos of the client's bookings are deleted, rows and files (ADR 088);
 * - the client's reviews are deleted, and the promo codes' records forget the person (ADR 057);
 * - the payments ledger is kept for the accountant (bookings anonymized as above), the Stripe
 *   customers lose their cards (a job detaches them) and their link to the person (ADR 079).
 * All in one transaction. Refused: WRONG_PASSWORD, RATE_LIMITED (the check's limit).
 */
export async function deleteClientAccount(
  db: Db,
  {
    userId,
    password,
    now = new Date(),
    storage,
  }: { userId: string; password: string; now?: Date; storage?: FileStorage },
): Promise<DeletedAccount> {
  const owner = await loadClient(db, userId);
  // The current-password check is limited per account like change-password's (ADR 042).
  try {
    await limitPasswordCheck(db, { userId });
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 429) {
      throw new AppError("RATE_LIMITED", undefined, { cause: error });
    }
    throw error;
  }
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (!credential?.hash || !(await verifyPassword({ hash: credential.hash, password }))) {
    throw new AppError("WRONG_PASSWORD");
  }

  // Its future bookings are cancelled: their slots open again (announced, and cleared here).
  const { photoUrls, jobPhotoKeys, ...deleted } = await withSlotChange(db, async (tx) => {
    const owned = await tx
      .select({ id: appointments.id, bookingId: appointments.bookingId, startAt: appointments.startAt })
      .from(appointments)
      .where(ownedAppointments(owner));
    const ids = owned.map((a) => a.id);
    let cancelled = 0;
    if (ids.length) {
      const cancelledRows = await tx
        .update(appointments)
        .set({ status: "cancelled", cancelledAt: now, cancelReason: ACCOUNT_DELETED_SOURCE, updatedAt: now })
        .where(
          and(
            inArray(appointments.id, ids),
            eq(appointments.status, "scheduled"),
            gt(appointments.startAt, now),
          ),
        )
        .returning({ id: appointments.id });
      cancelled = cancelledRows.length;
      // Their money by the terms, as a cancellation by the customer (ADR 073, 079).
      for (const row of cancelledRows) {
        const startAt = owned.find((b) => b.id === row.id)!.startAt;
        await settleCancelledBooking(tx, {
          appointmentId: row.id,
          kind: cancellationKind(startAt, now),
          reason: ACCOUNT_DELETED_SOURCE,
        });
      }
      for (const booking of owned) {
        await tx
          .update(appointments)
          .set({
            userId: null,
            customerName: ANONYMIZED.name,
            customerEmail: ANONYMIZED.email(booking.bookingId),
            customerPhone: ANONYMIZED.phone,
            address: ANONYMIZED.address,
            postalCode: null,
            notes: null,
            smsConsent: false,
            // The cars keep their class and price, not which vehicles they were (ADR 085).
            vehicles: sql`(select jsonb_agg(car || '{"label": null, "vehicleId": null}'::jsonb order by n) from jsonb_array_elements(${appointments.vehicles}) with ordinality as cars(car, n))`,
            updatedAt: now,
          })
          .where(eq(appointments.id, booking.id));
      }
    }

    // The ledger stays for the accountant; the cards are detached and the Stripe link goes (ADR 079).
    await forgetPaymentCustomer(tx, owner, ids);
    // Reviews go; codes and offers keep their figures without the person (ADR 057).
    await deleteReviewsOf(tx, ids);
    // The crew's before/after photos of the customer's cars (ADR 088): the rows now, files after.
    const jobPhotoKeys = await forgetJobPhotos(tx, ids);
    await forgetClientOffers(tx, {
      userId,
      email: owner.email,
      verified: owner.emailVerified,
      bookings: owned.map((b) => ({ id: b.id, anonymousEmail: ANONYMIZED.email(b.bookingId) })),
      anonymousEmail: ANONYMIZED.accountEmail(userId),
    });

    // Withdrawn only for verified addresses (ADR 043): an unverified one may be someone else's.
    const verified = verifiedAddresses(owner);
    for (const [channel, address] of [
      ["email", verified.email],
      ["sms", verified.phone],
    ] as const) {
      if (!address) continue;
      await recordConsent(tx, {
        channel,
        address,
        kind: "express",
        action: "withdrawn",
        source: ACCOUNT_DELETED_SOURCE,
        now,
      });
    }
    // The waiting list keeps the e-mail: it goes with the account (ADR 046).
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.email, owner.email.trim().toLowerCase()));
    await tx.update(consentEvents).set({ userId: null }).where(eq(consentEvents.userId, userId));
    // The staff's private notes on the person go with the account (ADR 096).
    await tx.delete(customerNotes).where(eq(customerNotes.customerEmail, owner.email.trim().toLowerCase()));
    // The photo of the account's application goes with the account (ADR 076).
    const withPhoto = and(
      eq(franchiseApplications.userId, userId),
      isNotNull(franchiseApplications.photoUrl),
    );
    const photos = await tx
      .select({ photoUrl: franchiseApplications.photoUrl })
      .from(franchiseApplications)
      .where(withPhoto);
    if (photos.length) await tx.update(franchiseApplications).set({ photoUrl: null }).where(withPhoto);
    await tx.delete(users).where(eq(users.id, userId));
    return {
      cancelledBookings: cancelled,
      anonymizedBookings: owned.length,
      photoUrls: photos.map((p) => p.photoUrl),
      jobPhotoKeys,
    };
  });
  // After the commit: no row names these files any more.
  if (photoUrls.length) await deleteApplicationPhotos(storage ?? getStorage(), photoUrls);
  if (jobPhotoKeys.length) await deleteJobPhotoFiles(storage ?? getStorage(), jobPhotoKeys);
  return deleted;
}
