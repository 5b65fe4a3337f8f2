import { ArrowLeft, CreditCard } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";
import { z } from "~/lib/zod-fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { flashHeaders } from "~/server/flash.server";
import { failureOf } from "~/server/http/failure.server";
import { log } from "~/server/log.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { loadClient } from "~/server/services/account/client-owner.server";
import { listClientCards, removeClientCard } from "~/server/services/payments/saved-cards.server";
import type { Route } from "./+types/payment-methods";

const t = afterWashMessages.methods;

export const meta: Route.MetaFunction = () => [
  { title: `${t.metaTitle} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** The cards the client keeps at Stripe (ADR 079): brand, last 4 and expiry, never the number. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  const db = getDb();
  try {
    const { online, cards } = await listClientCards(db, stripeFromEnv(), await loadClient(db, user.id));
    return { online, unavailable: false, cards };
  } catch (error) {
    log.error("saved cards unavailable", { error: String(error) });
    return { online: true, unavailable: true, cards: [] };
  }
}

const RemoveCardSchema = z.object({
  card: z
    .string()
    .trim()
    .regex(/^pm_[A-Za-z0-9_]{1,100}$/),
});

/** Removes one of the client's own cards (detached at Stripe). */
export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  const parsed = RemoveCardSchema.safeParse({ card: (await request.formData()).get("card") ?? "" });
  if (!parsed.success) return data({ error: t.notFound }, { status: 400 });
  const db = getDb();
  try {
    await removeClientCard(db, stripeFromEnv(), await loadClient(db, user.id), parsed.data.card);
  } catch (error) {
    const { status, message } = failureOf(error, { NOT_FOUND: t.notFound });
    return data({ error: message }, { status });
  }
  throw redirect("/client/payment-methods", { headers: await flashHeaders({ title: t.removed }) });
}

export default function PaymentMethodsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { online, unavailable, cards } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/client">
            <ArrowLeft aria-hidden="true" />
            {t.back}
          </Link>
        </Button>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="mt-1 text-muted-foreground">{online ? t.intro : t.onSite}</p>
      </div>
      <FormErrors id="card-errors" errors={actionData?.error ? [actionData.error] : undefined} />
      {unavailable ? (
        <Alert variant="destructive">
          <AlertDescription>{t.unavailable}</AlertDescription>
        </Alert>
      ) : cards.length === 0 ? (
        <p className="font-medium">{t.empty}</p>
      ) : (
        <ul className="grid gap-3">
          {cards.map((card) => {
            const brand = afterWashMessages.brand(card.brand);
            return (
              <li
                key={card.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-background p-4"
              >
                <div className="flex items-center gap-3">
                  <CreditCard aria-hidden="true" className="size-6 shrink-0 text-primary" />
                  <div>
                    <p className="font-semibold">{t.card(brand, card.last4)}</p>
                    <p className="text-sm text-muted-foreground">{t.expires(card.expMonth, card.expYear)}</p>
                  </div>
                </div>
                <Form method="post">
                  <input type="hidden" name="card" value={card.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    aria-label={t.removeLabel(brand, card.last4)}
                    loading={navigation.formData?.get("card") === card.id}
                  >
                    {t.remove}
                  </Button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      {cards.length > 0 ? <p className="text-sm text-muted-foreground">{t.upcomingNote}</p> : null}
    </div>
  );
}
