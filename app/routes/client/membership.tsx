import { ArrowLeft, CreditCard, Crown } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { periodCharge, SubscribeFormSchema } from "~/domain/memberships/memberships";
import { formatDay, formatMoney } from "~/lib/format";
import { membershipsMessages } from "~/lib/messages/memberships.fr";
import { z } from "~/lib/zod-fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { flashHeaders } from "~/server/flash.server";
import { failureOf } from "~/server/http/failure.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import {
  changeMembership,
  membershipCardReturn,
  startCardChange,
} from "~/server/services/memberships/membership-changes.server";
import { clientMembership } from "~/server/services/memberships/membership-views.server";
import { listPlans } from "~/server/services/memberships/membership-plans.server";
import {
  membershipCheckoutCompleted,
  subscribe,
} from "~/server/services/memberships/membership-subscribe.server";
import { listZones } from "~/server/services/zones/list-zones.server";
import { PlanChooser } from "~/components/client/plan-chooser";
import type { Route } from "./+types/membership";

const m = membershipsMessages.cardChange;

export const meta: Route.MetaFunction = () => [
  { title: "Mon abonnement | Lavage Mobile Prestige" },
  { name: "robots", content: "noindex" },
];

const STATUS: Record<
  string,
  { label: string; variant: "success" | "secondary" | "destructive" | "outline" }
> = {
  active: { label: "Actif", variant: "success" },
  paused: { label: "En pause", variant: "secondary" },
  cancelled: { label: "Annulé", variant: "outline" },
  past_due: { label: "Paiement refusé", variant: "destructive" },
};

