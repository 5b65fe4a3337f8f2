import { data, Form } from "react-router";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { FormErrors } from "~/components/forms/form-errors";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ReturnDecisionSchema, RetailSchema, StockSchema } from "~/domain/shop/shop";
import { formatMoney } from "~/lib/format";
import { formatDate } from "~/domain/time/format-instant";
import { shopMessages } from "~/lib/messages/shop.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { decideShopReturn } from "~/server/services/shop/shop-returns.server";
import {
  retailCatalogue,
  saveRetailProduct,
  setShopStock,
  shopBackOffice,
} from "~/server/services/shop/shop-back-office.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import type { Route } from "./+types/shop";

const t = shopMessages.admin;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** /admin/boutique (ADR 094): which restock items are sold at retail, their price, each franchisee's stock, and returns. */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireRole({ request, url }, ["admin"]);
  const db = getDb();
  return { ...(await retailCatalogue(db)), ...(await shopBackOffice(db, null)) };
}

export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const form = Object.fromEntries(await request.formData());
  const db = getDb();
  try {
    if (form.intent === "retail") {
      const parsed = RetailSchema.safeParse(form);
      if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
      await saveRetailProduct(db, parsed.data);
      return redirectWithToast(url, t.saved);
    }
    if (form.intent === "stock") {
      const parsed = StockSchema.safeParse(form);
      if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
      await setShopStock(db, parsed.data);
      return redirectWithToast(url, t.stockSaved);
    }
    const parsed = ReturnDecisionSchema.safeParse(form);
    if (!parsed.success) return data({ error: shopMessages.returns.already }, { status: 400 });
    const outcome = await decideShopReturn(db, {
      actor,
      returnId: parsed.data.returnId,
      accept: parsed.data.decision === "accept",
      now: new Date(),
      stripe: stripeFromEnv(),
    });
    return redirectWithToast(url, outcome === "accepted" ? t.accepted : t.refusedDone);
  } catch (error) {
    const failure = adminFailure(error, { ORDER_CLOSED: shopMessages.returns.already });
    return data({ error: failure.message }, { status: failure.status });
  }
}

export default function AdminShopPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, stock, franchisees, returns, orders } = loaderData;
  const stockOf = (itemId: string, franchiseeId: string) =>
    stock.find((row) => row.inventoryItemId === itemId && row.franchiseeId === franchiseeId)?.quantity ?? 0;
  return (
    <div className="grid gap-8">
      <PageHeader title={t.title} description={t.description} />
      <FormErrors id="shop-admin-errors" errors={actionData?.error ? [actionData.error] : undefined} />

      <section className="grid gap-3" aria-labelledby="shop-returns">
        <h2 id="shop-returns" className="text-lg font-semibold">
          {t.returns}
        </h2>
        {returns.length === 0 ? (
          <EmptyState>{t.noReturns}</EmptyState>
        ) : (
          <ul className="grid gap-3">
            {returns.map((ret) => (
              <li
                key={ret.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4"
              >
                <div className="grid gap-1">
                  <p className="font-semibold">
                    {ret.number} · {ret.customerName}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {formatDate(ret.createdAt, "medium")} · {formatMoney(ret.amountCents)}
                    {ret.reason ? ` · ${ret.reason}` : ""}
                  </p>
                </div>
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="returnId" value={ret.id} />
                  <Button type="submit" name="decision" value="accept" size="sm">
                    {shopMessages.returns.accept}
                  </Button>
                  <Button type="submit" name="decision" value="refuse" size="sm" variant="outline">
                    {shopMessages.returns.refuse}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-3" aria-labelledby="shop-products">
        <h2 id="shop-products" className="text-lg font-semibold">
          {shopMessages.nav}
        </h2>
        <ul className="grid gap-3">
          {items.map((item) => (
            <li key={item.id} className="grid gap-3 rounded-lg border bg-card p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold">{item.name}</h3>
                <span className="text-sm text-muted-foreground">{item.category}</span>
                {item.isRetail ? <Badge variant="success">{t.retail}</Badge> : null}
              </div>
              <Form method="post" className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="itemId" value={item.id} />
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="isRetail"
                    defaultChecked={item.isRetail ?? false}
                    className="size-4"
                  />
                  {t.retail}
                </label>
                <label className="grid gap-1 text-sm">
                  {t.price}
                  <Input
                    name="price"
                    inputMode="decimal"
                    className="w-28"
                    defaultValue={
                      item.retailPriceCents ? (item.retailPriceCents / 100).toFixed(2).replace(".", ",") : ""
                    }
                  />
                </label>
                <label className="grid gap-1 text-sm">
                  {t.slug}
                  <Input name="slug" className="w-56" defaultValue={item.slug ?? ""} />
                </label>
                <Button type="submit" name="intent" value="retail" size="sm">
                  {t.save}
                </Button>
              </Form>
              {item.slug ? (
                <div className="flex flex-wrap gap-3">
                  {franchisees.map((f) => (
                    <Form key={f.id} method="post" className="flex items-end gap-2">
                      <input type="hidden" name="itemId" value={item.id} />
                      <input type="hidden" name="franchiseeId" value={f.id} />
                      <label className="grid gap-1 text-sm">
                        {t.stock} · {f.name}
                        <Input
                          name="quantity"
                          type="number"
                          min={0}
                          max={9999}
                          className="w-24"
                          defaultValue={stockOf(item.id, f.id)}
                        />
                      </label>
                      <Button type="submit" name="intent" value="stock" size="sm" variant="outline">
                        {t.save}
                      </Button>
                    </Form>
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section className="grid gap-3" aria-labelledby="shop-orders">
        <h2 id="shop-orders" className="text-lg font-semibold">
          {t.orders}
        </h2>
        {orders.length === 0 ? (
          <EmptyState>{shopMessages.order.none}</EmptyState>
        ) : (
          <ul className="grid gap-2">
            {orders.map((order) => (
              <li
                key={order.id}
                className="flex flex-wrap justify-between gap-3 rounded-lg border bg-card p-3 text-sm"
              >
                <span className="font-medium">
                  {order.number} · {order.customerName}
                </span>
                <span className="text-muted-foreground">
                  {shopMessages.order.statuses[order.status]} · {formatMoney(order.totalCents)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
