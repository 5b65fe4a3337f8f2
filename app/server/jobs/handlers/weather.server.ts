import { eq } from "drizzle-orm";
import { appointments } from "#db/schema";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { renderWeatherMove } from "../../mail/templates.server";
import { manageUrlFor, weatherMoveFor } from "../../services/booking/manage-access.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

type Handlers = { [N in "email.weather-move"]: JobHandler<JobPayloads[N]> };

/** A weather move's e-mails (ADR 090); tests pass their own mailer. */
export function createWeatherHandlers({ mailer = mailerFromEnv }: { mailer?: () => Mailer } = {}): Handlers {
  return {
    "email.weather-move": async ({ appointmentId, manageToken }, { db }) => {
      const [booking] = await db
        .select({
          id: appointments.id,
          bookingId: appointments.bookingId,
          status: appointments.status,
          startAt: appointments.startAt,
          customerName: appointments.customerName,
          customerEmail: appointments.customerEmail,
        })
        .from(appointments)
        .where(eq(appointments.id, appointmentId));
      if (!booking || booking.status !== "scheduled") return;
      // Rebooked or cancelled meanwhile (or the secret could not be opened): nothing to ask.
      const move = await weatherMoveFor(db, booking, manageToken);
      if (!move?.pending) return;
      await mailer().send({
        to: booking.customerEmail,
        ...renderWeatherMove({
          customerName: booking.customerName,
          startAt: booking.startAt,
          reason: move.reason,
          url: manageUrlFor(booking.bookingId, manageToken),
        }),
      });
    },
  };
}
