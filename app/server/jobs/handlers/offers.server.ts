import { allowsCommercialMessages } from "~/domain/messaging/consent";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { formatMailDate, renderThankYouOffer } from "../../mail/templates.server";
import { currentConsent } from "../../services/messaging/consent.server";
import { listUnsubscribeHeaders, unsubscribePageUrl } from "../../services/messaging/unsubscribe.server";
import { discountText, loadThankYouMail, sendThankYouOffer } from "../../services/offers/thankyou.server";
import { bookingUrl, runWinback, scheduleWinback } from "../../services/offers/winback.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

export interface OfferDeps {
  /** Default: SMTP_URL, else .eml files under DATA_DIR/mail. */
  mailer?: () => Mailer;
  /** Default: the real clock. */
  now?: () => Date;
}

type Handlers = {
  [N in "offers.winback" | "offers.thankyou" | "email.thankyou"]: JobHandler<JobPayloads[N]>;
};

/** The offers' jobs: win-back (ADR 050), thank-you (ADR 057); tests pass their own mailer and clock. */
export function createOfferHandlers({
  mailer = mailerFromEnv,
  now = () => new Date(),
}: OfferDeps = {}): Handlers {
  return {
    // The daily win-back run, then the next day's (its singleton key is the day: queued once).
    "offers.winback": async (_payload, { db }) => {
      const at = now();
      await runWinback(db, { now: at });
      await scheduleWinback(db, new Date(at.getTime() + 60_000));
    },

    "offers.thankyou": async ({ appointmentId }, { db }) => {
      await sendThankYouOffer(db, appointmentId, { now: now() });
    },

    // Consent is read again when the e-mail leaves: a withdrawal in between stops it.
    "email.thankyou": async ({ appointmentId }, { db }) => {
      const offer = await loadThankYouMail(db, appointmentId);
      if (!offer || !offer.endsAt) return;
      if (!allowsCommercialMessages(await currentConsent(db, "email", offer.email, now()))) return;
      await mailer().send({
        to: offer.email,
        ...renderThankYouOffer({
          customerName: offer.customerName,
          discount: discountText(offer),
          code: offer.code,
          until: formatMailDate(offer.endsAt),
          bookUrl: bookingUrl(offer.code),
          unsubscribeUrl: await unsubscribePageUrl(db, "email", offer.email),
        }),
        headers: await listUnsubscribeHeaders(db, offer.email),
      });
    },
  };
}
