import { data, Form, useActionData } from "react-router";
import { StatementRows, TotalsGrid, type RefundReply } from "~/components/payments/statement-view";
import { ShopCreditView } from "~/components/payments/shop-credit-view";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/input";
import { OnSitePaymentSchema } from "~/domain/payments/schemas";
import { recentMonths, statementQuery } from "~/domain/payments/statement";
import { formatMoney, formatMonth } from "~/lib/format";
import { formatDateTime } from "~/domain/time/format-instant";
import { paymentsOfficeMessages } from "~/lib/messages/payments-office.fr";
import { cn } from "~/lib/utils";
import { z } from "~/lib/zod-fr";
import { env } from "~/server/env.server";
import { flashHeaders } from "~/server/flash.server";
import { failureOf } from "~/server/http/failure.server";
import { refundFromForm, textOf } from "~/server/http/payment-forms.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { refreshConnectState } from "~/server/services/payments/connect-onboarding.server";
import { franchiseeStatement, onSiteToRecord } from "~/server/services/payments/payment-statement.server";
import { recordOnSitePayment } from "~/server/services/payments/record-on-site-payment.server";
import { franchiseeAccount } from "~/server/services/payments/franchisee-account.server";
import { shopCreditOf } from "~/server/services/shop/shop-statement.server";
import type { Route } from "./+types/payments";
import { requireFranchisee } from "./guard.server";