/** The client's membership (ADR 095): what it includes and used, or the plans to choose from. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  const db = getDb();
  // Back from Stripe's page: the first month applied at once (the webhook may come later).
  const session = url.searchParams.get("session");
  const stripe = stripeFromEnv();
  if (session && stripe) await membershipCheckoutCompleted(db, stripe, session, new Date());
  // Back from a card change: the card kept and the refused charge tried once on it, then told.
  const card = url.searchParams.get("carte");
  if (card && stripe) {
    const outcome = await membershipCardReturn(db, stripe, {
      userId: user.id,
      sessionId: card,
      now: new Date(),
    });
    if (outcome) {
      throw redirect("/client/abonnement", {
        headers: await flashHeaders({
          title: m[outcome],
          variant: outcome === "refused" || outcome === "cancelled" ? "destructive" : "default",
        }),
      });
    }
  }
  const [membership, plans, zones] = await Promise.all([
    clientMembership(db, user.id),
    listPlans(db, { activeOnly: true }),
    listZones(db),
  ]);
  return {
    membership,
    online: stripe !== undefined,
    plans: plans.map(({ plan, serviceName }) => ({
      id: plan.id,
      name: plan.name,
      description: plan.description,
      serviceName,
      includedWashes: plan.includedWashes,
      extrasPercent: plan.extrasDiscountBasisPoints / 100,
      monthlyPriceCents: plan.monthlyPriceCents,
      withTaxesCents: periodCharge({
        unitPriceCents: plan.monthlyPriceCents,
        vehicles: 1,
        royaltyBasisPoints: 0,
      }).amountCents,
    })),
    zones: zones
      .filter((zone) => zone.status === "active")
      .map(({ routeSlug, zoneName }) => ({ routeSlug, zoneName })),
    requestKey: crypto.randomUUID(),
  };
}

const ChangeSchema = z.object({ intent: z.enum(["pause", "resume", "cancel"]) });
const CardChangeSchema = z.object({ requestKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/) });

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  const db = getDb();
  const formData = await request.formData();
  const intent = formData.get("intent");
  try {
    if (intent === "subscribe") {
      const parsed = SubscribeFormSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) {
        return data({ error: parsed.error.issues[0]?.message ?? "Formulaire invalide." }, { status: 400 });
      }
      const page = await subscribe(db, { user, form: parsed.data, now: new Date(), stripe: stripeFromEnv() });
      throw redirect(page);
    }
    if (intent === "change-card") {
      const form = CardChangeSchema.safeParse({ requestKey: formData.get("requestKey") });
      if (!form.success) return data({ error: "Formulaire invalide." }, { status: 400 });
      const page = await startCardChange(db, {
        userId: user.id,
        requestKey: form.data.requestKey,
        now: new Date(),
        stripe: stripeFromEnv(),
      });
      throw redirect(page);
    }
    const parsed = ChangeSchema.safeParse({ intent });
    if (!parsed.success) return data({ error: "Action inconnue." }, { status: 400 });
    await changeMembership(db, { userId: user.id, action: parsed.data.intent, now: new Date() });
    const told = {
      pause: "Abonnement mis en pause.",
      resume: "Abonnement repris.",
      cancel: "Abonnement annulé.",
    };
    throw redirect("/client/abonnement", {
      headers: await flashHeaders({ title: told[parsed.data.intent] }),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const { status, message } = failureOf(error);
    return data({ error: message }, { status });
  }
}

export default function MembershipPage({ loaderData, actionData }: Route.ComponentProps) {
  const { membership, plans, zones, online, requestKey } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const live = membership && ["active", "paused", "past_due"].includes(membership.status);
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/client">
            <ArrowLeft aria-hidden="true" />
            Mon espace
          </Link>
        </Button>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Mon abonnement</h1>
        <p className="mt-1 text-muted-foreground">
          Un forfait mensuel par véhicule : vos lavages inclus à 0 $ et un rabais sur les extras, payés chaque
          mois avec votre carte.
        </p>
      </div>
      <FormErrors id="membership-errors" errors={actionData?.error ? [actionData.error] : undefined} />
      {membership ? (
        <section
          aria-labelledby="membership-title"
          className="grid gap-4 rounded-lg border bg-card p-4 sm:p-6"
          data-testid="membership"
        >
          <div className="flex flex-wrap items-center gap-2">
            <Crown aria-hidden="true" className="size-5 text-primary" />
            <h2 id="membership-title" className="text-lg font-semibold">
              {membership.planName}
            </h2>
            <Badge variant={STATUS[membership.status]?.variant ?? "outline"}>
              {STATUS[membership.status]?.label ?? membership.status}
            </Badge>
          </div>
          <dl className="grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-muted-foreground">Inclus ce mois-ci</dt>
              <dd className="font-medium" data-testid="membership-usage">
                {membership.used} sur {membership.included} {membership.serviceName} utilisé
                {membership.used > 1 ? "s" : ""}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Rabais sur les extras</dt>
              <dd className="font-medium">{membership.extrasDiscountBasisPoints / 100} %</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Référence</dt>
              <dd className="font-medium" data-testid="membership-reference">
                {membership.reference}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Véhicules</dt>
              <dd className="font-medium">{membership.vehicles}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Prix mensuel, taxes incluses</dt>
              <dd className="font-medium">{formatMoney(membership.amountCents)}</dd>
            </div>
            {membership.periodStart && membership.periodEnd ? (
              <div className="sm:col-span-2">
                <dt className="text-sm text-muted-foreground">Période payée</dt>
                <dd className="font-medium">
                  Du {formatDay(membership.periodStart, "long")} au {formatDay(membership.periodEnd, "long")}
                  {membership.status === "active" ? " (renouvelée ce jour-là)" : ""}
                </dd>
              </div>
            ) : null}
          </dl>
          {membership.status === "past_due" ? (
            <div className="grid gap-3 rounded-md border border-destructive/40 p-3 text-sm">
              <p role="status">
                {m.pastDue} {online ? m.offer : null}
              </p>
              {online ? (
                <Form method="post">
                  <input type="hidden" name="requestKey" value={requestKey} />
                  <Button type="submit" name="intent" value="change-card" disabled={busy}>
                    <CreditCard aria-hidden="true" />
                    {m.button}
                  </Button>
                </Form>
              ) : null}
            </div>
          ) : null}
          {live ? (
            <div className="flex flex-wrap gap-3">
              {membership.status === "active" ? (
                <Form method="post">
                  <Button type="submit" name="intent" value="pause" variant="outline" disabled={busy}>
                    Mettre en pause
                  </Button>
                </Form>
              ) : null}
              {membership.status === "paused" ? (
                <Form method="post">
                  <Button type="submit" name="intent" value="resume" disabled={busy}>
                    Reprendre
                  </Button>
                </Form>
              ) : null}
              <Form method="post">
                <Button type="submit" name="intent" value="cancel" variant="destructive" disabled={busy}>
                  Annuler l'abonnement
                </Button>
              </Form>
            </div>
          ) : null}
          {membership.receipts.length > 0 ? (
            <div className="grid gap-1">
              <h3 id="membership-receipts" className="text-sm font-medium">
                Reçus
              </h3>
              <ul aria-labelledby="membership-receipts" className="grid gap-1 text-sm">
                {membership.receipts.map((receipt) => (
                  <li key={receipt.id}>
                    <Link to={`/client/receipts/${receipt.id}`} className="underline underline-offset-4">
                      {receipt.refund ? "Remboursement" : "Paiement"}, période du{" "}
                      {formatDay(receipt.periodStart, "long")} : {formatMoney(receipt.amountCents)} (
                      {membership.reference})
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {live ? (
            <p className="text-sm text-muted-foreground">
              En pause ou annulé, l'abonnement n'est plus renouvelé; la période payée reste utilisable jusqu'à
              sa fin.
            </p>
          ) : null}
        </section>
      ) : null}
      {!live ? (
        <PlanChooser plans={plans} zones={zones} online={online} requestKey={requestKey} busy={busy} />
      ) : null}
    </div>
  );
}
