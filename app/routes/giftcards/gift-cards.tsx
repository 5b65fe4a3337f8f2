import { Gift } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { FormErrors } from "~/components/forms/form-errors";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import {
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_CENTS,
  GiftCardCodeSchema,
  giftCardPurchaseSchema,
} from "~/domain/giftcards/gift-cards";
import { formatMoney } from "~/lib/format";
import { giftCardMessages } from "~/lib/messages/gift-cards.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { failureOf } from "~/server/http/failure.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { requestInfo } from "~/server/request-info.server";
import { giftCardBalance } from "~/server/services/giftcards/gift-card-redemption.server";
import { purchaseGiftCard, purchasePagePath } from "~/server/services/giftcards/gift-cards.server";
import type { Route } from "./+types/gift-cards";
import { localDate } from "~/domain/time/zoned";

const g = giftCardMessages.page;

/** Balance checks one address may make: enough for a family, far too few to guess 80-bit codes. */
const BALANCE_RATE_LIMIT = { max: 10, windowSeconds: 10 * 60 };

const FIELDS = [
  "amount",
  "buyerName",
  "buyerEmail",
  "recipientName",
  "recipientEmail",
  "message",
  "deliverOn",
] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Partial<Record<FieldName, string>>;
type Errors = Partial<Record<FieldName, string>>;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: g.metaTitle,
    description: g.metaDescription,
    path: "/cartes-cadeaux",
    origin: originFrom(matches),
  });

/** The page: the purchase form (with its one-time key) when online payment is on, and the balance check. */
export function loader() {
  return {
    online: stripeFromEnv() !== undefined,
    purchaseKey: crypto.randomUUID(),
    today: localDate(new Date()),
  };
}

function valuesOf(form: FormData): Values {
  const values: Values = {};
  for (const name of FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 1_000);
  }
  return values;
}

