/**
 * The wash report (issue 32, item 6, ADR 088): when the crew taps « Terminé », one e-mail (and one
 * SMS when the booking's box was ticked) tells the customer the job is done, with the before/after
 * photos, the checklist, the total, the link to book the next wash, the review request and, with
 * a card kept (ADR 079), the balance and the tip link. It replaces, for that wash, both the
 * completion e-mail/SMS of ADR 079 and the review request sent hours later (ADR 049): the review
 * request is recorded now, so the review job finds it made and sends nothing.
 */
import { eq } from "drizzle-orm";
import { appointmentPaymentPlans, appointments, reviewRequests } from "#db/schema";
import { jobReportMessages } from "~/lib/messages/job-report.fr";
import type { Tx } from "../../db.server";
import { enqueue } from "../../jobs/queue.server";
import { EMAIL_MAX_ATTEMPTS } from "../messaging/notify.server";
import { queueSms } from "../messaging/sms.server";
import { scheduleThankYouOffer } from "../offers/thankyou.server";
import { tipUrlFor } from "../payments/tip-link.server";
import { reviewUrlFor } from "../reviews/review-link.server";

/** The singleton key shared with ADR 079's completion e-mail: one message per wash, whichever queues it. */
export function completedMailKey(appointmentId: string): string {
  return `email.completed:${appointmentId}`;
}

/** In the transaction that completes the wash (after the balance is queued): the report, once. */
export async function queueWashReport(tx: Tx, appointmentId: string, now: Date): Promise<void> {
  const [booking] = await tx
    .select({
      bookingId: appointments.bookingId,
      smsConsent: appointments.smsConsent,
      phone: appointments.customerPhone,
    })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  if (!booking) return;
  // The report asks for the review: recorded now, so the review.request job sends no second one.
  const [asked] = await tx
    .insert(reviewRequests)
    .values({ appointmentId, createdAt: now })
    .onConflictDoNothing()
    .returning({ appointmentId: reviewRequests.appointmentId });
  if (!asked) return;
  // What the review job would have done after asking: the thank-you offer a day later (ADR 057).
  await scheduleThankYouOffer(tx, appointmentId, { now });
  await enqueue(
    tx,
    "email.completed",
    { appointmentId, report: true },
    { singletonKey: completedMailKey(appointmentId), maxAttempts: EMAIL_MAX_ATTEMPTS },
  );
  if (booking.smsConsent) {
    const [plan] = await tx
      .select({ status: appointmentPaymentPlans.status })
      .from(appointmentPaymentPlans)
      .where(eq(appointmentPaymentPlans.appointmentId, appointmentId));
    const tipUrl = plan?.status === "settled" ? await tipUrlFor(tx, booking.bookingId) : null;
    // As the review request and the tip SMS (ADR 049, 079): an invitation after the wash, counted
    // as an offer (consent in force, the monthly cap), refused and logged otherwise.
    await queueSms(tx, {
      phone: booking.phone,
      body: jobReportMessages.report.sms(await reviewUrlFor(tx, booking.bookingId), tipUrl),
      category: "promotional",
      appointmentId,
      now,
    });
  }
}
