import { eq } from "drizzle-orm";
import { appointments, bookingSeries } from "#db/schema";
import { env } from "../../env.server";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { renderRecurringMail } from "../../mail/templates.server";
import { stripeFromEnv, type StripeClient } from "../../payments/stripe.server";
import {
  nextPlacementRun,
  placeDueOccurrences,
  scheduleRecurringPlacement,
} from "../../services/recurring/place-occurrences.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

type Handlers = { [N in "recurring.place" | "email.recurring"]: JobHandler<JobPayloads[N]> };

/** Recurring washes (ADR 086); tests pass their own mailer, clock and Stripe client. */
export function createRecurringHandlers({
  mailer = mailerFromEnv,
  now = () => new Date(),
  stripe = stripeFromEnv,
}: { mailer?: () => Mailer; now?: () => Date; stripe?: () => StripeClient | undefined } = {}): Handlers {
  return {
    // One series just started or resumed; else the daily run, which queues tomorrow's.
    "recurring.place": async ({ seriesId }, { db }) => {
      const at = now();
      await placeDueOccurrences(db, { now: at, seriesId, stripe: stripe() });
      if (!seriesId) await scheduleRecurringPlacement(db, nextPlacementRun(at));
    },
    "email.recurring": async ({ kind, seriesId, appointmentId, plannedStart }, { db }) => {
      const [source] = await db
        .select({ name: appointments.customerName, email: appointments.customerEmail })
        .from(bookingSeries)
        .innerJoin(appointments, eq(appointments.id, bookingSeries.sourceAppointmentId))
        .where(eq(bookingSeries.id, seriesId));
      if (!source) return;
      const [placed] = appointmentId
        ? await db
            .select({ startAt: appointments.startAt, status: appointments.status })
            .from(appointments)
            .where(eq(appointments.id, appointmentId))
        : [];
      // A moved date cancelled meanwhile: the news is stale.
      if (kind === "moved" && placed?.status !== "scheduled") return;
      await mailer().send({
        to: source.email,
        ...renderRecurringMail({
          kind,
          customerName: source.name,
          plannedStart: new Date(plannedStart),
          placedStart: placed?.startAt ?? null,
          bookUrl: `${env().PUBLIC_URL}/booking`,
        }),
      });
    },
  };
}
