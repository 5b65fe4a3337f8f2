import { eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { renderReviewRequest } from "../../mail/templates.server";
import { reviewUrlFor } from "../../services/reviews/review-link.server";
import { sendReviewRequest } from "../../services/reviews/review-request.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

export interface ReviewDeps {
  /** Default: SMTP_URL, else .eml files under DATA_DIR/mail. */
  mailer?: () => Mailer;
  /** Default: the real clock. */
  now?: () => Date;
}

type Handlers = { [N in "review.request" | "email.review-request"]: JobHandler<JobPayloads[N]> };

/** The review request's jobs (ADR 049); tests pass their own mailer and clock. */
export function createReviewHandlers({
  mailer = mailerFromEnv,
  now = () => new Date(),
}: ReviewDeps = {}): Handlers {
  return {
    "review.request": async ({ appointmentId }, { db }) => {
      await sendReviewRequest(db, appointmentId, { now: now() });
    },

    "email.review-request": async ({ appointmentId }, { db }) => {
      const [booking] = await db
        .select({
          bookingId: appointments.bookingId,
          customerName: appointments.customerName,
          customerEmail: appointments.customerEmail,
          startAt: appointments.startAt,
        })
        .from(appointments)
        .where(eq(appointments.id, appointmentId));
      if (!booking) return;
      await mailer().send({
        to: booking.customerEmail,
        ...renderReviewRequest({ ...booking, reviewUrl: await reviewUrlFor(db, booking.bookingId) }),
      });
    },
  };
}
