import { env } from "../../env.server";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { renderFreedTimeOffer } from "../../mail/templates.server";
import {
  freedTimeBookPath,
  loadFreedTimeOffer,
  offerFreedTime,
  purgeFreedTimes,
} from "../../services/freed-time/freed-time.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

export interface FreedTimeDeps {
  /** Default: SMTP_URL, else .eml files under DATA_DIR/mail. */
  mailer?: () => Mailer;
  /** Default: the real clock. */
  now?: () => Date;
}

type Handlers = {
  [N in "freed-time.offer" | "email.freed-time" | "freed-time.purge"]: JobHandler<JobPayloads[N]>;
};

/** A freed time offered to who wanted it (ADR 091); tests pass their own mailer and clock. */
export function createFreedTimeHandlers({
  mailer = mailerFromEnv,
  now = () => new Date(),
}: FreedTimeDeps = {}): Handlers {
  return {
    "freed-time.offer": async ({ appointmentId }, { db }) => {
      await offerFreedTime(db, { appointmentId, now: now() });
    },
    // Daily: requests past their last day and old offers go (ADR 091, amended).
    "freed-time.purge": async (_payload, { db }) => {
      await purgeFreedTimes(db, now());
    },
    "email.freed-time": async ({ offerId }, { db }) => {
      const offer = await loadFreedTimeOffer(db, offerId);
      if (!offer) return;
      const base = env().PUBLIC_URL;
      await mailer().send({
        to: offer.email,
        ...renderFreedTimeOffer({
          start: offer.freedStart,
          zoneName: offer.zoneName,
          bookUrl: `${base}${freedTimeBookPath({ zoneSlug: offer.zoneSlug, cars: offer.cars, start: offer.freedStart })}`,
          stopUrl: `${base}/heure-liberee/arreter/${offer.stopToken}`,
        }),
      });
    },
  };
}
