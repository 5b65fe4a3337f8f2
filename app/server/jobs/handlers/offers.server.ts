import { allowsCommercialMessages } from "~/domain/messaging/consent";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { formatMailDate, renderThankYouOffer } from "../../mail/templates.server";
import { currentConsent } from "../../services/messaging/consent.server";
import { listUnsubscribeHeaders, unsubscribePageUrl } from "../../services/messaging/unsubscribe.server";
import { discountText, loadThankYouMail, sendThankYouOffer } from "../../services/offers/thankyou.server";
import { bookingUrl } from "../../services/offers/winback.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

export interface OfferDeps {
  /** Default: SMTP_URL, else .eml files under DATA_DIR/mail. */
  mailer?: () => Mailer;
  /** Default: the real clock. */
  now?: () => Date;
}

type Handlers = { [N in "offers.thankyou" | "email.thankyou"]: JobHandler<JobPayloads[N]> };

/** The thank-you offer's jobs (ADR 057); tests pass their own mailer and clock. */
export function createOfferHandlers({
  mailer = mailerFromEnv,
  now = () => new Date(),
}: OfferDeps = {}): Handlers {
  return {
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
