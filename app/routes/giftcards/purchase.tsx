import { data, Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { formatGiftCardCode } from "~/domain/giftcards/gift-cards";
import { formatDay, formatMoney } from "~/lib/format";
import { formatDate } from "~/domain/time/format-instant";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";
import { getDb } from "~/server/db.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { loadPurchasePage } from "~/server/services/giftcards/gift-cards.server";
import type { Route } from "./+types/purchase";

const p = giftCardMessages.purchase;

export const meta: Route.MetaFunction = () => [
  { title: `${p.metaTitle} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/**
 * The purchase's page (ADR 087), behind its signed link: the way to Stripe's hosted page while
 * the card awaits its payment, then the card paid with its code. Stripe is asked on each visit
 * until it is paid: the buyer sees the payment even before the webhook arrives.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("k");
  const page = await loadPurchasePage(getDb(), params.id, token, {
    stripe: stripeFromEnv(),
    now: new Date(),
  });
  if (page.state === "invalid") return data({ state: "invalid" as const }, { status: 404 });
  const { card } = page;
  const common = {
    amount: formatMoney(card.amountCents),
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    date: formatDay(card.deliverOn, "long"),
  };
  if (page.state === "awaiting") return { state: "awaiting" as const, ...common, payUrl: page.payUrl };
  return {
    state: "paid" as const,
    ...common,
    code: formatGiftCardCode(card.code),
    delivered: card.deliveredAt !== null,
    refunded: page.refunded
      ? {
          amount: formatMoney(page.refunded.cents),
          date: formatDate(page.refunded.at, "long"),
          closed: card.balanceCents === 0,
        }
      : null,
  };
}

export default function GiftCardPurchasePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "invalid") {
    return (
      <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight">{p.metaTitle}</h1>
        <Alert variant="destructive">
          <AlertTitle>{p.invalidTitle}</AlertTitle>
          <AlertDescription>{p.invalid}</AlertDescription>
        </Alert>
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          {p.home}
        </Link>
      </section>
    );
  }
  if (loaderData.state === "awaiting") {
    return (
      <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-10 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight">{p.awaitingTitle}</h1>
        <p>{p.awaiting(loaderData.amount, loaderData.recipientName, loaderData.date)}</p>
        {loaderData.payUrl ? (
          <>
            <Button asChild size="lg" className="justify-self-start">
              <a href={loaderData.payUrl}>{p.pay(loaderData.amount)}</a>
            </Button>
            <p className="text-sm text-muted-foreground">{p.payNote}</p>
          </>
        ) : (
          <Alert>
            <AlertDescription>{p.expired}</AlertDescription>
          </Alert>
        )}
        <Link to="/cartes-cadeaux" className="font-medium text-primary underline-offset-4 hover:underline">
          {p.restart}
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">{p.paidTitle}</h1>
      <Alert variant="success" role="status">
        <AlertDescription>
          {loaderData.delivered
            ? p.delivered(loaderData.recipientName)
            : p.paid(loaderData.amount, loaderData.recipientName, loaderData.recipientEmail, loaderData.date)}
        </AlertDescription>
      </Alert>
      {loaderData.refunded ? (
        <Alert data-testid="gift-card-refunded">
          <AlertTitle>{p.refundedTitle}</AlertTitle>
          <AlertDescription>
            {p.refunded(loaderData.refunded.amount, loaderData.refunded.date)}
            {loaderData.refunded.closed ? ` ${p.refundedClosed}` : null}
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-2 rounded-lg border bg-card p-5">
        <p className="text-sm text-muted-foreground">{p.codeLabel}</p>
        <p
          className="font-mono text-2xl font-bold tracking-wider break-all"
          data-testid="gift-card-code-shown"
        >
          {loaderData.code}
        </p>
        {/* A code refunded down to zero pays nothing: no « Gardez ce code ». */}
        {loaderData.refunded?.closed ? null : <p className="text-sm text-muted-foreground">{p.codeNote}</p>}
      </div>
      <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
        {p.home}
      </Link>
    </section>
  );
}
