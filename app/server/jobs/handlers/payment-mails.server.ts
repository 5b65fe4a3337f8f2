import { and, eq } from "drizzle-orm";
import { appointments, franchisees, payments } from "#db/schema";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { env } from "../../env.server";
import {
  renderBalanceRefusedFranchiseeMail,
  renderBalanceRefusedMail,
  renderCompletedMail,
  renderReceiptMail,
} from "../../mail/templates.server";
import { loadReceipt } from "../../services/payments/receipts.server";
import { washReportMail } from "../../services/crew/wash-report-mail.server";
import { tipUrlFor } from "../../services/payments/tip-link.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

export interface PaymentMailDeps {
  /** Default: SMTP_URL, else .eml files under DATA_DIR/mail. */
  mailer?: () => Mailer;
}

type Handlers = {
  [
    N in "email.completed" | "email.receipt" | "email.balance-refused" | "email.balance-refused-franchisee"
  ]: JobHandler<JobPayloads[N]>;
};

/** An address made by the account deletion (ADR 027): nobody reads it. */
const forgotten = (email: string) => email.endsWith("@anonyme.invalid");

/** The completion e-mail with the tip link and the receipts (ADR 079); tests pass their mailer. */
export function createPaymentMailHandlers({ mailer = mailerFromEnv }: PaymentMailDeps = {}): Handlers {
  return {
    "email.completed": async ({ appointmentId, report }, { db }) => {
      const [booking] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
      if (!booking || booking.status !== "completed" || forgotten(booking.customerEmail)) return;
      // The crew's « Terminé »: the wash report is the one message (ADR 088).
      if (report) {
        await mailer().send({ to: booking.customerEmail, ...(await washReportMail(db, booking)) });
        return;
      }
      const [balance] = await db
        .select({ amountCents: payments.amountCents })
        .from(payments)
        .where(and(eq(payments.appointmentId, appointmentId), eq(payments.kind, "balance")));
      await mailer().send({
        to: booking.customerEmail,
        ...renderCompletedMail({
          customerName: booking.customerName,
          startAt: booking.startAt,
          balanceCents: balance?.amountCents ?? 0,
          tipUrl: await tipUrlFor(db, booking.bookingId),
        }),
      });
    },

    "email.receipt": async ({ paymentId }, { db }) => {
      const receipt = await loadReceipt(db, paymentId);
      if (!receipt || forgotten(receipt.customerEmail)) return;
      await mailer().send({ to: receipt.customerEmail, ...renderReceiptMail(receipt) });
    },

    // The card kept refused the balance: the amount due and the franchisee to call (ADR 079).
    "email.balance-refused": async ({ paymentId, url }, { db }) => {
      const [row] = await db
        .select({ payment: payments, booking: appointments, franchisee: franchisees })
        .from(payments)
        .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
        .innerJoin(franchisees, eq(franchisees.id, payments.franchiseeId))
        .where(and(eq(payments.id, paymentId), eq(payments.kind, "balance")));
      if (!row || row.payment.status !== "failed" || forgotten(row.booking.customerEmail)) return;
      await mailer().send({
        to: row.booking.customerEmail,
        ...renderBalanceRefusedMail({
          customerName: row.booking.customerName,
          startAt: row.booking.startAt,
          amountCents: row.payment.amountCents,
          payUrl: url,
          franchisee: row.franchisee,
        }),
      });
    },

    // The franchisee learns it too, unless the balance was paid in the meantime.
    "email.balance-refused-franchisee": async ({ paymentId }, { db }) => {
      const [row] = await db
        .select({ payment: payments, booking: appointments, franchisee: franchisees })
        .from(payments)
        .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
        .innerJoin(franchisees, eq(franchisees.id, payments.franchiseeId))
        .where(and(eq(payments.id, paymentId), eq(payments.kind, "balance")));
      if (!row || row.payment.status !== "failed" || !row.franchisee.email) return;
      await mailer().send({
        to: row.franchisee.email,
        ...renderBalanceRefusedFranchiseeMail({
          customerName: row.booking.customerName,
          bookingId: row.booking.bookingId,
          startAt: row.booking.startAt,
          amountCents: row.payment.amountCents,
          paymentsUrl: `${env().PUBLIC_URL}/franchisee/payments`,
        }),
      });
    },
  };
}
