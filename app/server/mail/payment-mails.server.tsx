/** The e-mails of the money after the wash (ADR 079): the completion with the tip link, receipts. */
import type { BookedVehicle } from "~/domain/booking/vehicles";
import { vehiclesMessages } from "~/lib/messages/vehicles.fr";
import { receiptLines, type ReceiptLineKey } from "~/domain/payments/receipt";
import { BUSINESS } from "~/lib/business";
import { formatMoney } from "~/lib/format";
import { formatDateTime } from "~/domain/time/format-instant";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";
import {
  Button,
  formatMailDate,
  m,
  Paragraph,
  renderMail,
  Rows,
  SmallNote,
  type RenderedMail,
} from "./layout.server";

const c = afterWashMessages.completed;
const r = afterWashMessages.receipt;
const refused = afterWashMessages.balanceRefused;

/** The wash is done: the balance charged to the card kept, and the optional tip's link. */
export function renderCompletedMail({
  customerName,
  startAt,
  balanceCents,
  tipUrl,
}: {
  customerName: string;
  startAt: Date;
  balanceCents: number;
  tipUrl: string;
}): RenderedMail {
  const date = formatMailDate(startAt);
  const balance = balanceCents > 0 ? c.balance(formatMoney(balanceCents)) : c.noBalance;
  const rendered = renderMail({
    title: c.subject,
    html: (
      <>
        <Paragraph>{m.greeting(customerName)}</Paragraph>
        <Paragraph>{c.intro(date)}</Paragraph>
        <Paragraph>{balance}</Paragraph>
        <Paragraph>{c.tipText}</Paragraph>
        <Button href={tipUrl}>{c.tipButton}</Button>
        <SmallNote>{c.note}</SmallNote>
      </>
    ),
    text: [
      m.greeting(customerName),
      "",
      c.intro(date),
      "",
      balance,
      "",
      c.tipText,
      `${c.tipButton} : ${tipUrl}`,
      "",
      c.note,
      "",
    ],
    transactional: true,
  });
  return { subject: c.subject, ...rendered };
}

/** The balance after the wash was refused by the card kept: what is due and whom to call. */
export function renderBalanceRefusedMail({
  customerName,
  startAt,
  amountCents,
  payUrl,
  franchisee,
}: {
  customerName: string;
  startAt: Date;
  amountCents: number;
  /** Stripe's hosted page for exactly the balance, or null (then only the franchisee's contact). */
  payUrl: string | null;
  franchisee: { businessName: string; phone: string | null; email: string | null };
}): RenderedMail {
  const date = formatMailDate(startAt);
  const contact = [
    refused.contact(franchisee.businessName, payUrl !== null),
    ...(franchisee.phone ? [refused.phone(franchisee.phone)] : []),
    ...(franchisee.email ? [refused.email(franchisee.email)] : []),
  ];
  const rendered = renderMail({
    title: refused.subject,
    html: (
      <>
        <Paragraph>{m.greeting(customerName)}</Paragraph>
        <Paragraph>{refused.intro(date)}</Paragraph>
        <Paragraph>{refused.amount(formatMoney(amountCents))}</Paragraph>
        {payUrl && (
          <>
            <Paragraph>{refused.payText}</Paragraph>
            <Button href={payUrl}>{refused.payButton}</Button>
          </>
        )}
        {contact.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        <SmallNote>{refused.note}</SmallNote>
      </>
    ),
    text: [
      m.greeting(customerName),
      "",
      refused.intro(date),
      refused.amount(formatMoney(amountCents)),
      "",
      ...(payUrl ? [refused.payText, `${refused.payButton} : ${payUrl}`, ""] : []),
      ...contact,
      "",
      refused.note,
      "",
    ],
    transactional: true,
  });
  return { subject: refused.subject, ...rendered };
}

/** The franchisee's notice of a refused balance (ADR 079): the customer was sent a link. */
export function renderBalanceRefusedFranchiseeMail({
  customerName,
  bookingId,
  startAt,
  amountCents,
  paymentsUrl,
}: {
  customerName: string;
  bookingId: string;
  startAt: Date;
  amountCents: number;
  paymentsUrl: string;
}): RenderedMail {
  const f = refused.franchisee;
  const intro = f.intro(customerName, formatMailDate(startAt), bookingId);
  const amount = f.amount(formatMoney(amountCents));
  const rendered = renderMail({
    title: f.subject(bookingId),
    html: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{amount}</Paragraph>
        <Paragraph>{f.told}</Paragraph>
        <Paragraph>{f.onSite}</Paragraph>
        <Button href={paymentsUrl}>{f.button}</Button>
      </>
    ),
    text: [intro, amount, "", f.told, f.onSite, "", `${f.button} : ${paymentsUrl}`, ""],
    transactional: true,
  });
  return { subject: f.subject(bookingId), ...rendered };
}

export interface ReceiptMailData {
  paymentId: string;
  kind: keyof typeof r.kinds;
  method?: string;
  bookingId: string;
  customerName: string;
  serviceName: string;
  /** Each car with its class and price (ADR 085). */
  vehicles?: readonly BookedVehicle[];
  settledAt: Date;
  amountCents: number;
  subtotalCents: number;
  tpsCents: number;
  tvqCents: number;
  tipCents: number;
  tpsNumber: string | null;
  tvqNumber: string | null;
  /** A membership's period (ADR 095) instead of a booking. */
  membership?: { planName: string; vehicles: number; from: string; to: string } | null;
}

const LABELS: Record<ReceiptLineKey, string> = {
  subtotal: r.subtotal,
  tps: r.tps,
  tvq: r.tvq,
  tip: r.tip,
  total: r.total,
};

/** The receipt's rows: its details, then the amounts (taxes on their own lines, the tip apart). */
function receiptRows(receipt: ReceiptMailData) {
  const refund = receipt.kind === "refund";
  const details: [string, string][] = [
    [r.number, receipt.paymentId.slice(0, 8).toUpperCase()],
    [r.date, formatDateTime(receipt.settledAt)],
    ...r.heading(receipt).about,
    ...vehiclesMessages.rows(receipt.vehicles ?? []),
    [r.seller, BUSINESS.name],
    [r.tpsNumber, receipt.tpsNumber ?? r.notRegistered],
    [r.tvqNumber, receipt.tvqNumber ?? r.notRegistered],
  ];
  const amounts: [string, string][] = receiptLines(receipt).map(({ key, cents }) => [
    key === "total" && refund ? r.totalRefunded : LABELS[key],
    formatMoney(cents),
  ]);
  return { details, amounts, method: r.methodText(refund, receipt.method) };
}

export function renderReceiptMail(receipt: ReceiptMailData): RenderedMail {
  const { subject, intro } = r.heading(receipt);
  const { details, amounts, method } = receiptRows(receipt);
  const rendered = renderMail({
    title: subject,
    html: (
      <>
        <Paragraph>{m.greeting(receipt.customerName)}</Paragraph>
        <Paragraph>{intro}</Paragraph>
        <Rows rows={details} />
        <Rows rows={amounts} ruled />
        <Paragraph>{method}</Paragraph>
        <SmallNote>{r.keep}</SmallNote>
      </>
    ),
    text: [
      m.greeting(receipt.customerName),
      "",
      intro,
      "",
      ...details.map(([label, value]) => `${label} : ${value}`),
      "",
      ...amounts.map(([label, value]) => `${label} : ${value}`),
      "",
      method,
      r.keep,
      "",
    ],
    transactional: true,
  });
  return { subject, ...rendered };
}
