import { LogIn, Trash2 } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { CheckoutSchema, EMPTY_CART, QuantitySchema, setLine, washWhen } from "~/domain/shop/shop";
import { formatMoney } from "~/lib/format";
import { shopMessages } from "~/lib/messages/shop.fr";
import { z } from "~/lib/zod-fr";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { failureOf } from "~/server/http/failure.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { cartHeaders, readCart } from "~/server/http/cart-cookie.server";
import { nextWashOf } from "~/server/services/shop/shop.server";
import { shopDeliveriesOf } from "~/server/services/shop/shop-franchisee.server";
import { placeShopOrder, viewCart } from "~/server/services/shop/shop-checkout.server";
import type { Route } from "./+types/cart";

const t = shopMessages.cart;

export const meta: Route.MetaFunction = () => [
  { title: `${t.metaTitle} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** /boutique/panier: the cart's lines at today's prices, its taxes, and the delivery choice (ADR 094). */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const cart = await readCart(request);
  const view = await viewCart(db, cart);
  const user = await getSessionUser(request);
  const wash = user && cart.franchiseeId ? await nextWashOf(db, user, new Date(), cart.franchiseeId) : null;
  const offered = cart.franchiseeId
    ? await shopDeliveriesOf(db, cart.franchiseeId)
    : { nextWash: true, pickup: true };
  return {
    ...view,
    offered,
    signedIn: user !== null,
    washAt: wash?.startAt ?? null,
    online: stripeFromEnv() !== undefined,
    key: crypto.randomUUID(),
  };
}

/** intent 'set' (a line's quantity, 0 removes it), intent 'pay' (the order, then its page). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const cart = await readCart(request);
  if (form.get("intent") === "set") {
    const itemId = z.uuid().safeParse(form.get("itemId"));
    const quantity =
      form.get("quantity") === "0"
        ? { success: true as const, data: 0 }
        : QuantitySchema.safeParse(form.get("quantity"));
    if (!itemId.success || !quantity.success)
      return data({ error: shopMessages.errors.quantity }, { status: 400 });
    throw redirect("/boutique/panier", {
      headers: await cartHeaders(setLine(cart, itemId.data, quantity.data)),
    });
  }
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/auth?redirectTo=${encodeURIComponent("/boutique/panier")}`);
  const stripe = stripeFromEnv();
  if (!stripe) return data({ error: t.unavailable }, { status: 409 });
  const parsed = CheckoutSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  try {
    const { id } = await placeShopOrder(getDb(), {
      user,
      cart,
      delivery: parsed.data.delivery,
      key: parsed.data.key,
      now: new Date(),
      stripe,
    });
    throw redirect(`/boutique/commandes/${id}`, {
      headers: await cartHeaders({ ...EMPTY_CART, franchiseeId: cart.franchiseeId }),
    });
  } catch (error) {
    const failure = failureOf(error);
    return data({ error: failure.message }, { status: failure.status });
  }
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, totals, franchisee, signedIn, washAt, online, key, offered } = loaderData;
  const washOpen = offered.nextWash && washAt !== null;
  const busy = useNavigation().state !== "idle";
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-10 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
      <FormErrors id="cart-errors" errors={actionData?.error ? [actionData.error] : undefined} />
      {lines.length === 0 ? (
        <div className="grid justify-items-start gap-3">
          <p className="text-muted-foreground">{t.empty}</p>
          <Button asChild>
            <Link to="/boutique">{t.browse}</Link>
          </Button>
        </div>
      ) : (
        <>
          <ul className="grid divide-y rounded-lg border bg-card" aria-label={t.title}>
            {lines.map((line) => (
              <li key={line.itemId} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="grid gap-1">
                  <Link to={`/boutique/${line.slug}`} className="font-medium hover:underline">
                    {line.name}
                  </Link>
                  <span className="text-sm text-muted-foreground tabular-nums">
                    {line.quantity} × {formatMoney(line.retailPriceCents)}
                  </span>
                </div>
                <div className="flex items-center gap-3">
                  <span className="font-semibold tabular-nums">{formatMoney(line.totalCents)}</span>
                  <Form method="post">
                    <input type="hidden" name="itemId" value={line.itemId} />
                    <input type="hidden" name="quantity" value="0" />
                    <Button
                      type="submit"
                      name="intent"
                      value="set"
                      variant="ghost"
                      size="icon"
                      aria-label={`${t.remove} : ${line.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
          <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 justify-self-end text-sm tabular-nums">
            <dt>{t.subtotal}</dt>
            <dd className="text-right">{formatMoney(totals.subtotalCents)}</dd>
            <dt>{t.tps}</dt>
            <dd className="text-right">{formatMoney(totals.tpsCents)}</dd>
            <dt>{t.tvq}</dt>
            <dd className="text-right">{formatMoney(totals.tvqCents)}</dd>
            <dt className="text-base font-semibold">{t.total}</dt>
            <dd className="text-right text-base font-semibold" data-testid="cart-total">
              {formatMoney(totals.totalCents)}
            </dd>
          </dl>
          {!signedIn ? (
            <Button asChild size="lg" className="justify-self-start">
              <Link to={`/auth?redirectTo=${encodeURIComponent("/boutique/panier")}`}>
                <LogIn aria-hidden="true" />
                {t.signIn}
              </Link>
            </Button>
          ) : !online ? (
            <p className="text-sm text-muted-foreground">{t.unavailable}</p>
          ) : (
            <Form method="post" className="grid gap-4 rounded-lg border bg-card p-5">
              <input type="hidden" name="key" value={key} />
              <fieldset className="grid gap-3">
                <legend className="mb-2 font-semibold">{t.delivery}</legend>
                <label className="flex items-start gap-3 text-sm">
                  <input
                    type="radio"
                    name="delivery"
                    value="next_wash"
                    defaultChecked={washOpen}
                    disabled={!washOpen}
                    className="mt-1 size-4 accent-primary"
                  />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{t.nextWash}</span>
                    <span className="text-muted-foreground">
                      {!offered.nextWash
                        ? t.notOffered
                        : washAt
                          ? t.nextWashHint(washWhen(washAt))
                          : t.noNextWash}
                    </span>
                  </span>
                </label>
                <label className="flex items-start gap-3 text-sm">
                  <input
                    type="radio"
                    name="delivery"
                    value="pickup"
                    defaultChecked={!washOpen && offered.pickup}
                    disabled={!offered.pickup}
                    className="mt-1 size-4 accent-primary"
                  />
                  <span className="grid gap-0.5">
                    <span className="font-medium">{t.pickup}</span>
                    <span className="text-muted-foreground">
                      {offered.pickup ? t.pickupHint(franchisee?.name ?? "") : t.notOffered}
                    </span>
                  </span>
                </label>
              </fieldset>
              <p className="text-sm text-muted-foreground">{t.terms}</p>
              <Button
                type="submit"
                name="intent"
                value="pay"
                size="lg"
                className="justify-self-start"
                loading={busy}
              >
                {t.pay} {formatMoney(totals.totalCents)}
              </Button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}
