import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatDay, formatMoney } from "~/lib/format";
import { formatDate } from "~/domain/time/format-instant";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";
import type { PaymentFormReply } from "./royalty-form";

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
  /** The card's refunds asked or done (ADR 087, amended). */
  refunds: readonly {
    amountCents: number;
    status: "pending" | "succeeded" | "failed" | "cancelled";
    at: Date | string;
  }[];
  /** Present when the unused balance can be refunded: the form's one-time key. */
  refundKey?: string;
}

export interface GiftCardsOverviewView {
  soldCount: number;
  soldCents: number;
  usedCents: number;
  refundedCount: number;
  refundedCents: number;
  outstandingCents: number;
  cards: readonly GiftCardRowView[];
  /** A search by a whole code: what was typed, and whether it can be a code at all. */
  search: { typed: string; valid: boolean } | null;
}

/** « Trouver une carte par son code »: a GET form, so it works before the page hydrates. */
function CodeSearch({ search }: { search: GiftCardsOverviewView["search"] }) {
  return (
    <Form
      method="get"
      action="/admin/payments#gift-cards-title"
      preventScrollReset
      role="search"
      aria-label={a.search}
      className="grid max-w-xl gap-2"
    >
      <label htmlFor="gift-card-code" className="text-sm font-medium">
        {a.search}
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id="gift-card-code"
          name="code"
          defaultValue={search?.typed ?? ""}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="gift-card-code-hint"
          aria-invalid={search && !search.valid ? true : undefined}
          className="min-w-0 flex-1 font-mono uppercase"
        />
        <Button type="submit" variant="outline">
          <Search aria-hidden="true" />
          {a.searchButton}
        </Button>
      </div>
      <p id="gift-card-code-hint" className="text-sm text-muted-foreground">
        {a.searchHint}
      </p>
      {search && !search.valid ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {a.searchInvalid}
        </p>
      ) : null}
    </Form>
  );
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

function RefundForm({ card, reply }: { card: GiftCardRowView; reply: PaymentFormReply | undefined }) {
  const own = reply?.form === `gift-card:${card.id}` ? reply : undefined;
  if (!card.refundKey) {
    return own?.formError ? (
      <p role="alert" className="text-destructive">
        {own.formError}
      </p>
    ) : null;
  }
  return (
    <details open={Boolean(own)} className="rounded-md bg-muted/50 p-2">
      <summary className="cursor-pointer font-medium">
        {a.refund(formatMoney(card.balanceCents))}
        <span className="sr-only"> : {card.code}</span>
      </summary>
      <Form method="post" className="mt-2 grid gap-2">
        <input type="hidden" name="intent" value="gift-card-refund" />
        <input type="hidden" name="giftCardId" value={card.id} />
        <input type="hidden" name="key" value={card.refundKey} />
        <p className="text-muted-foreground">{a.refundHint}</p>
        <div>
          <Button type="submit" variant="destructive">
            {a.refund(formatMoney(card.balanceCents))}
            <span className="sr-only"> : {card.code}</span>
          </Button>
        </div>
        {own?.formError ? (
          <p role="alert" className="text-destructive">
            {own.formError}
          </p>
        ) : null}
      </Form>
    </details>
  );
}

function Refunds({ card }: { card: GiftCardRowView }) {
  if (card.refunds.length === 0) return null;
  return (
    <ul className="grid gap-1">
      {card.refunds.map((r, i) => (
        <li key={i} className="flex flex-wrap items-center gap-2">
          {r.status === "succeeded" ? (
            <>
              <Badge variant="secondary">{a.refundedBadge}</Badge>
              <span>{a.refundedOn(formatMoney(r.amountCents), formatDate(r.at, "medium"))}</span>
            </>
          ) : (
            <span>{a.refunding(formatMoney(r.amountCents))}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The admin's gift cards (ADR 087): sold, used, refunded, outstanding (the network's liability),
 * the latest cards, and the refund of a card's unused balance.
 */
export function GiftCardsOverview({
  overview,
  reply,
}: {
  overview: GiftCardsOverviewView;
  reply?: PaymentFormReply | undefined;
}) {
  // A valid whole code was searched: the list holds its card, or nothing.
  const found = overview.search?.valid === true;
  return (
    <section aria-labelledby="gift-cards-title" className="grid gap-4">
      <h2 id="gift-cards-title" className="text-xl font-semibold">
        {a.title}
      </h2>
      <p className="max-w-2xl text-sm text-muted-foreground">{a.intro}</p>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label={a.sold}
          value={formatMoney(overview.soldCents)}
          note={a.count(overview.soldCount)}
          testId="gift-cards-sold"
        />
        <Figure label={a.used} value={formatMoney(overview.usedCents)} testId="gift-cards-used" />
        <Figure
          label={a.refunded}
          value={formatMoney(overview.refundedCents)}
          note={a.refundedNote(overview.refundedCount)}
          testId="gift-cards-refunded"
        />
        <Figure
          label={a.outstanding}
          value={formatMoney(overview.outstandingCents)}
          testId="gift-cards-outstanding"
        />
      </dl>
      <CodeSearch search={overview.search} />
      {found ? (
        <p className="flex flex-wrap items-center gap-x-3 text-sm" aria-live="polite">
          {overview.cards.length > 0 ? a.searchFound : a.searchNone}
          <Link
            to="/admin/payments#gift-cards-title"
            className="text-primary underline-offset-4 hover:underline"
          >
            {a.searchShowAll}
          </Link>
        </p>
      ) : null}
      {overview.cards.length === 0 ? (
        found ? null : (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            {a.empty}
          </p>
        )
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
              <Refunds card={card} />
              <RefundForm card={card} reply={reply} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
