/**
 * A client's reviews under Law 25 (ADR 057): in the data export, and gone with the account. The
 * rule on deletion: the client's reviews are deleted (rating, comment, name shown, the
 * franchisee's answer and the moderation log with them), not kept anonymised: a review is the
 * client's own words and opinion, published with a consent that ends with the account, and the
 * averages are only honest over reviews someone still stands behind.
 */
import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { appointmentReviews, appointments } from "#db/schema";
import type { Db, Tx } from "../../db.server";

/** The reviews of the appointments `owned` selects, oldest first, as the export shows them. */
export async function exportReviews(db: Db, owned: SQL) {
  return db
    .select({
      bookingId: appointments.bookingId,
      rating: appointmentReviews.rating,
      comment: appointmentReviews.comment,
      displayName: appointmentReviews.displayName,
      publishConsent: appointmentReviews.publishConsent,
      createdAt: appointmentReviews.createdAt,
      updatedAt: appointmentReviews.updatedAt,
      hiddenAt: appointmentReviews.hiddenAt,
      hiddenReason: appointmentReviews.hiddenReason,
      response: appointmentReviews.response,
      respondedAt: appointmentReviews.respondedAt,
    })
    .from(appointmentReviews)
    .innerJoin(appointments, eq(appointments.id, appointmentReviews.appointmentId))
    .where(owned)
    .orderBy(asc(appointmentReviews.createdAt));
}

/** Deletes the reviews of these appointments (cascades: the moderation log). Returns how many. */
export async function deleteReviewsOf(tx: Tx, appointmentIds: string[]): Promise<number> {
  if (appointmentIds.length === 0) return 0;
  const deleted = await tx
    .delete(appointmentReviews)
    .where(inArray(appointmentReviews.appointmentId, appointmentIds))
    .returning({ id: appointmentReviews.id });
  return deleted.length;
}