const t = paymentsOfficeMessages.franchisee;
const s = paymentsOfficeMessages.statement;
const e = paymentsOfficeMessages.errors;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/**
 * /franchisee/payments: the Stripe account and its onboarding, the month's statement and the
 * bookings to record as paid on site (issue 31, ADR 075). Coming back from Stripe's hosted
 * onboarding (?stripe=return) reads the account's state from Stripe first.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const now = new Date();
  const stripe = stripeFromEnv();
  let refreshed = false;
  if (url.searchParams.get("stripe") === "return" && stripe) {
    refreshed =
      (await refreshConnectState(db, { franchiseeId: franchisee.id, stripe }).catch(() => null)) !== null;
  }
  const { month } = statementQuery(url, now);
  const [account, statement, toRecord, shop] = await Promise.all([
    franchiseeAccount(db, franchisee.id),
    franchiseeStatement(db, { franchiseeId: franchisee.id, month }),
    onSiteToRecord(db, { franchiseeId: franchisee.id, now }),
    shopCreditOf(db, { franchiseeId: franchisee.id, month }),
  ]);
  return {
    stripeOn: Boolean(env().stripe),
    refreshed,
    account,
    month,
    months: recentMonths(now, 12),
    totals: statement.totals,
    rows: statement.rows.map((row) => ({
      ...row,
      refundKey: row.refundableCents > 0 ? crypto.randomUUID() : undefined,
    })),
    toRecord,
    shop,
  };
}

interface OnSiteReply {
  intent: "on-site";
  appointmentId: string;
  error: string;
  tip: string;
}

export async function action({ request, url }: Route.ActionArgs) {
  const { franchisee, user, db } = await requireFranchisee({ request, url });
  const form = await request.formData();
  const intent = textOf(form, "intent");
  if (intent === "refund") {
    const result = await refundFromForm(db, form, {
      id: user.id,
      role: "franchisee",
      franchiseeId: franchisee.id,
    });
    if (!result.ok) return result.reply;
    return data(
      { intent: "done" as const },
      { headers: await flashHeaders({ title: s.refunded_(result.amountCents) }) },
    );
  }
  if (intent === "on-site") {
    const appointmentId = textOf(form, "appointmentId");
    const tip = textOf(form, "tip");
    const fail = (status: number, error: string) =>
      data<OnSiteReply>({ intent: "on-site", appointmentId, error, tip }, { status });
    const parsed = OnSitePaymentSchema.safeParse({ appointmentId, tip, method: textOf(form, "method") });
    if (!parsed.success) {
      const { fieldErrors } = z.flattenError(parsed.error);
      return fail(400, fieldErrors.tip?.[0] ?? paymentsOfficeMessages.validation.request);
    }
    try {
      const done = await recordOnSitePayment(db, {
        franchiseeId: franchisee.id,
        actorId: user.id,
        payment: parsed.data,
        now: new Date(),
      });
      return data(
        { intent: "done" as const },
        {
          headers: await flashHeaders({
            title: done.recorded ? t.recorded(done.bookingId) : t.alreadyRecorded(done.bookingId),
          }),
        },
      );
    } catch (error) {
      const failure = failureOf(error, {
        NOT_FOUND: e.notFound,
        APPOINTMENT_NOT_CHANGEABLE: (err) =>
          err.message === "ALREADY_PAID"
            ? e.alreadyPaid
            : err.message === "CARD_PLAN"
              ? e.cardPlan
              : e.notPayable,
      });
      return fail(failure.status, failure.message);
    }
  }
  return data<OnSiteReply>(
    { intent: "on-site", appointmentId: "", error: paymentsOfficeMessages.validation.request, tip: "" },
    { status: 400 },
  );
}

const selectClasses = cn(inputClasses, "h-10");

export default function FranchiseePaymentsPage({ loaderData }: Route.ComponentProps) {
  const { stripeOn, refreshed, account, month, months, totals, rows, toRecord, shop } = loaderData;
  const reply = useActionData<typeof action>();
  const refundReply =
    reply && "intent" in reply && reply.intent === "refund" ? (reply as RefundReply) : undefined;
  const onSiteReply =
    reply && "intent" in reply && reply.intent === "on-site" ? (reply as OnSiteReply) : undefined;
  const onboardLabel =
    account.state === "not_started"
      ? t.onboard
      : account.state === "enabled"
        ? t.dashboard
        : t.continueOnboarding;
  return (
    <div className="grid gap-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.title}</h1>
        <p className="text-muted-foreground">{t.description}</p>
      </header>

      <section aria-labelledby="account-title" className="grid gap-3 rounded-lg border bg-card p-4">
        <h2 id="account-title" className="text-xl font-semibold">
          {t.accountTitle}
        </h2>
        {stripeOn ? (
          <>
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{t.accountState} :</span>
              <Badge variant={account.state === "enabled" ? "success" : "secondary"}>
                {paymentsOfficeMessages.connectState[account.state].split(" :")[0]}
              </Badge>
            </p>
            <p className="text-sm text-muted-foreground" role={refreshed ? "status" : undefined}>
              {paymentsOfficeMessages.connectState[account.state]}
              {refreshed ? ` ${t.refreshed}` : ""}
            </p>
            <div className="grid gap-1">
              <Button asChild className="w-fit">
                <a href="/franchisee/payments/onboarding">{onboardLabel}</a>
              </Button>
              <p className="text-sm text-muted-foreground">{t.onboardHint}</p>
            </div>
          </>
        ) : (
          <p role="note" className="text-sm">
            {t.stripeOff}
          </p>
        )}
      </section>

      <section aria-labelledby="onsite-title" className="grid gap-3">
        <h2 id="onsite-title" className="text-xl font-semibold">
          {t.onSiteTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{t.onSiteDescription}</p>
        {toRecord.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
            {t.onSiteEmpty}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {toRecord.map((booking) => {
              const own = onSiteReply?.appointmentId === booking.id ? onSiteReply : undefined;
              return (
                <li key={booking.id} className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
                  <p className="font-medium [overflow-wrap:anywhere]">
                    {s.booking} {booking.bookingId} · {booking.customerName}
                  </p>
                  <p className="text-muted-foreground">
                    {formatDateTime(booking.startAt, "medium")} · {t.due(booking.dueCents)}
                  </p>
                  <Form method="post" className="grid gap-2">
                    <input type="hidden" name="intent" value="on-site" />
                    <input type="hidden" name="appointmentId" value={booking.id} />
                    <label className="grid gap-1">
                      <span>{t.tipOptional}</span>
                      <input
                        name="tip"
                        inputMode="decimal"
                        defaultValue={own?.tip ?? ""}
                        aria-invalid={own ? true : undefined}
                        className={cn(selectClasses, "w-40")}
                      />
                    </label>
                    <div className="flex flex-wrap gap-2">
                      <Button type="submit" name="method" value="cash" variant="secondary">
                        {t.cash}
                        <span className="sr-only"> : {booking.bookingId}</span>
                      </Button>
                      <Button type="submit" name="method" value="on_site_card" variant="secondary">
                        {t.card}
                        <span className="sr-only"> : {booking.bookingId}</span>
                      </Button>
                    </div>
                    {own ? (
                      <p role="alert" className="text-destructive">
                        {own.error}
                      </p>
                    ) : null}
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="period-title" className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="period-title" className="text-xl font-semibold">
            {t.periodTitle(formatMonth(month, "long"))}
          </h2>
          <Form method="get" className="flex flex-wrap items-end gap-2">
            <label className="grid gap-1 text-sm">
              <span className="font-medium">{t.months}</span>
              <select name="month" defaultValue={month} className={selectClasses}>
                {months.map((m, i) => (
                  <option key={m} value={m}>
                    {i === 0 ? `${t.thisMonth} (${formatMonth(m, "long")})` : formatMonth(m, "long")}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="secondary">
              {s.show}
            </Button>
          </Form>
        </div>
        <TotalsGrid totals={totals} />
        <p className="text-sm text-muted-foreground">{t.onSiteTotal(formatMoney(totals.onSiteCents))}</p>
        <StatementRows rows={rows} showFranchisee={false} refund={refundReply} />
        <ShopCreditView rows={shop.rows} totals={shop.totals} />
      </section>
    </div>
  );
}
