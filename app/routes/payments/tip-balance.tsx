import { data, Link, redirect } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { afterWashMessages } from "~/lib/messages/after-wash.fr";
import { getDb } from "~/server/db.server";
import { stripeFromEnv } from "~/server/payments/stripe.server";
import { openBalancePage } from "~/server/services/payments/balance-link.server";
import type { Route } from "./+types/tip-balance";

/**
 * GET /tip/:bookingId/balance?token=…: the refused-balance e-mail's « Payer le solde » (ADR 079).
 * A link rather than a form post, as the Connect onboarding: the CSP's form-action 'self' would
 * stop a post's redirect to Stripe. It goes to the balance's open hosted page, or a new one once
 * Stripe has expired the last, or back to the booking's tip page when nothing is due any more. A
 * wrong link reads « Lien invalide » (404), as the tip page's.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const tipPage = `/tip/${encodeURIComponent(params.bookingId)}?token=${encodeURIComponent(token)}`;
  const page = await openBalancePage(getDb(), {
    bookingId: params.bookingId,
    token,
    stripe: stripeFromEnv(),
    now: new Date(),
  });
  if (!page) return data({ invalid: true }, { status: 404 });
  if (page.to === "stripe") return redirect(page.url);
  return redirect(page.paid ? `${tipPage}&balance=paid` : tipPage);
}

const t = afterWashMessages.tip;

export const meta: Route.MetaFunction = () => [
  { title: `${t.balancePay} | Lavage Mobile Prestige` },
  { name: "robots", content: "noindex" },
];

export default function TipBalancePage() {
  return (
    <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{t.balancePay}</h1>
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
