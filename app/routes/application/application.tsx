import { useState } from "react";
import { useRevalidator } from "react-router";

import { ApplicationForm } from "~/components/application/application-form";
import { ApplicationStatusCard } from "~/components/application/application-status";
import { originFrom, seoMeta } from "~/lib/seo";
import { getSessionUser } from "~/server/auth.server";
import { getDb } from "~/server/db.server";
import { getMyApplication } from "~/server/services/applications/get-my-application.server";
import type { Route } from "./+types/application";
import { applicationMessages } from "~/lib/messages/application.fr";

const a = applicationMessages;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  seoMeta({
    title: a.title,
    description: a.metaDescription,
    path: location.pathname,
    origin: originFrom(matches),
  });

/**
 * Anyone may apply (spec section 6). A signed-in user who already applied sees the status of
 * their application instead of a new form; one who has not gets the form with their name and
 * e-mail filled in.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const application = await getMyApplication(getDb(), { actor: user });
  return {
    application: application
      ? {
          status: application.status,
          city: application.city,
          submittedAt: application.submittedAt.toISOString(),
        }
      : null,
    prefill: user ? { first_name: user.firstName, last_name: user.lastName, email: user.email } : null,
  };
}

export default function ApplicationPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // A new key after a submission: a fresh, empty form (spec section 4: the form is reset).
  const [round, setRound] = useState(0);

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-8 sm:py-12">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{a.title}</h1>
        <p className="text-muted-foreground">{a.intro}</p>
      </header>
      {loaderData.application ? (
        <ApplicationStatusCard application={loaderData.application} />
      ) : (
        <>
          <noscript>
            <p className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
              {a.noScript}
            </p>
          </noscript>
          <ApplicationForm
            key={round}
            prefill={loaderData.prefill}
            onSubmitted={() => {
              setRound((n) => n + 1);
              window.scrollTo({ top: 0 });
              // A signed-in applicant now sees the status of the application just sent.
              if (loaderData.prefill) void revalidator.revalidate();
            }}
          />
        </>
      )}
    </div>
  );
}
