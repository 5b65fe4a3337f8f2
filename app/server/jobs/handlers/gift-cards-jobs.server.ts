import { eq } from "drizzle-orm";
import { giftCards } from "#db/schema";
import { env } from "../../env.server";
import { renderGiftCardBoughtMail, renderGiftCardMail } from "../../mail/gift-card-mails.server";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { deliverGiftCard, purchasePagePath } from "../../services/giftcards/gift-cards.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

export interface GiftCardJobDeps {
  /** Default: SMTP_URL, else .eml files under DATA_DIR/mail. */
  mailer?: () => Mailer;
  now?: () => Date;
}

type Handlers = { [N in "gift-cards.deliver" | "email.gift-card"]: JobHandler<JobPayloads[N]> };

/** The gift cards' jobs (ADR 087); tests pass their mailer and clock. */
export function createGiftCardHandlers({
  mailer = mailerFromEnv,
  now = () => new Date(),
}: GiftCardJobDeps = {}): Handlers {
  return {
    // On the chosen day: the recipient's e-mail, once (deliverGiftCard locks and marks the card).
    "gift-cards.deliver": async ({ giftCardId }, { db }) => {
      await deliverGiftCard(db, giftCardId, {
        now: now(),
        send: async (card) => {
          await mailer().send({
            to: card.recipientEmail,
            ...renderGiftCardMail(card, `${env().PUBLIC_URL}/booking`),
          });
        },
      });
    },
    "email.gift-card": async ({ giftCardId }, { db }) => {
      const [card] = await db.select().from(giftCards).where(eq(giftCards.id, giftCardId));
      if (!card || card.status !== "paid") return;
      const page = `${env().PUBLIC_URL}${await purchasePagePath(db, card.id)}`;
      await mailer().send({ to: card.buyerEmail, ...renderGiftCardBoughtMail(card, page) });
    },
  };
}
