import { data, Form, redirect } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { ShopOrderList, ShopReturnList } from "~/components/franchisee/shop-orders";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { DeliveriesSchema, HandOverSchema, OwnStockSchema, ReturnDecisionSchema } from "~/domain/shop/shop";
import { formatMoney } from "~/lib/format";
import { shopMessages } from "~/lib/messages/shop.fr";
import { flashHeaders } from "~/server/flash.server";
import { failureOf } from "~/server/http/failure.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import {
  franchiseeShop,
  handOverPickup,
  setOwnShopStock,
  setShopDeliveries,
} from "~/server/services/shop/shop-franchisee.server";
import { decideShopReturn } from "~/server/services/shop/shop-returns.server";
import type { Route } from "./+types/shop";
import { requireFranchisee } from "./guard.server";

const t = shopMessages.franchisee;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** /franchisee/shop (ADR 094, amended): the franchisee's own stock, orders, returns and deliveries. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  return franchiseeShop(db, franchisee.id);
}

/** intent 'stock', 'deliveries', 'hand-over', or a return's decision: the session's franchisee only. */
export async function action({ request, url }: Route.ActionArgs) {
  const { franchisee, user, db } = await requireFranchisee({ request, url });
  const form = Object.fromEntries(await request.formData());
  const done = async (title: string) => redirect(url.pathname, { headers: await flashHeaders({ title }) });
  const invalid = (error: string) => data({ error }, { status: 400 });
  try {
    if (form.intent === "stock") {
      const parsed = OwnStockSchema.safeParse(form);
      if (!parsed.success) return invalid(parsed.error.issues[0]!.message);
      await setOwnShopStock(db, { franchiseeId: franchisee.id, ...parsed.data });
      return await done(t.stockSaved);
    }
    if (form.intent === "deliveries") {
      const parsed = DeliveriesSchema.safeParse(form);
      if (!parsed.success) return invalid(parsed.error.issues[0]!.message);
      await setShopDeliveries(db, franchisee.id, parsed.data);
      return await done(t.deliveriesSaved);
    }
    if (form.intent === "hand-over") {
      const parsed = HandOverSchema.safeParse(form);
      if (!parsed.success) return invalid(t.notFound);
      await handOverPickup(db, {
        franchiseeId: franchisee.id,
        orderId: parsed.data.orderId,
        now: new Date(),
      });
      return await done(t.handedOver);
    }
    const parsed = ReturnDecisionSchema.safeParse(form);
    if (!parsed.success) return invalid(shopMessages.returns.already);
    // The service checks the return is of an order of this franchisee's (else FORBIDDEN).
    const outcome = await decideShopReturn(db, {
      actor: user,
      returnId: parsed.data.returnId,
      accept: parsed.data.decision === "accept",
      now: new Date(),
      stripe: stripeFromEnv(),
    });
    return await done(outcome === "accepted" ? shopMessages.admin.accepted : shopMessages.admin.refusedDone);
  } catch (error) {
    // Another franchisee's return or order is answered as one that does not exist.
    const failure = failureOf(error, {
      NOT_FOUND: t.notFound,
      FORBIDDEN: t.notFound,
      ORDER_CLOSED: form.intent === "hand-over" ? t.alreadyHanded : shopMessages.returns.already,
    });
    const status = failure.code === "FORBIDDEN" ? 404 : failure.status;
    return data({ error: failure.message }, { status });
  }
}

export default function FranchiseeShopPage({ loaderData, actionData }: Route.ComponentProps) {
  const { products, deliveries, toDeliver, toPickUp, delivered, returns } = loaderData;
  return (
    <div className="grid gap-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.title}</h1>
        <p className="text-muted-foreground">{t.description}</p>
      </header>
      <FormErrors id="shop-errors" errors={actionData?.error ? [actionData.error] : undefined} />

      <ShopReturnList returns={returns} />
      <ShopOrderList id="shop-to-deliver" title={t.toDeliver} orders={toDeliver} />
      <ShopOrderList id="shop-to-pick-up" title={t.toPickUp} orders={toPickUp} handOver />

      <section className="grid gap-3" aria-labelledby="shop-stock">
        <h2 id="shop-stock" className="text-lg font-semibold">
          {t.stockTitle}
        </h2>
        {products.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t.noProducts}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {products.map((product) => (
              <li key={product.itemId} className="grid gap-2 rounded-lg border bg-card p-4">
                <div className="grid gap-0.5">
                  <h3 className="font-semibold">{product.name}</h3>
                  <p className="text-sm text-muted-foreground">
                    {t.price(formatMoney(product.retailPriceCents))}
                  </p>
                </div>
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="itemId" value={product.itemId} />
                  <label className="grid gap-1 text-sm">
                    {t.stock}
                    <Input
                      name="quantity"
                      type="number"
                      min={0}
                      max={9999}
                      className="w-24"
                      defaultValue={product.stock}
                      aria-label={`${t.stock} · ${product.name}`}
                    />
                  </label>
                  <Button type="submit" name="intent" value="stock" size="sm" variant="outline">
                    {t.save}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="grid gap-3" aria-labelledby="shop-deliveries">
        <h2 id="shop-deliveries" className="text-lg font-semibold">
          {t.deliveries}
        </h2>
        <Form method="post" className="grid gap-3 rounded-lg border bg-card p-4 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="nextWash" defaultChecked={deliveries.nextWash} className="size-4" />
            {t.nextWash}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="pickup" defaultChecked={deliveries.pickup} className="size-4" />
            {t.pickup}
          </label>
          <Button type="submit" name="intent" value="deliveries" size="sm" className="justify-self-start">
            {t.save}
          </Button>
        </Form>
      </section>

      <ShopOrderList id="shop-delivered" title={t.delivered} orders={delivered} />
    </div>
  );
}
