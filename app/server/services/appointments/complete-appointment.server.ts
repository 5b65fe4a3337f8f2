import { and, eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import { canCompleteAt } from "~/domain/franchisee/completion";
import { AppError } from "~/lib/errors";
import type { Db } from "../../db.server";
import { creditCompletedAppointment } from "../loyalty/ledger.server";
import { scheduleReviewRequest } from "../reviews/review-request.server";
import { creditReferral } from "../offers/referrals.server";
import { chargeBalanceAfterWash } from "../payments/charge-balance.server";
import { assertReportReady } from "../crew/job-report.server";
import { queueWashReport } from "../crew/wash-report.server";
import { withSlotChange } from "../booking/slot-change.server";

/**
 * The franchisee marks one of its appointments completed: the status changes and the customer is
 * credited +50 points (once per appointment) with any achievement reached, in one transaction.
 * NOT_FOUND when the appointment is not this franchisee's; APPOINTMENT_NOT_CHANGEABLE when it is
 * no longer scheduled; APPOINTMENT_NOT_CHANGEABLE (message NOT_STARTED) before its start, since
 * points are credited at once (ADR 043). A wash may finish early: it can be marked from its start;
 * a completed appointment no longer blocks its slot. The review request is scheduled (ADR 049).
 * With a card kept at booking, the balance is charged and the tip link sent (ADR 079): completing
 * twice is refused by the status check, and the balance's ledger key charges it once anyway.
 */
export async function completeAppointment(
  db: Db,
  {
    appointmentId,
    franchiseeId,
    now = new Date(),
    crewReport = false,
  }: {
    appointmentId: string;
    franchiseeId: string;
    now?: Date;
    /**
     * The crew's « Terminé » (ADR 088): the checklist's required steps and the photos are checked
     * under the row lock, and the wash report is the one message to the customer (it asks for the
     * review and carries the tip link), in place of the completion e-mail and the later request.
     */
    crewReport?: boolean;
  },
): Promise<{ pointsCredited: number; balanceCents?: number }> {
  return withSlotChange(db, async (tx) => {
    const [appointment] = await tx
      .select({ id: appointments.id, status: appointments.status, startAt: appointments.startAt })
      .from(appointments)
      .where(and(eq(appointments.id, appointmentId), eq(appointments.franchiseeId, franchiseeId)))
      .for("update");
    if (!appointment) throw new AppError("NOT_FOUND");
    if (appointment.status !== "scheduled") throw new AppError("APPOINTMENT_NOT_CHANGEABLE");
    if (!canCompleteAt(appointment.startAt, now))
      throw new AppError("APPOINTMENT_NOT_CHANGEABLE", "NOT_STARTED");
    if (crewReport) await assertReportReady(tx, appointmentId);
    await tx
      .update(appointments)
      .set({ status: "completed", completedAt: now })
      .where(eq(appointments.id, appointmentId));
    const pointsCredited = await creditCompletedAppointment(tx, appointmentId, now);
    // Every completed wash is asked for a review, some hours later (ADR 049).
    if (!crewReport) await scheduleReviewRequest(tx, appointmentId, { now });
    // A friend's booking made with a client's referral code: the referrer's points (ADR 050).
    await creditReferral(tx, appointmentId, now);
    // The balance on the card kept and the tip link (issue 31, ADR 079); null when paid on site.
    const paid = await chargeBalanceAfterWash(tx, appointmentId, now, { tellCustomer: !crewReport });
    if (crewReport) await queueWashReport(tx, appointmentId, now);
    return paid ? { pointsCredited, balanceCents: paid.balanceCents } : { pointsCredited };
  });
}
