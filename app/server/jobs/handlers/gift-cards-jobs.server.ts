import { eq } from "drizzle-orm";
import { giftCardRefunds, giftCards } from "#db/schema";
import { env } from "../../env.server";
import {
  renderGiftCardBoughtMail,
  renderGiftCardMail,
  renderGiftCardRefundMail,
} from "../../mail/gift-card-mails.server";
import { mailerFromEnv, type Mailer } from "../../mail/mailer.server";
import { stripeFromEnv, type StripeClient } from "../../payments/stripe.server";
import { deliverGiftCard, purchasePagePath } from "../../services/giftcards/gift-cards.server";
import { sendGiftCardRefund } from "../../services/giftcards/refund-gift-card.server";
import type { JobPayloads } from "../payloads";
import type { JobHandler } from "../worker.server";

export interface GiftCardJobDeps {
  /** Default: SMTP_URL, else .eml files under DATA_DIR/mail. */
  mailer?: () => Mailer;
  now?: () => Date;
  stripe?: () => StripeClient | undefined;
}

type Handlers = {
  [
    N in "gift-cards.deliver" | "email.gift-card" | "gift-cards.refund" | "email.gift-card-refund"
  ]: JobHandler<JobPayloads[N]>;
};

/** The gift cards' jobs (ADR 087); tests pass their mailer and clock. */
export function createGiftCardHandlers({
  mailer = mailerFromEnv,
  now = () => new Date(),
  stripe = stripeFromEnv,
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
    // A card's refund to Stripe under its row's key: a retry or a second worker refunds once.
    "gift-cards.refund": async ({ refundId }, { db }) => {
      const client = stripe();
      if (!client) throw new Error("Stripe is not configured: the gift card's refund waits");
      await sendGiftCardRefund(db, refundId, { stripe: client, now: now() });
    },
    "email.gift-card-refund": async ({ refundId }, { db }) => {
      const [row] = await db
        .select({ refund: giftCardRefunds, card: giftCards })
        .from(giftCardRefunds)
        .innerJoin(giftCards, eq(giftCards.id, giftCardRefunds.giftCardId))
        .where(eq(giftCardRefunds.id, refundId));
      if (!row || row.refund.status !== "succeeded") return;
      await mailer().send({
        to: row.card.buyerEmail,
        ...renderGiftCardRefundMail(row.card, {
          amountCents: row.refund.amountCents,
          settledAt: row.refund.settledAt!,
        }),
      });
    },
  };
}
