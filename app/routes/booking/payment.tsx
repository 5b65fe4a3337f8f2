import { CalendarX, CreditCard, Lock } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "~/lib/zod-fr";

import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatMoney } from "~/lib/format";
import { formatDateTime, formatTime } from "~/domain/time/format-instant";
import { bookingPaymentMessages } from "~/lib/messages/booking-payment.fr";
import { paymentSummary } from "~/domain/payments/payment-summary";
import { originFrom, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import {
  bookingPayment,
  cancelUnpaidBooking,
  isPaymentPageToken,
  resumeCardStep,
  syncCardStep,
  type BookingPayment,
} from "~/server/services/payments/booking-payment.server";
import type { Route } from "./+types/payment";

const t = bookingPaymentMessages;

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta({
    title: t.title,
    description: t.description,
    path: `/booking-payment/${params.bookingId}`,
    origin: originFrom(matches),
    noindex: true,
  });

const QuerySchema = z.object({
  k: z.string().max(64).catch(""),
  retour: z.enum(["paye", "abandon"]).optional().catch(undefined),
});
const ActionSchema = z.object({ k: z.string().max(64), intent: z.literal("cancel") });

const invalid = () => data({ view: "invalid" as const }, { status: 404 });

/** A paid (or on-site) booking goes to its confirmation; the rest stays here. */
function settledRedirect(payment: BookingPayment, bookingId: string) {
  if (payment.state === "secured" || payment.state === "on_site") {
    return redirect(`/booking-success/${bookingId}`);
  }
  return null;
}

/**
 * /booking-payment/{bookingId}?k=… (ADR 074): the page between the booking and Stripe's hosted
 * page, and Stripe's way back. The wizard's post answers with it (the CSP's `form-action 'self'`
 * would block a redirect of the form to Stripe), and it links to the hosted page with a plain
 * link. Back from Stripe, it asks Stripe (never the browser's word): paid goes to the booking's
 * confirmation, not paid shows the hold and lets the customer resume the same page or cancel.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  if (!(await isPaymentPageToken(db, params.bookingId, query.k))) return invalid();
  const now = new Date();
  const stripe = stripeFromEnv();
  let payment: BookingPayment;
  let stripeUrl: string | null = null;
  let unavailable = false;
  try {
    payment = await syncCardStep(db, params.bookingId, { stripe, now });
    const done = settledRedirect(payment, params.bookingId);
    if (done) throw done;
    if (payment.state === "awaiting_card")
      stripeUrl = await resumeCardStep(db, params.bookingId, { stripe, now });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(error);
    unavailable = true;
    payment = await bookingPayment(db, params.bookingId);
  }
  if (payment.state === "unknown") return invalid();
  if (payment.state === "on_site" || payment.state === "secured")
    throw redirect(`/booking-success/${params.bookingId}`);
  const holdOver = payment.state === "awaiting_card" && (!payment.holdUntil || payment.holdUntil <= now);
  return {
    view: payment.state === "released" || holdOver ? ("released" as const) : ("awaiting" as const),
    returned: query.retour ?? null,
    token: query.k,
    bookingId: params.bookingId,
    stripeUrl,
    unavailable,
    startAt: payment.startAt.toISOString(),
    holdUntil: payment.holdUntil?.toISOString() ?? null,
    terms: payment.terms,
  };
}

/** intent 'cancel': the unpaid booking cancelled, its hosted page expired first. */
export async function action({ request, params }: Route.ActionArgs) {
  const db = getDb();
  const parsed = ActionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success || !(await isPaymentPageToken(db, params.bookingId, parsed.data.k))) return invalid();
  const outcome = await cancelUnpaidBooking(db, params.bookingId, {
    stripe: stripeFromEnv(),
    now: new Date(),
  });
  if (outcome === "secured") throw redirect(`/booking-success/${params.bookingId}`);
  return { view: "cancelled" as const };
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <dt className={strong ? "font-semibold" : "text-muted-foreground"}>{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? "font-semibold" : ""}`}>{value}</dd>
    </div>
  );
}

export default function BookingPaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.view === "invalid") {
    return (
      <section className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10 sm:py-14">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.title}</h1>
        <Alert variant="destructive">
          <AlertDescription className="text-foreground">{t.invalidLink}</AlertDescription>
        </Alert>
      </section>
    );
  }
  const view = actionData?.view ?? loaderData.view;
  const { bookingId, terms } = loaderData;
  if (view === "released" || view === "cancelled" || view === "invalid") {
    return (
      <section className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10 sm:py-14">
        <header className="grid justify-items-center gap-3 text-center">
          <span className="grid size-14 place-items-center rounded-full bg-muted text-muted-foreground">
            <CalendarX aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-3xl font-bold tracking-tight">
            {view === "cancelled" ? t.cancelledTitle : t.releasedTitle}
          </h1>
          <p className="text-sm font-medium text-muted-foreground">{t.bookingNumber(bookingId)}</p>
          <p className="text-lg">{view === "cancelled" ? t.cancelledLead : t.releasedLead}</p>
        </header>
        <Button asChild size="lg">
          <Link to="/booking">{t.rebook}</Link>
        </Button>
      </section>
    );
  }
  const summary = paymentSummary(terms);
  const holdTime = loaderData.holdUntil ? formatTime(loaderData.holdUntil) : "";
  const abandoned = loaderData.returned === "abandon";
  const cancelling = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <section className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-10 sm:py-14">
      <header className="grid gap-2">
        <p className="text-sm font-medium text-muted-foreground">{t.bookingNumber(bookingId)}</p>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {abandoned ? t.abandonedTitle : t.awaitingTitle}
        </h1>
        <p className="text-lg" data-testid="hold-until">
          {abandoned ? t.abandonedLead(holdTime) : t.awaitingLead(holdTime)}
        </p>
        <p className="text-muted-foreground first-letter:uppercase">{formatDateTime(loaderData.startAt)}</p>
      </header>

      {loaderData.unavailable ? (
        <Alert variant="destructive">
          <AlertDescription className="text-foreground">{t.unavailable}</AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <CreditCard aria-hidden="true" className="size-5" />
            {t.paymentTitle}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid gap-2 text-sm">
            <Row
              label={t.todayLine}
              value={terms.today.totalCents > 0 ? formatMoney(terms.today.totalCents) : t.cardKeptToday}
              strong
            />
            <Row label={t.laterLine} value={formatMoney(terms.later.totalCents)} />
          </dl>
          <p className="text-sm">{summary.today}</p>
          <p className="text-sm">{summary.later}</p>
          <div className="grid gap-1">
            <h3 className="text-sm font-semibold">{t.termsTitle}</h3>
            <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
              {summary.cancellation.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-3">
        {loaderData.stripeUrl ? (
          <Button asChild size="lg">
            {/* A plain link: a navigation, which the CSP's form-action does not govern. */}
            <a href={loaderData.stripeUrl} data-testid="continue-to-payment">
              <Lock aria-hidden="true" />
              {abandoned ? t.retry : t.continue}
            </a>
          </Button>
        ) : null}
        <p className="text-center text-xs text-muted-foreground">{t.stripeNote}</p>
        <Form method="post" className="grid">
          <input type="hidden" name="k" value={loaderData.token} />
          <Button type="submit" name="intent" value="cancel" variant="outline" size="lg" loading={cancelling}>
            {t.cancel}
          </Button>
        </Form>
      </div>
    </section>
  );
}
