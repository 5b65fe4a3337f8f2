import { data, Form, Link, useActionData } from "react-router";
import { EmptyState, PageHeader } from "~/components/admin/page-header";
import { RoyaltyForm, type PaymentFormReply } from "~/components/payments/royalty-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/input";
import { centsToPriceInput } from "~/domain/admin/money";
import { basisPointsToPercentInput, ZonePaymentSettingSchema } from "~/domain/payments/schemas";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { cn } from "~/lib/utils";
import { z } from "~/lib/zod-fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { env } from "~/server/env.server";
import { royaltyFromForm, textOf } from "~/server/http/payment-forms.server";
import {
  listPaymentSettings,
  saveZonePaymentSetting,
  type PaymentSettingsView,
} from "~/server/services/payments/manage-payment-settings.server";
import { adminFailure, redirectWithToast } from "./admin-answers.server";
import { giftCardRefundFromForm } from "./gift-card-refund.server";
import type { Route } from "./+types/payments";
import { GiftCardsOverview } from "~/components/payments/gift-cards-overview";
import { maskGiftCardCode, normalizeGiftCardCode } from "~/domain/giftcards/gift-cards";
import { giftCardsOverview } from "~/server/services/giftcards/gift-cards.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";

const t = paymentsOfficeMessages.admin;

