import { env } from "../../env.server";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { renderMembershipRefusedMail } from "../../mail/membership-mails.server";
import { stripeFromEnv, type StripeClient } from "../../payments/stripe.server";
import {
  refusedChargeMail,
  renewDueMemberships,
  scheduleRenewals,
} from "../../services/memberships/membership-renewals.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

type Handlers = { [N in "memberships.renew" | "email.membership-refused"]: JobHandler<JobPayloads[N]> };

const DAY_MS = 24 * 3600_000;

/** Memberships (ADR 095); tests pass their own mailer, clock and Stripe client. */
export function createMembershipHandlers({
  mailer = mailerFromEnv,
  now = () => new Date(),
  stripe = stripeFromEnv,
}: { mailer?: () => Mailer; now?: () => Date; stripe?: () => StripeClient | undefined } = {}): Handlers {
  return {
    // One subscription resumed; else the daily run, which queues tomorrow's.
    "memberships.renew": async ({ subscriptionId }, { db }) => {
      const at = now();
      await renewDueMemberships(db, { now: at, stripe: stripe(), subscriptionId });
      if (!subscriptionId) await scheduleRenewals(db, new Date(at.getTime() + DAY_MS));
    },
    "email.membership-refused": async ({ chargeId, retryAt }, { db }) => {
      const row = await refusedChargeMail(db, chargeId);
      if (!row) return;
      await mailer().send({
        to: row.email,
        ...renderMembershipRefusedMail({
          customerName: row.name,
          planName: row.planName,
          amountCents: row.amountCents,
          retryAt: retryAt ? new Date(retryAt) : null,
          spaceUrl: `${env().PUBLIC_URL}/client/abonnement`,
        }),
      });
    },
  };
}
