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
 * Anyone may apply (spec section 6). Whoever already applied (signed in, or this browser just
 * sent one: the receipt cookie) sees the receipt and status of their application instead of a
 * new form; a signed-in user who has not gets the form with their name and e-mail filled in.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const db = getDb();
  let application = await getMyApplication(db, { actor: user });
  if (!application) {
    const sent: unknown = await receiptCookie().parse(request.headers.get("Cookie"));
    if (typeof sent === "string") application = await getSentApplication(db, { id: sent });
  }
  return {
    application: application
      ? {
          id: application.id,
          status: application.status,
          city: application.city,
          submittedAt: application.submittedAt.toISOString(),
        }
      : null,
    prefill: user ? { first_name: user.firstName, last_name: user.lastName, email: user.email } : null,
  };
}

/**
 * The form's POST, with or without JavaScript (ADR 055): saved, the page reloads on its receipt
 * (303, a toast); refused, the form comes back with the French message, each field's error and
 * what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
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
