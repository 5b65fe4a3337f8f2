import { data, Form, Link, useNavigation } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { TipFormSchema } from "~/domain/payments/tip-form";
import { formatMoney } from "~/lib/format";
import { formatDate } from "~/domain/time/format-instant";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";
import { getDb } from "~/server/db.server";
import { failureOf } from "~/server/http/failure.server";
import { leaveTip, loadTipPage } from "~/server/services/payments/leave-tip.server";
import type { Route } from "./+types/tip";

const t = afterWashMessages.tip;

export const meta: Route.MetaFunction = () => [
  { title: `${t.metaTitle} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

/** The completion e-mail's signed link opens the page (ADR 079); anything else reads 'invalid link'. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const token = search.get("token") ?? "";
  const page = await loadTipPage(getDb(), params.bookingId, token);
  if (!page) return data({ state: "invalid" as const }, { status: 404 });
  // Back from the balance's hosted page: paid, though the webhook may not have landed yet.
  const balancePaid = search.get("balance") === "paid";
  return {
    state: "ready" as const,
    token,
    balanceUrl: `/tip/${encodeURIComponent(params.bookingId)}/balance?token=${encodeURIComponent(token)}`,
    balanceDue: page.balanceDueCents !== null && !balancePaid ? formatMoney(page.balanceDueCents) : null,
    balancePaid,
    date: formatDate(page.startAt),
    preTax: formatMoney(page.preTaxCents),
    percents: page.choices.flatMap((c) =>
      c.kind === "percent"
        ? [{ value: String(c.percent), label: t.percent(c.percent, formatMoney(c.cents)) }]
        : [],
    ),
    tip: page.tip,
    declined: page.declined,
  };
}

type Errors = Partial<Record<"choice" | "amount", string>>;

/** A plain form POST (works without JavaScript), checked with the page's schema. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const raw = { choice: form.get("choice") ?? undefined, amount: String(form.get("amount") ?? "") };
  const values = { choice: typeof raw.choice === "string" ? raw.choice : "", amount: raw.amount };
  // A wrong link is refused before the form is read (as the review page).
  if (!(await loadTipPage(getDb(), params.bookingId, token))) {
    return data({ ok: false as const, errors: {}, formError: t.invalidText, values }, { status: 404 });
  }
  const parsed = TipFormSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Errors = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Errors] ??= issue.message;
    return data({ ok: false as const, errors, formError: null, values }, { status: 400 });
  }
  try {
    const outcome = await leaveTip(getDb(), {
      bookingId: params.bookingId,
      token,
      answer: parsed.data,
      now: new Date(),
    });
    return { ok: true as const, outcome };
  } catch (error) {
    const { status, message } = failureOf(error, { NOT_FOUND: t.invalidText, VALIDATION: t.amountInvalid });
    return data({ ok: false as const, errors: {}, formError: message, values }, { status });
  }
}

const option =
  "flex min-h-12 items-center gap-3 rounded-lg border bg-card px-4 py-3 text-base font-medium has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring";

export default function TipPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.state === "invalid") {
    return (
      <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <Alert variant="destructive">
          <AlertTitle>{t.invalidTitle}</AlertTitle>
          <AlertDescription>{t.invalidText}</AlertDescription>
        </Alert>
        <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
          {t.home}
        </Link>
      </section>
    );
  }
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors: Errors = failed?.errors ?? {};
  const done = actionData?.ok ? actionData.outcome : null;
  const tip = loaderData.tip;
  const message = done
    ? done.status === "charged"
      ? t.thanksTip(formatMoney(done.cents))
      : done.status === "none"
        ? t.thanksNone
        : done.status === "declined"
          ? t.alreadyNone
          : t.alreadyTip(formatMoney(done.cents))
    : tip && tip.status !== "failed"
      ? t.alreadyTip(formatMoney(tip.cents))
      : loaderData.declined
        ? t.alreadyNone
        : null;
  const refused = !done && tip?.status === "failed";

  return (
    <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-10 sm:py-16">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="text-muted-foreground">{t.intro(loaderData.date, loaderData.preTax)}</p>
      </header>
      {loaderData.balanceDue ? (
        <Alert variant="destructive">
          <AlertTitle>{t.balanceTitle}</AlertTitle>
          <AlertDescription className="grid gap-3">
            <p>{t.balanceDue(loaderData.balanceDue)}</p>
            <Button asChild className="w-fit">
              <a href={loaderData.balanceUrl}>{t.balancePay}</a>
            </Button>
          </AlertDescription>
        </Alert>
      ) : loaderData.balancePaid ? (
        <Alert variant="success" role="status">
          <AlertDescription>{t.balancePaid}</AlertDescription>
        </Alert>
      ) : null}
      {message ? (
        <Alert variant="success" role="status">
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      ) : (
        <Form method="post" className="grid gap-5" noValidate aria-describedby="tip-form-errors">
          <input type="hidden" name="token" value={loaderData.token} />
          {refused ? (
            <Alert variant="destructive">
              <AlertDescription>{t.refused}</AlertDescription>
            </Alert>
          ) : null}
          <FormErrors id="tip-form-errors" errors={failed?.formError ? [failed.formError] : undefined} />
          <fieldset
            className="grid gap-3"
            aria-describedby={errors.choice ? "tip-choice-error tip-note" : "tip-note"}
          >
            <legend className="mb-2 text-lg font-semibold">{t.legend}</legend>
            {loaderData.percents.map((p) => (
              <label key={p.value} className={option}>
                <input
                  type="radio"
                  name="choice"
                  value={p.value}
                  defaultChecked={failed?.values.choice === p.value}
                  className="size-5 accent-primary"
                />
                {p.label}
              </label>
            ))}
            <div className={`${option} flex-wrap`}>
              <label className="flex items-center gap-3">
                <input
                  type="radio"
                  name="choice"
                  value="custom"
                  defaultChecked={failed?.values.choice === "custom"}
                  className="size-5 accent-primary"
                />
                {t.custom}
              </label>
              <label className="grid w-full gap-1 text-sm font-normal">
                <span>{t.customAmount}</span>
                <Input
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={failed?.values.amount ?? ""}
                  aria-invalid={errors.amount ? true : undefined}
                  aria-describedby={errors.amount ? "tip-amount-error" : "tip-amount-hint"}
                  className="max-w-40"
                />
                {errors.amount ? (
                  <span id="tip-amount-error" className="text-destructive">
                    {errors.amount}
                  </span>
                ) : (
                  <span id="tip-amount-hint" className="text-muted-foreground">
                    {t.customHint}
                  </span>
                )}
              </label>
            </div>
            <label className={option}>
              <input
                type="radio"
                name="choice"
                value="none"
                defaultChecked={failed?.values.choice === "none"}
                className="size-5 accent-primary"
              />
              {t.none}
            </label>
            {errors.choice ? (
              <p id="tip-choice-error" className="text-sm text-destructive">
                {errors.choice}
              </p>
            ) : null}
          </fieldset>
          <p id="tip-note" className="text-sm text-muted-foreground">
            {t.percentNote} {t.card}
          </p>
          <Button
            type="submit"
            size="lg"
            className="justify-self-start"
            loading={navigation.state !== "idle"}
          >
            {t.submit}
          </Button>
        </Form>
      )}
    </section>
  );
}
