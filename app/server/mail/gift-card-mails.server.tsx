/** The gift cards' e-mails (ADR 087): the recipient's card on the chosen day, the buyer's confirmation and refund. */
import { formatGiftCardCode, maskGiftCardCode } from "~/domain/giftcards/gift-cards";
import { formatDay, formatMoney } from "~/lib/format";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";
import {
  Button,
  formatMailDate,
  m,
  Paragraph,
  renderMail,
  SmallNote,
  type RenderedMail,
} from "./layout.server";

const g = giftCardMessages.mail;

interface CardForMail {
  code: string;
  amountCents: number;
  buyerName: string;
  buyerEmail: string;
  recipientName: string;
  message: string | null;
  deliverOn: string;
}

/** The card itself, to the recipient: who offers it, the message, the code and how to use it. */
export function renderGiftCardMail(card: CardForMail, bookUrl: string): RenderedMail {
  const amount = formatMoney(card.amountCents);
  const code = formatGiftCardCode(card.code);
  const rendered = renderMail({
    title: g.recipientSubject(card.buyerName),
    html: (
      <>
        <Paragraph>{m.greeting(card.recipientName)}</Paragraph>
        <Paragraph>{g.recipientIntro(card.buyerName, amount)}</Paragraph>
        {card.message ? (
          <Paragraph>
            {g.messageFrom(card.buyerName)} « {card.message} »
          </Paragraph>
        ) : null}
        <p style={{ margin: "0 0 16px", fontSize: 20, fontWeight: 700, letterSpacing: 1 }}>{g.code(code)}</p>
        <Paragraph>{g.how}</Paragraph>
        <Button href={bookUrl}>{g.book}</Button>
      </>
    ),
    text: [
      m.greeting(card.recipientName),
      "",
      g.recipientIntro(card.buyerName, amount),
      "",
      ...(card.message ? [g.messageFrom(card.buyerName), `« ${card.message} »`, ""] : []),
      g.code(code),
      "",
      g.how,
      `${g.book} : ${bookUrl}`,
      "",
    ],
    transactional: true,
  });
  return { subject: g.recipientSubject(card.buyerName), ...rendered };
}

/** The buyer's confirmation: paid, the day it leaves, and the amount (a gift card is not taxed when sold). */
export function renderGiftCardBoughtMail(card: CardForMail, pageUrl: string): RenderedMail {
  const amount = formatMoney(card.amountCents);
  const date = formatDay(card.deliverOn, "long");
  const rendered = renderMail({
    title: g.buyerSubject,
    html: (
      <>
        <Paragraph>{m.greeting(card.buyerName)}</Paragraph>
        <Paragraph>{g.buyerIntro(amount, card.recipientName, date)}</Paragraph>
        <SmallNote>{g.receipt(amount)}</SmallNote>
        <Button href={pageUrl}>{giftCardMessages.purchase.codeLabel}</Button>
      </>
    ),
    text: [
      m.greeting(card.buyerName),
      "",
      g.buyerIntro(amount, card.recipientName, date),
      "",
      g.receipt(amount),
      `${giftCardMessages.purchase.codeLabel} : ${pageUrl}`,
      "",
    ],
    transactional: true,
  });
  return { subject: g.buyerSubject, ...rendered };
}

/**
 * The buyer's notice of a refund (ADR 087, amended): the unused balance given back on the card that
 * paid, when, and that the code no longer pays. It is the refund's receipt (no tax on a gift card).
 */
export function renderGiftCardRefundMail(
  card: Pick<CardForMail, "code" | "buyerName">,
  refund: { amountCents: number; settledAt: Date },
): RenderedMail {
  const amount = formatMoney(refund.amountCents);
  const code = maskGiftCardCode(card.code);
  const date = formatMailDate(refund.settledAt);
  const rendered = renderMail({
    title: g.refundSubject,
    html: (
      <>
        <Paragraph>{m.greeting(card.buyerName)}</Paragraph>
        <Paragraph>{g.refundIntro(amount, code)}</Paragraph>
        <Paragraph>{g.refundDelay}</Paragraph>
        <Paragraph>{g.refundClosed}</Paragraph>
        <SmallNote>{g.refundReceipt(amount, date)}</SmallNote>
      </>
    ),
    text: [
      m.greeting(card.buyerName),
      "",
      g.refundIntro(amount, code),
      "",
      g.refundDelay,
      g.refundClosed,
      "",
      g.refundReceipt(amount, date),
      "",
    ],
    transactional: true,
  });
  return { subject: g.refundSubject, ...rendered };
}