/** intent 'buy': the purchase, then its page (which links to Stripe); intent 'balance': a card's balance. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  const form = await request.formData();
  if (form.get("intent") === "balance") {
    const typed = String(form.get("code") ?? "").slice(0, 100);
    const limit = await hitRateLimit(
      db,
      `gift-card-balance:ip:${requestInfo(context).ip}`,
      BALANCE_RATE_LIMIT,
    );
    if (!limit.allowed)
      return data({ kind: "balance" as const, typed, error: g.tooMany, balance: null }, { status: 429 });
    const code = GiftCardCodeSchema.safeParse(typed);
    if (!code.success) {
      return data(
        { kind: "balance" as const, typed, error: code.error.issues[0]!.message, balance: null },
        { status: 400 },
      );
    }
    const card = await giftCardBalance(db, code.data);
    if (!card)
      return data(
        { kind: "balance" as const, typed, error: g.balanceUnknown, balance: null },
        { status: 404 },
      );
    return {
      kind: "balance" as const,
      typed,
      error: null,
      balance: g.balanceIs(formatMoney(card.balanceCents), formatMoney(card.amountCents)),
    };
  }
  const values = valuesOf(form);
  const stripe = stripeFromEnv();
  if (!stripe)
    return data(
      { kind: "buy" as const, values, errors: {} as Errors, formError: g.unavailable },
      { status: 409 },
    );
  const parsed = giftCardPurchaseSchema(new Date()).safeParse(values);
  if (!parsed.success) {
    const errors: Errors = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as FieldName] ??= issue.message;
    return data({ kind: "buy" as const, values, errors, formError: null }, { status: 400 });
  }
  const key = String(form.get("purchaseKey") ?? "");
  const purchaseKey = /^[0-9a-f-]{36}$/.test(key) ? key : crypto.randomUUID();
  try {
    const { id } = await purchaseGiftCard(db, {
      purchase: parsed.data,
      key: purchaseKey,
      now: new Date(),
      stripe,
    });
    throw redirect(await purchasePagePath(db, id));
  } catch (error) {
    if (error instanceof Response) throw error;
    const { status, message } = failureOf(error);
    return data({ kind: "buy" as const, values, errors: {} as Errors, formError: message }, { status });
  }
}

export default function GiftCardsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const buy = actionData?.kind === "buy" ? actionData : null;
  const balance = actionData?.kind === "balance" ? actionData : null;
  const values: Values = buy?.values ?? {};
  const errors: Errors = buy?.errors ?? {};
  const min = formatMoney(GIFT_CARD_MIN_CENTS);
  const max = formatMoney(GIFT_CARD_MAX_CENTS);

  return (
    <section className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 sm:py-16">
      <header className="grid gap-3">
        <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight sm:text-4xl">
          <Gift aria-hidden="true" className="size-8 shrink-0 text-primary" />
          {g.title}
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{g.intro}</p>
        <p
          className="max-w-2xl rounded-md bg-muted p-3 text-sm font-medium"
          data-testid="gift-card-no-expiry"
        >
          {g.noExpiry}
        </p>
      </header>

      <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div className="grid content-start gap-4">
          <h2 className="text-2xl font-semibold">{g.formTitle}</h2>
          {loaderData.online ? (
            <Form method="post" className="grid gap-5" noValidate aria-describedby="gift-form-errors">
              <input type="hidden" name="purchaseKey" value={loaderData.purchaseKey} />
              <FormErrors id="gift-form-errors" errors={buy?.formError ? [buy.formError] : undefined} />
              <Field label={g.amount} error={errors.amount} description={g.amountHint(min, max)} required>
                <Input
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={values.amount ?? "50"}
                  className="max-w-40"
                />
              </Field>
              <fieldset className="grid gap-4 sm:grid-cols-2">
                <Field label={g.buyerName} error={errors.buyerName} required>
                  <Input name="buyerName" autoComplete="name" defaultValue={values.buyerName ?? ""} />
                </Field>
                <Field label={g.buyerEmail} error={errors.buyerEmail} required>
                  <Input
                    name="buyerEmail"
                    type="email"
                    autoComplete="email"
                    defaultValue={values.buyerEmail ?? ""}
                  />
                </Field>
                <Field label={g.recipientName} error={errors.recipientName} required>
                  <Input name="recipientName" autoComplete="off" defaultValue={values.recipientName ?? ""} />
                </Field>
                <Field label={g.recipientEmail} error={errors.recipientEmail} required>
                  <Input
                    name="recipientEmail"
                    type="email"
                    autoComplete="off"
                    defaultValue={values.recipientEmail ?? ""}
                  />
                </Field>
              </fieldset>
              <Field
                label={g.message}
                error={errors.message}
                description={g.messageHint(GIFT_CARD_MESSAGE_MAX)}
              >
                <Textarea
                  name="message"
                  rows={3}
                  maxLength={GIFT_CARD_MESSAGE_MAX}
                  defaultValue={values.message ?? ""}
                />
              </Field>
              <Field label={g.deliverOn} error={errors.deliverOn} description={g.deliverOnHint} required>
                <Input
                  name="deliverOn"
                  type="date"
                  min={loaderData.today}
                  defaultValue={values.deliverOn ?? loaderData.today}
                  className="max-w-48"
                />
              </Field>
              <Button
                type="submit"
                name="intent"
                value="buy"
                size="lg"
                className="justify-self-start"
                loading={busy}
              >
                {g.submit}
              </Button>
            </Form>
          ) : (
            <Alert>
              <AlertTitle>{g.unavailableTitle}</AlertTitle>
              <AlertDescription>{g.unavailable}</AlertDescription>
            </Alert>
          )}
        </div>

        <aside className="grid content-start gap-6">
          <div className="grid gap-3 rounded-lg border bg-card p-5">
            <h2 className="text-lg font-semibold">{g.howTitle}</h2>
            <ol className="grid list-decimal gap-2 pl-5 text-sm">
              {g.how.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
          <Form method="post" className="grid gap-3 rounded-lg border bg-card p-5" noValidate>
            <h2 className="text-lg font-semibold">{g.balanceTitle}</h2>
            <Field label={g.balanceCode} error={balance?.error ?? undefined}>
              <Input
                name="code"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={24}
                placeholder="XXXX-XXXX-XXXX-XXXX"
                className="uppercase"
                defaultValue={balance?.typed ?? ""}
              />
            </Field>
            {balance?.balance ? (
              <p role="status" className="font-medium" data-testid="gift-card-balance">
                {balance.balance}
              </p>
            ) : null}
            <Button
              type="submit"
              name="intent"
              value="balance"
              variant="outline"
              className="justify-self-start"
            >
              {g.balanceSubmit}
            </Button>
          </Form>
        </aside>
      </div>
    </section>
  );
}
