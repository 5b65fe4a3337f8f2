import { ChevronLeft, ShoppingCart } from "lucide-react";
import { data, Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { LINE_MAX_QUANTITY } from "~/domain/shop/shop";
import { formatMoney } from "~/lib/format";
import { shopMessages } from "~/lib/messages/shop.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { readCart } from "~/server/http/cart-cookie.server";
import { shopFranchiseeOf } from "~/server/services/shop/shop-page.server";
import { shopProductBySlug } from "~/server/services/shop/shop.server";
import type { Route } from "./+types/product";

const t = shopMessages.product;

export const meta: Route.MetaFunction = ({ loaderData: page, matches }) =>
  page?.product
    ? seoMeta({
        title: page.product.name,
        description: page.product.description || shopMessages.list.metaDescription,
        path: `/boutique/${page.product.slug}`,
        origin: originFrom(matches),
      })
    : [{ title: shopMessages.list.metaTitle }];

/** /boutique/{slug}: one product, its price and stock, and the add-to-cart form (posts to /boutique). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const cart = await readCart(request);
  const { franchiseeId } = await shopFranchiseeOf(db, request, cart, new Date());
  const product = await shopProductBySlug(db, params.slug, franchiseeId);
  if (!product) throw data(shopMessages.list.empty, { status: 404 });
  return { product, franchiseeId };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, franchiseeId } = loaderData;
  const max = Math.min(LINE_MAX_QUANTITY, product.stock);
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:py-16">
      <Button asChild variant="ghost" size="sm" className="justify-self-start">
        <Link to="/boutique">
          <ChevronLeft aria-hidden="true" />
          {t.back}
        </Link>
      </Button>
      <div className="grid gap-3">
        <p className="text-sm font-medium tracking-wide text-muted-foreground uppercase">
          {product.category}
        </p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{product.name}</h1>
        {product.description ? <p className="text-lg text-muted-foreground">{product.description}</p> : null}
      </div>
      <div className="grid gap-5 rounded-lg border bg-card p-5 shadow-sm">
        <div className="flex flex-wrap items-baseline gap-3">
          <span className="text-3xl font-bold tabular-nums" data-testid="product-price">
            {formatMoney(product.retailPriceCents)}
          </span>
          <span className="text-sm text-muted-foreground">{t.taxes}</span>
          {product.stock > 0 ? (
            <Badge variant="secondary">{shopMessages.list.inStock(product.stock)}</Badge>
          ) : (
            <Badge variant="outline">{shopMessages.list.outOfStock}</Badge>
          )}
        </div>
        {product.stock > 0 && franchiseeId ? (
          <Form method="post" action="/boutique" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="itemId" value={product.itemId} />
            <input type="hidden" name="franchiseeId" value={franchiseeId} />
            <label className="grid gap-1 text-sm font-medium">
              {t.quantity}
              <Input name="quantity" type="number" min={1} max={max} defaultValue={1} className="w-24" />
            </label>
            <Button type="submit" size="lg">
              <ShoppingCart aria-hidden="true" />
              {t.add}
            </Button>
          </Form>
        ) : null}
        <p className="text-sm text-muted-foreground">{t.returns}</p>
      </div>
    </section>
  );
}
