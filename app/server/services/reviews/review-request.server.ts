import { eq } from "drizzle-orm";
import { appointments, reviewRequests } from "#db/schema";
import { reviewsMessages } from "~/lib/messages/reviews.fr";
import type { Db, Tx } from "../../db.server";
import { env } from "../../env.server";
import { enqueue } from "../../jobs/queue.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { queueSms } from "../messaging/sms.server";
import { scheduleThankYouOffer } from "../offers/thankyou.server";
import { reviewUrlFor } from "./review-link.server";

/** The singleton key of an appointment's review request job. */
export function reviewRequestKey(appointmentId: string): string {
  return `review.request:${appointmentId}`;
}

/**
 * Called in the transaction that marks the appointment completed: the review request runs
 * REVIEW_REQUEST_DELAY_MINUTES later (default 3 h). Every completed appointment is asked.
 */
export async function scheduleReviewRequest(
  db: Db | Tx,
  appointmentId: string,
  {
    now = new Date(),
    delayMinutes = env().REVIEW_REQUEST_DELAY_MINUTES,
  }: { now?: Date; delayMinutes?: number } = {},
): Promise<number> {
  return enqueue(
    db,
    "review.request",
    { appointmentId },
    {
      runAt: new Date(now.getTime() + delayMinutes * 60_000),
      singletonKey: reviewRequestKey(appointmentId),
      maxAttempts: EMAIL_MAX_ATTEMPTS,
    },
  );
}

/**
 * The review.request job: records the request (the table's primary key makes it once per
 * appointment, whatever runs the job twice), then queues the e-mail and, when the booking's SMS
 * box was ticked, an SMS within the monthly cap (ADR 014), and schedules the thank-you offer
 * (ADR 057), all in one transaction. Returns
 * whether this run asked.
 */
export async function sendReviewRequest(
  db: Db,
  appointmentId: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({
        bookingId: appointments.bookingId,
        status: appointments.status,
        smsConsent: appointments.smsConsent,
        phone: appointments.customerPhone,
      })
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    if (!booking || booking.status !== "completed") return false;
    const [asked] = await tx
      .insert(reviewRequests)
      .values({ appointmentId, createdAt: now })
      .onConflictDoNothing()
      .returning({ appointmentId: reviewRequests.appointmentId });
    if (!asked) return false;
    await enqueue(tx, "email.review-request", { appointmentId }, { maxAttempts: EMAIL_MAX_ATTEMPTS });
    if (booking.smsConsent) {
      // An invitation rather than a message about an active booking: counted as an offer, so it
      // needs SMS consent in force and a place under the monthly cap; refused (logged) otherwise.
      await queueSms(tx, {
        phone: booking.phone,
        body: reviewsMessages.sms(await reviewUrlFor(tx, booking.bookingId)),
        category: "promotional",
        appointmentId,
        now,
      });
    }
    // The thank-you offer follows a day later, as its own commercial message (ADR 057).
    await scheduleThankYouOffer(tx, appointmentId, { now });
    return true;
  });
}
