import { eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { renderCrewArrival } from "../../mail/templates.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

type Handlers = { [N in "email.crew-arrival"]: JobHandler<JobPayloads[N]> };

/** The crew's e-mails to the customer (ADR 078); tests pass their own mailer and clock. */
export function createCrewHandlers({
  mailer = mailerFromEnv,
  now = () => new Date(),
}: { mailer?: () => Mailer; now?: () => Date } = {}): Handlers {
  return {
    "email.crew-arrival": async ({ appointmentId, kind, arrivalAt }, { db }) => {
      const [booking] = await db
        .select({
          status: appointments.status,
          endAt: appointments.endAt,
          startAt: appointments.startAt,
          customerName: appointments.customerName,
          customerEmail: appointments.customerEmail,
          address: appointments.address,
        })
        .from(appointments)
        .where(eq(appointments.id, appointmentId));
      // Not for a booking cancelled meanwhile, or over: the news is stale.
      if (!booking || booking.status !== "scheduled" || booking.endAt <= now()) return;
      await mailer().send({
        to: booking.customerEmail,
        ...renderCrewArrival({
          kind,
          customerName: booking.customerName,
          address: booking.address,
          startAt: booking.startAt,
          arrivalAt: arrivalAt ? new Date(arrivalAt) : null,
        }),
      });
    },
  };
}
