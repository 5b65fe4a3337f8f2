import { Package, ShoppingCart } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { NativeSelect } from "~/components/admin/native-select";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { AddToCartSchema, cartCount, EMPTY_CART, setLine } from "~/domain/shop/shop";
import { formatMoney } from "~/lib/format";
import { shopMessages } from "~/lib/messages/shop.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { cartHeaders, readCart } from "~/server/http/cart-cookie.server";
import { shopFranchiseeOf } from "~/server/services/shop/shop-page.server";
import { listShopProducts } from "~/server/services/shop/shop.server";
import { z } from "~/lib/zod-fr";
import type { Route } from "./+types/shop";

const t = shopMessages.list;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: t.metaTitle,
    description: t.metaDescription,
    path: "/boutique",
    origin: originFrom(matches),
  });

/** /boutique: the retail products with the chosen franchisee's stock (ADR 094). */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const cart = await readCart(request);
  const { list, franchiseeId } = await shopFranchiseeOf(db, request, cart, new Date());
  return {
    franchisees: list,
    franchiseeId,
    products: await listShopProducts(db, franchiseeId),
    count: cartCount(cart),
  };
}

/**
 * intent 'franchisee': the shop of another franchisee (the cart, one franchisee's, empties);
 * intent 'add' (here and on a product's page): a product in the cart, then the cart.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const cart = await readCart(request);
  if (form.get("intent") === "franchisee") {
    const id = z.uuid().safeParse(form.get("franchiseeId"));
    if (!id.success) return data({ error: shopMessages.errors.delivery }, { status: 400 });
    const next = id.data === cart.franchiseeId ? cart : { ...EMPTY_CART, franchiseeId: id.data };
    throw redirect("/boutique", { headers: await cartHeaders(next) });
  }
  const parsed = AddToCartSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: shopMessages.errors.quantity }, { status: 400 });
  const franchiseeId = z.uuid().safeParse(form.get("franchiseeId"));
  const base =
    franchiseeId.success && franchiseeId.data !== cart.franchiseeId
      ? { ...EMPTY_CART, franchiseeId: franchiseeId.data }
      : cart;
  const next = setLine(base, parsed.data.itemId, parsed.data.quantity, true);
  throw redirect("/boutique/panier", { headers: await cartHeaders(next) });
}

export default function ShopPage({ loaderData, actionData }: Route.ComponentProps) {
  const { franchisees, franchiseeId, products, count } = loaderData;
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:py-16">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-3">
          <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
            <Package aria-hidden="true" className="size-8 shrink-0 text-primary" />
            {t.title}
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{t.intro}</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/boutique/panier" data-testid="cart-link">
            <ShoppingCart aria-hidden="true" />
            {t.cart(count)}
          </Link>
        </Button>
      </header>

      {franchisees.length > 1 || (franchisees.length === 1 && !franchiseeId) ? (
        <Form method="post" className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-4">
          <label className="grid gap-1 text-sm font-medium">
            {t.franchisee}
            <NativeSelect name="franchiseeId" defaultValue={franchiseeId ?? ""} className="min-w-56">
              {franchiseeId ? null : <option value="">—</option>}
              {franchisees.map((f) => (
                <option key={f.id} value={f.id}>
                  {f.name}
                </option>
              ))}
            </NativeSelect>
          </label>
          <Button type="submit" name="intent" value="franchisee" variant="secondary">
            {t.choose}
          </Button>
          <p className="w-full text-sm text-muted-foreground">{t.franchiseeHint}</p>
        </Form>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="text-sm text-destructive">
          {actionData.error}
        </p>
      ) : null}

      {products.length === 0 ? (
        <p className="text-muted-foreground">{t.empty}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t.title}>
          {products.map((product) => (
            <li
              key={product.itemId}
              className="grid content-between gap-4 rounded-lg border bg-card p-5 shadow-sm"
            >
              <div className="grid gap-2">
                <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                  {product.category}
                </p>
                <h2 className="text-lg font-semibold">
                  <Link to={`/boutique/${product.slug}`} className="hover:underline">
                    {product.name}
                  </Link>
                </h2>
                {product.description ? (
                  <p className="line-clamp-3 text-sm text-muted-foreground">{product.description}</p>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <span className="text-xl font-bold tabular-nums">
                  {formatMoney(product.retailPriceCents)}
                </span>
                {product.stock > 0 ? (
                  <Badge variant="secondary">{t.inStock(product.stock)}</Badge>
                ) : (
                  <Badge variant="outline">{t.outOfStock}</Badge>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/boutique/${product.slug}`}>{t.see}</Link>
                </Button>
                {product.stock > 0 && franchiseeId ? (
                  <Form method="post">
                    <input type="hidden" name="itemId" value={product.itemId} />
                    <input type="hidden" name="quantity" value="1" />
                    <input type="hidden" name="franchiseeId" value={franchiseeId} />
                    <Button
                      type="submit"
                      size="sm"
                      aria-label={`${shopMessages.product.add} : ${product.name}`}
                    >
                      <ShoppingCart aria-hidden="true" />
                      {shopMessages.product.add}
                    </Button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
