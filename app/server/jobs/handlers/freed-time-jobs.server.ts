import { env } from "../../env.server";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { renderFreedTimeOffer } from "../../mail/templates.server";
import { loadFreedTimeOffer, offerFreedTime } from "../../services/freed-time/freed-time.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";
import { localDate } from "~/domain/time/zoned";

export interface FreedTimeDeps {
  /** Default: SMTP_URL, else .eml files under DATA_DIR/mail. */
  mailer?: () => Mailer;
  /** Default: the real clock. */
  now?: () => Date;
}

type Handlers = { [N in "freed-time.offer" | "email.freed-time"]: JobHandler<JobPayloads[N]> };

/** The normal wizard, at the time step, with the freed time chosen (ADR 091). */
export function freedTimeBookPath({
  zoneSlug,
  cars,
  start,
}: {
  zoneSlug: string;
  cars: number;
  start: Date;
}) {
  const query = new URLSearchParams({
    zone: zoneSlug,
    cars: String(cars),
    step: "2",
    start: start.toISOString(),
    jour: localDate(start),
  });
  return `/booking?${query.toString()}`;
}

/** A freed time offered to who wanted it (ADR 091); tests pass their own mailer and clock. */
export function createFreedTimeHandlers({
  mailer = mailerFromEnv,
  now = () => new Date(),
}: FreedTimeDeps = {}): Handlers {
  return {
    "freed-time.offer": async ({ appointmentId }, { db }) => {
      await offerFreedTime(db, { appointmentId, now: now() });
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
