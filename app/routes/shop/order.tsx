import { CheckCircle2, CreditCard } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Input } from "~/components/ui/input";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { ReturnRequestSchema, returnQuantitiesOf, washWhen } from "~/domain/shop/shop";
import { hasCode } from "~/lib/errors";
import { formatMoney } from "~/lib/format";
import { shopMessages } from "~/lib/messages/shop.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { failureOf } from "~/server/http/failure.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { loadShopOrder } from "~/server/services/shop/shop-orders.server";
import { requestShopReturn } from "~/server/services/shop/shop-returns.server";
import type { Route } from "./+types/order";

const t = shopMessages.order;
const r = shopMessages.returns;

export const meta: Route.MetaFunction = () => [
  { title: `${t.metaTitle} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/**
 * /boutique/commandes/{id}: the customer's own order (ADR 094): the way to Stripe's hosted page
 * while it awaits its payment (Stripe is asked on each visit), then paid, its delivery, and the
 * return form within 14 days.
 */
export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["client", "admin", "franchisee", "crew"]);
  try {
    const page = await loadShopOrder(getDb(), params.id, { user, stripe: stripeFromEnv(), now: new Date() });
    return { ...page, key: crypto.randomUUID() };
  } catch (error) {
    if (hasCode(error, "NOT_FOUND")) throw data(t.metaTitle, { status: 404 });
    throw error;
  }
}

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireRole({ request, url }, ["client", "admin", "franchisee", "crew"]);
  const form = Object.fromEntries(await request.formData());
  const parsed = ReturnRequestSchema.safeParse(form);
  const wanted = returnQuantitiesOf(form);
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  if (!wanted || wanted.size === 0) return data({ error: r.nothing }, { status: 400 });
  try {
    await requestShopReturn(getDb(), {
      user,
      orderId: params.id,
      reason: parsed.data.reason,
      now: new Date(),
      key: parsed.data.key,
      lines: wanted,
    });
    throw redirect(`/boutique/commandes/${params.id}`);
  } catch (error) {
    const failure = failureOf(error);
    return data({ error: failure.message }, { status: failure.status });
  }
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, lines, franchiseeName, washAt, returns, returnable, returnOpen, key } = loaderData;
  const paid = order.status === "paid" || order.status === "delivered";
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:py-16">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t.title(order.number)}</h1>
        <Badge variant={paid ? "success" : order.status === "cancelled" ? "destructive" : "secondary"}>
          {t.statuses[order.status]}
        </Badge>
      </header>
      {paid ? (
        <div role="status" className="grid gap-2 rounded-lg border bg-card p-5" data-testid="order-paid">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-5 text-primary" />
            {t.paid}
          </p>
          <p>
            {order.delivery === "next_wash" && washAt
              ? t.nextWash(washWhen(washAt))
              : t.pickup(franchiseeName)}
          </p>
        </div>
      ) : order.status === "cancelled" ? (
        <p className="text-muted-foreground">{t.cancelled}</p>
      ) : (
        <div className="grid justify-items-start gap-3 rounded-lg border bg-card p-5">
          <p>{t.awaiting}</p>
          {order.stripeCheckoutUrl ? (
            <Button asChild size="lg">
              <a href={order.stripeCheckoutUrl}>
                <CreditCard aria-hidden="true" />
                {t.pay} ({formatMoney(order.totalCents)})
              </a>
            </Button>
          ) : null}
        </div>
      )}
      <ul className="grid divide-y rounded-lg border bg-card">
        {lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 p-4">
            <span>
              {line.quantity} × {line.name}
            </span>
            <span className="tabular-nums">{formatMoney(line.totalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 justify-self-end text-sm tabular-nums">
        <dt>{shopMessages.cart.subtotal}</dt>
        <dd className="text-right">{formatMoney(order.subtotalCents)}</dd>
        <dt>{shopMessages.cart.tps}</dt>
        <dd className="text-right">{formatMoney(order.tpsCents)}</dd>
        <dt>{shopMessages.cart.tvq}</dt>
        <dd className="text-right">{formatMoney(order.tvqCents)}</dd>
        <dt className="text-base font-semibold">{shopMessages.cart.total}</dt>
        <dd className="text-right text-base font-semibold">{formatMoney(order.totalCents)}</dd>
      </dl>
      {returns.map((ret) => (
        <p
          key={ret.id}
          role="status"
          className="rounded-md bg-muted p-3 text-sm font-medium"
          data-testid="return-status"
        >
          {ret.status === "requested"
            ? r.requested
            : ret.status === "accepted"
              ? r.accepted(formatMoney(ret.amountCents))
              : r.refused}
        </p>
      ))}
      {returnOpen ? (
        <Form method="post" className="grid gap-3 rounded-lg border p-5">
          <input type="hidden" name="key" value={key} />
          <h2 className="font-semibold">{r.title}</h2>
          <p className="text-sm text-muted-foreground">{r.hint}</p>
          <FormErrors id="return-errors" errors={actionData?.error ? [actionData.error] : undefined} />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{r.which}</legend>
            {returnable.map((line) => (
              <label key={line.id} className="flex items-center justify-between gap-3 text-sm">
                <span>{line.name}</span>
                <Input
                  name={`qty-${line.id}`}
                  type="number"
                  min={0}
                  max={line.left}
                  defaultValue={line.left}
                  className="w-20"
                  aria-label={r.quantityOf(line.name, line.left)}
                />
              </label>
            ))}
          </fieldset>
          <label className="grid gap-1 text-sm font-medium">
            {r.reason}
            <Textarea name="reason" rows={2} maxLength={500} />
          </label>
          <Button type="submit" variant="outline" className="justify-self-start">
            {r.ask}
          </Button>
        </Form>
      ) : null}
      <Button asChild variant="ghost" className="justify-self-start">
        <Link to="/boutique">{shopMessages.product.back}</Link>
      </Button>
    </section>
  );
}
