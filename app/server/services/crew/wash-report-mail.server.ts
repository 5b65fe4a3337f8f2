import { and, eq } from "drizzle-orm";
import { appointmentPaymentPlans, payments, services, type appointments } from "#db/schema";
import { taxesOn } from "~/domain/booking/pricing";
import type { Db } from "../../db.server";
import { env } from "../../env.server";
import type { RenderedMail } from "../../mail/layout.server";
import { renderWashReportMail } from "../../mail/wash-report-mail.server";
import { tipUrlFor } from "../payments/tip-link.server";
import { reviewUrlFor } from "../reviews/review-link.server";
import { loadJobReport } from "./job-report.server";

/** The wash report of a completed booking (ADR 088), read when the e-mail job runs. */
export async function washReportMail(
  db: Db,
  booking: typeof appointments.$inferSelect,
): Promise<RenderedMail & { subject: string }> {
  const report = await loadJobReport(db, booking.id);
  const [service] = await db
    .select({ name: services.name })
    .from(services)
    .where(eq(services.id, booking.serviceId));
  const [plan] = await db
    .select({ status: appointmentPaymentPlans.status })
    .from(appointmentPaymentPlans)
    .where(eq(appointmentPaymentPlans.appointmentId, booking.id));
  const [balance] = await db
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.appointmentId, booking.id), eq(payments.kind, "balance")));
  const { tpsCents, tvqCents } = taxesOn(booking.priceCents);
  const publicUrl = env().PUBLIC_URL;
  return renderWashReportMail({
    customerName: booking.customerName,
    serviceName: service?.name ?? "",
    startAt: booking.startAt,
    totalCents: booking.priceCents + tpsCents + tvqCents,
    card:
      plan?.status === "settled"
        ? { balanceCents: balance?.amountCents ?? 0, tipUrl: await tipUrlFor(db, booking.bookingId) }
        : null,
    photos: report.photos.map(({ car, kind, url }) => ({ car, kind, url })),
    cars: booking.cars,
    checklist: report.checklist.map(({ label, ticked }) => ({ label, ticked })),
    reviewUrl: await reviewUrlFor(db, booking.bookingId),
    bookUrl: `${publicUrl}/booking`,
    clientUrl: `${publicUrl}/client`,
  });
}