export const meta: Route.MetaFunction = () => [
  { title: `${t.title} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** /admin/payments: each zone's payment setting and the royalties (issue 31, ADR 075). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const settings = await listPaymentSettings(getDb(), { actor });
  // « Trouver une carte par son code »: the whole code, typed with or without its dashes.
  const typed = url.searchParams.get("code")?.slice(0, 64).trim() ?? "";
  const code = typed ? normalizeGiftCardCode(typed) : null;
  const gifts = await giftCardsOverview(getDb(), { code });
  return {
    ...settings,
    stripeOn: Boolean(env().stripe),
    giftCards: {
      ...gifts,
      search: typed ? { typed, valid: code !== null } : null,
      // Only the last four characters of a code: the list must not let anyone spend a card.
      cards: gifts.cards.map((card) => ({
        id: card.id,
        code: maskGiftCardCode(card.code),
        paidAt: card.paidAt!,
        buyerName: card.buyerName,
        recipientName: card.recipientName,
        amountCents: card.amountCents,
        balanceCents: card.balanceCents,
        deliverOn: card.deliverOn,
        delivered: card.deliveredAt !== null,
        refunds: card.refunds.map((r) => ({
          amountCents: r.amountCents,
          status: r.status,
          at: r.settledAt ?? r.createdAt,
        })),
        // The refund form's one-time key: a double click or a resent form refunds once.
        refundKey: card.balanceCents > 0 && card.stripePaymentIntentId ? crypto.randomUUID() : undefined,
      })),
    },
  };
}

type Reply = PaymentFormReply;

export async function action({ request, url }: Route.ActionArgs) {
  const actor = await requireRole({ request, url }, ["admin"]);
  const db = getDb();
  const form = await request.formData();
  const intent = textOf(form, "intent");
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
  const reply = (status: number, r: Omit<Reply, "values">) => data<Reply>({ ...r, values }, { status });
  if (intent === "zone") {
    const formId = `zone:${values.zoneId ?? ""}`;
    // Zone settings need Stripe: without it every zone is on site and nothing can change.
    if (!env().stripe)
      return reply(409, {
        form: formId,
        fieldErrors: {},
        formError: paymentsOfficeMessages.errors.stripeOff,
      });
    const parsed = ZonePaymentSettingSchema.safeParse(values);
    if (!parsed.success)
      return reply(400, { form: formId, fieldErrors: z.flattenError(parsed.error).fieldErrors });
    try {
      const { zoneName } = await saveZonePaymentSetting(db, { actor, input: parsed.data });
      return redirectWithToast(url, t.saved(zoneName));
    } catch (error) {
      const failure = adminFailure(error);
      return reply(failure.status, { form: formId, fieldErrors: {}, formError: failure.message });
    }
  }
  if (intent === "royalty") {
    const result = await royaltyFromForm(db, values, actor);
    if (!result.ok) return result.reply;
    return redirectWithToast(url, result.title);
  }
  if (intent === "gift-card-refund") {
    const result = await giftCardRefundFromForm(db, values, actor, {
      stripe: stripeFromEnv(),
      now: new Date(),
    });
    if (!result.ok) return reply(result.status, result.reply);
    return redirectWithToast(url, result.title);
  }
  return reply(400, { form: "", fieldErrors: {}, formError: paymentsOfficeMessages.validation.request });
}

const selectClasses = cn(inputClasses, "h-10");

function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {errors.join(" ")}
    </p>
  );
}

type Zone = PaymentSettingsView["zones"][number];

function valueText(rule: string | null | undefined, value: number | null | undefined): string {
  if (value === null || value === undefined || !rule) return "";
  return rule === "fixed" ? centsToPriceInput(value) : basisPointsToPercentInput(value);
}

function ZoneForm({ zone, reply, editable }: { zone: Zone; reply: Reply | undefined; editable: boolean }) {
  const s = zone.setting;
  const own = reply?.form === `zone:${zone.zoneId}` ? reply : undefined;
  const typed = (name: string, fallback: string) => own?.values[name] ?? fallback;
  const err = (name: string) => own?.fieldErrors[name];
  const id = (name: string) => `${zone.zoneId}-${name}`;
  const select = (name: string, options: Record<string, string>, current: string, label: string) => (
    <div className="grid gap-1 text-sm">
      <label htmlFor={id(name)} className="font-medium">
        {label}
      </label>
      <select
        id={id(name)}
        name={name}
        defaultValue={typed(name, current)}
        disabled={!editable}
        aria-invalid={err(name) ? true : undefined}
        aria-describedby={err(name) ? id(`${name}-error`) : undefined}
        className={selectClasses}
      >
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={id(`${name}-error`)} errors={err(name)} />
    </div>
  );
  const input = (name: string, current: string, label: string) => (
    <div className="grid gap-1 text-sm">
      <label htmlFor={id(name)} className="font-medium">
        {label}
      </label>
      <input
        id={id(name)}
        name={name}
        inputMode="decimal"
        defaultValue={typed(name, current)}
        disabled={!editable}
        aria-invalid={err(name) ? true : undefined}
        aria-describedby={err(name) ? id(`${name}-error`) : undefined}
        className={selectClasses}
      />
      <FieldError id={id(`${name}-error`)} errors={err(name)} />
    </div>
  );
  return (
    <section aria-labelledby={id("title")} className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id("title")} className="text-lg font-semibold">
          {zone.zoneName}
        </h3>
        <span className="text-sm text-muted-foreground">{zone.franchiseeName ?? t.noFranchisee}</span>
      </div>
      {editable && zone.franchiseeName && zone.accountState !== "enabled" ? (
        <p className="text-sm text-muted-foreground">{t.accountNotReady}</p>
      ) : null}
      <Form method="post" className="grid gap-3 md:grid-cols-2" aria-label={zone.zoneName}>
        <input type="hidden" name="intent" value="zone" />
        <input type="hidden" name="zoneId" value={zone.zoneId} />
        <div className="md:col-span-2">{select("mode", t.modes, s?.mode ?? "on_site", t.mode)}</div>
        {select("depositRule", { "": "—", ...t.amountRules }, s?.depositRule ?? "", t.depositRule)}
        {input("depositValue", valueText(s?.depositRule, s?.depositValue), t.depositValue)}
        {select("lateCancelRule", t.feeRules, s?.lateCancelRule ?? "none", t.lateCancel)}
        {input(
          "lateCancelValue",
          valueText(s?.lateCancelRule, s?.lateCancelValue),
          `${t.lateCancel} : ${t.feeValue.toLowerCase()}`,
        )}
        {select("noShowRule", t.feeRules, s?.noShowRule ?? "none", t.noShow)}
        {input(
          "noShowValue",
          valueText(s?.noShowRule, s?.noShowValue),
          `${t.noShow} : ${t.feeValue.toLowerCase()}`,
        )}
        {own?.formError ? (
          <p role="alert" className="text-sm text-destructive md:col-span-2">
            {own.formError}
          </p>
        ) : null}
        {editable ? (
          <div className="md:col-span-2">
            <Button type="submit">
              {t.save}
              <span className="sr-only"> : {zone.zoneName}</span>
            </Button>
          </div>
        ) : null}
      </Form>
    </section>
  );
}

export default function AdminPaymentsPage({ loaderData }: Route.ComponentProps) {
  const { zones, franchisees, networkRoyaltyBasisPoints, royaltyInForce, stripeOn, giftCards } = loaderData;
  const reply = useActionData<typeof action>();
  return (
    <div className="grid gap-10">
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/payments/statement">{t.statementLink}</Link>
          </Button>
        }
      />
      <section aria-labelledby="zones-title" className="grid gap-4">
        <h2 id="zones-title" className="text-xl font-semibold">
          {t.zonesTitle}
        </h2>
        {stripeOn ? null : (
          <p role="note" className="rounded-lg border border-dashed bg-muted/50 p-4 text-sm">
            {t.stripeOff}
          </p>
        )}
        {zones.length === 0 ? <EmptyState>{t.noFranchisee}</EmptyState> : null}
        <div className="grid gap-4 xl:grid-cols-2">
          {zones.map((zone) => (
            <ZoneForm key={zone.zoneId} zone={zone} reply={reply} editable={stripeOn} />
          ))}
        </div>
      </section>
      <section aria-labelledby="royalty-title" className="grid gap-4">
        <h2 id="royalty-title" className="text-xl font-semibold">
          {t.royaltyTitle}
        </h2>
        <p className="max-w-2xl text-sm text-muted-foreground">{t.royaltyDescription}</p>
        <RoyaltyForm
          franchiseeId={null}
          label={t.networkRoyalty}
          current={networkRoyaltyBasisPoints ?? royaltyInForce}
          reply={reply}
        />
        <ul className="grid gap-4 md:grid-cols-2">
          {franchisees.map((f) => (
            <li key={f.id} className="grid gap-2 rounded-lg border bg-card p-3">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{f.businessName}</span>
                <Badge variant={f.accountState === "enabled" ? "success" : "secondary"}>
                  {paymentsOfficeMessages.connectState[f.accountState].split(" :")[0]}
                </Badge>
                <span className="text-muted-foreground">
                  {t.inForce(`${basisPointsToPercentInput(f.royaltyBasisPoints ?? royaltyInForce)} %`)}
                </span>
              </p>
              <RoyaltyForm
                franchiseeId={f.id}
                label={t.franchiseeRoyalty(f.businessName)}
                current={f.royaltyBasisPoints}
                hint={t.franchiseeRoyaltyHint}
                reply={reply}
              />
            </li>
          ))}
        </ul>
      </section>
      <GiftCardsOverview overview={giftCards} reply={reply} />
    </div>
  );
}
