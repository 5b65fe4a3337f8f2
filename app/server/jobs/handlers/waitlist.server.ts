import { eq } from "drizzle-orm";
import { serviceZones, waitlistEntries } from "#db/schema";
import { allowsCommercialMessages } from "~/domain/messaging/consent";
import { BUSINESS } from "~/lib/business";
import { env } from "../../env.server";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { renderWaitlistOpen } from "../../mail/templates.server";
import { currentConsent } from "../../services/messaging/consent.server";
import { oneClickUnsubscribeUrl, unsubscribePageUrl } from "../../services/messaging/unsubscribe.server";
import { claimWaitlistEntries } from "../../services/waitlist/notify-waitlist.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

export interface WaitlistDeps {
  /** Default: SMTP_URL, else .eml files under DATA_DIR/mail. */
  mailer?: () => Mailer;
  /** Default: the real clock. */
  now?: () => Date;
}

type Handlers = { [N in "waitlist.notify" | "email.waitlist-open"]: JobHandler<JobPayloads[N]> };

/** The waiting list's jobs (ADR 046); tests pass their own mailer and clock. */
export function createWaitlistHandlers({
  mailer = mailerFromEnv,
  now = () => new Date(),
}: WaitlistDeps = {}): Handlers {
  return {
    // A zone became active, moved or grew: claim the entries it now covers, queue their e-mail.
    "waitlist.notify": async (_payload, { db }) => {
      await claimWaitlistEntries(db, { now: now() });
    },

    // The one e-mail of a claimed entry; none if the person has unsubscribed since.
    "email.waitlist-open": async ({ entryId }, { db }) => {
      const [entry] = await db
        .select({
          email: waitlistEntries.email,
          postalCode: waitlistEntries.postalCode,
          zoneName: serviceZones.zoneName,
          routeSlug: serviceZones.routeSlug,
        })
        .from(waitlistEntries)
        .innerJoin(serviceZones, eq(serviceZones.id, waitlistEntries.notifiedZoneId))
        .where(eq(waitlistEntries.id, entryId));
      if (!entry) return;
      if (!allowsCommercialMessages(await currentConsent(db, "email", entry.email, now()))) return;
      const page = await unsubscribePageUrl(db, "email", entry.email);
      const oneClick = await oneClickUnsubscribeUrl(db, "email", entry.email);
      await mailer().send({
        to: entry.email,
        ...renderWaitlistOpen({
          postalCode: entry.postalCode,
          zoneName: entry.zoneName,
          bookUrl: `${env().PUBLIC_URL}/franchise/${entry.routeSlug}`,
          unsubscribeUrl: page,
        }),
        headers: {
          "List-Unsubscribe": `<${oneClick}>, <mailto:${BUSINESS.email}?subject=unsubscribe>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    },
  };
}
