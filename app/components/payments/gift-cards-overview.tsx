import { formatDate, formatDay, formatMoney } from "~/lib/format";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";

const a = giftCardMessages.admin;

export interface GiftCardRowView {
  id: string;
  code: string;
  paidAt: Date | string;
  buyerName: string;
  recipientName: string;
  amountCents: number;
  balanceCents: number;
  deliverOn: string;
  delivered: boolean;
}

export interface GiftCardsOverviewView {
  soldCount: number;
  soldCents: number;
  usedCents: number;
  outstandingCents: number;
  cards: readonly GiftCardRowView[];
}

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  testId: string;
}) {
  return (
    <div className="grid content-start gap-1 rounded-lg border bg-card p-4" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      {note ? <dd className="text-sm text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

/** The admin's gift cards (ADR 087): sold, used, outstanding (the network's liability), the latest cards. */
export function GiftCardsOverview({ overview }: { overview: GiftCardsOverviewView }) {
  return (
    <section aria-labelledby="gift-cards-title" className="grid gap-4">
      <h2 id="gift-cards-title" className="text-xl font-semibold">
        {a.title}
      </h2>
      <p className="max-w-2xl text-sm text-muted-foreground">{a.intro}</p>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Figure
          label={a.sold}
          value={formatMoney(overview.soldCents)}
          note={a.count(overview.soldCount)}
          testId="gift-cards-sold"
        />
        <Figure label={a.used} value={formatMoney(overview.usedCents)} testId="gift-cards-used" />
        <Figure
          label={a.outstanding}
          value={formatMoney(overview.outstandingCents)}
          testId="gift-cards-outstanding"
        />
      </dl>
      {overview.cards.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {a.empty}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={a.title}>
          {overview.cards.map((card) => (
            <li key={card.id} className="grid gap-1 rounded-lg border bg-card p-3 text-sm">
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-mono font-medium">{card.code}</span>
                <span className="tabular-nums">
                  {a.columns.balance} : {formatMoney(card.balanceCents)} / {formatMoney(card.amountCents)}
                </span>
              </p>
              <p className="text-muted-foreground">
                {a.columns.paidAt} {formatDate(card.paidAt, "medium")} · {a.columns.buyer} : {card.buyerName}{" "}
                · {a.columns.recipient} : {card.recipientName}
              </p>
              <p className="text-muted-foreground">
                {a.columns.delivery} :{" "}
                {card.delivered ? a.sent : a.scheduled(formatDay(card.deliverOn, "medium"))}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
