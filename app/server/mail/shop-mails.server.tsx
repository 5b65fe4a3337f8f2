/** The shop's e-mail (ADR 094): the order's confirmation once paid, with its lines, taxes and delivery. */
import { formatMoney } from "~/lib/format";
import { shopMessages } from "~/lib/messages/shop.fr";
import {
  formatMailDate,
  m,
  Button,
  Paragraph,
  Rows,
  SmallNote,
  renderMail,
  type RenderedMail,
} from "./layout.server";

const t = shopMessages;

export interface OrderForMail {
  number: string;
  customerName: string;
  subtotalCents: number;
  tpsCents: number;
  tvqCents: number;
  totalCents: number;
  delivery: "next_wash" | "pickup";
  lines: { name: string; quantity: number; totalCents: number }[];
  washAt: Date | null;
  franchiseeName: string;
}

export function renderShopOrderMail(order: OrderForMail, pageUrl: string): RenderedMail {
  const total = formatMoney(order.totalCents);
  const rows: [string, string][] = [
    ...order.lines.map((line): [string, string] => [
      `${line.quantity} × ${line.name}`,
      formatMoney(line.totalCents),
    ]),
    [t.cart.subtotal, formatMoney(order.subtotalCents)],
    [t.cart.tps, formatMoney(order.tpsCents)],
    [t.cart.tvq, formatMoney(order.tvqCents)],
    [t.cart.total, total],
  ];
  const delivery =
    order.delivery === "next_wash" && order.washAt
      ? t.order.nextWash(formatMailDate(order.washAt))
      : t.order.pickup(order.franchiseeName);
  const rendered = renderMail({
    title: t.mail.subject(order.number),
    html: (
      <>
        <Paragraph>{m.greeting(order.customerName)}</Paragraph>
        <Paragraph>{t.mail.intro(order.number, total)}</Paragraph>
        <Rows rows={rows} ruled />
        <Paragraph>{delivery}</Paragraph>
        <SmallNote>{t.mail.returns}</SmallNote>
        <Button href={pageUrl}>{t.mail.see}</Button>
      </>
    ),
    text: [
      m.greeting(order.customerName),
      "",
      t.mail.intro(order.number, total),
      "",
      ...rows.map(([label, value]) => `${label} : ${value}`),
      "",
      delivery,
      t.mail.returns,
      `${t.mail.see} : ${pageUrl}`,
      "",
    ],
    transactional: true,
  });
  return { subject: t.mail.subject(order.number), ...rendered };
}
