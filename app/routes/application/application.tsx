import { data, redirect } from "react-router";

import { ApplicationForm } from "~/components/application/application-form";
import { ApplicationStatusCard } from "~/components/application/application-status";
import { originFrom, seoMeta } from "~/lib/seo";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { flashHeaders, signedCookie } from "~/server/flash.server";
import {
  getMyApplication,
  getSentApplication,
} from "~/server/services/applications/get-my-application.server";
import type { Route } from "./+types/application";
import { submitApplicationRequest } from "./submit-application.server";
import { resendApplicationConfirmation } from "~/server/services/applications/resend-application-confirmation.server";
import { applicationMessages } from "~/lib/messages/application.fr";
import { requestInfo } from "~/server/request-info.server";

const a = applicationMessages;

/** The receipt of the application this browser sent: its id, signed, for 30 days. */
const receiptCookie = () => signedCookie("application_receipt", { maxAge: 30 * 86_400 });

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    title: a.title,
    description: a.metaDescription,
    path: location.pathname,
    origin: originFrom(matches),
  });

/**
 * Anyone may apply (docs/product.md, section 6). Whoever already applied (signed in, or this browser just
 * sent one: the receipt cookie) sees the receipt and status of their application instead of a
 * new form; a signed-in user who has not gets the form with their name and e-mail filled in.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const application = await findOwnApplication(request, user);
  return {
    application: application
      ? {
          id: application.id,
          status: application.status,
          city: application.city,
          submittedAt: application.submittedAt.toISOString(),
          email: application.email,
          emailConfirmed: application.emailConfirmed,
        }
      : null,
    prefill: user ? { first_name: user.firstName, last_name: user.lastName, email: user.email } : null,
  };
}

/** The signed-in user's application, else the one this browser sent (its receipt cookie). */
async function findOwnApplication(request: Request, user: Awaited<ReturnType<typeof getSessionUser>>) {
  const db = getDb();
  const mine = await getMyApplication(db, { actor: user });
  if (mine) return mine;
  const sent: unknown = await receiptCookie().parse(request.headers.get("Cookie"));
  return typeof sent === "string" ? getSentApplication(db, { id: sent }) : null;
}

/**
 * 'Renvoyer le lien de confirmation' (POST /application?resend): for the applicant's own
 * application only (signed in, or the receipt cookie), back to the page with a toast.
 */
async function resend(request: Request) {
  const application = await findOwnApplication(request, await getSessionUser(request));
  const outcome = application
    ? await resendApplicationConfirmation(getDb(), { id: application.id })
    : "not-found";
  const s = a.status;
  const toast =
    outcome === "sent"
      ? { title: s.resentTitle, description: s.resent(application!.email) }
      : outcome === "confirmed"
        ? { title: s.resentTitle, description: s.resendConfirmed }
        : {
            title: s.confirmTitle,
            description: outcome === "rate-limited" ? s.resendLimited : s.resendUnavailable,
            variant: "destructive" as const,
          };
  return redirect("/application", { status: 303, headers: await flashHeaders(toast) });
}

/**
 * The form's POST, with or without JavaScript (ADR 055): saved, the page reloads on its receipt
 * (303, a toast); refused, the form comes back with the French message, each field's error and
 * what was typed. With `?resend`, the confirmation link goes again.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  if (url.searchParams.has("resend")) return resend(request);
  const outcome = await submitApplicationRequest(request, requestInfo(context));
  if (outcome.saved) {
    const headers = await flashHeaders({ title: a.success.title, description: a.success.description });
    if (!outcome.ignored) headers.append("Set-Cookie", await receiptCookie().serialize(outcome.id));
    return redirect("/application", { status: 303, headers });
  }
  const { code, error, status, result, photoSent = false } = outcome;
  return data({ code, error, result: result ?? null, photoSent }, { status });
}

export default function ApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-8 sm:py-12">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{a.title}</h1>
        <p className="text-muted-foreground">{a.intro}</p>
      </header>
      {loaderData.application ? (
        <ApplicationStatusCard application={loaderData.application} />
      ) : (
        <ApplicationForm prefill={loaderData.prefill} refusal={actionData ?? null} />
      )}
    </div>
  );
}
