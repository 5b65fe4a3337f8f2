import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData } from "react-router";

import { WaitlistForm, type WaitlistAnswer } from "~/components/booking/waitlist-form";
import { parsePostalCode } from "~/domain/geo/postal-code";
import { WAITLIST_HONEYPOT_FIELD, WaitlistFormSchema } from "~/domain/waitlist/schemas";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { waitlistMessages } from "~/lib/messages/waitlist.fr";
import { getDb } from "~/server/db.server";
import { joinWaitlist } from "~/server/services/waitlist/join-waitlist.server";
import type { Route } from "./+types/waitlist";
import { formFailure } from "~/server/http/failure.server";
import { requestInfo } from "~/server/request-info.server";

const t = waitlistMessages;

export const meta: Route.MetaFunction = () => [
  { title: `${t.page.title} | Lavage Mobile Prestige` },
  { name: "description", content: t.page.description },
  { name: "robots", content: "noindex" },
];

/** ?postalCode= pre-fills the form (a link from a 'not served' answer). */
export function loader({ request }: Route.LoaderArgs) {
  const typed = new URL(request.url).searchParams.get("postalCode") ?? "";
  return { postalCode: parsePostalCode(typed.slice(0, 20)) ?? "" };
}

/**
 * POST the waiting-list form (ADR 046), from the form's fetcher or from a browser without
 * JavaScript (then this page shows the answer). The same schema as the form; a bot filling the
 * hidden field is told all went well and nothing is kept; RATE_LIMITED answers 429.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get(WAITLIST_HONEYPOT_FIELD)) {
    const typed = parsePostalCode(String(formData.get("postalCode") ?? "").slice(0, 20)) ?? "";
    return { ok: true, title: t.done.title, message: t.done.text(typed) } satisfies WaitlistAnswer;
  }
  const submission = parseWithZod(formData, { schema: WaitlistFormSchema });
  if (submission.status !== "success") {
    return data<WaitlistAnswer>(
      { ok: false, error: t.errors.invalidFields, result: submission.reply() },
      { status: 400 },
    );
  }
  try {
    const outcome = await joinWaitlist(getDb(), { input: submission.value, ip: requestInfo(context).ip });
    switch (outcome.status) {
      case "joined":
        return {
          ok: true,
          title: t.done.title,
          message: t.done.text(outcome.postalCode),
        } satisfies WaitlistAnswer;
      case "served":
        return {
          ok: true,
          title: serviceAreaMessages.IN_AREA(outcome.zoneName),
          message: t.done.alreadyServed(outcome.zoneName),
          bookTo: `/franchise/${outcome.routeSlug}`,
        } satisfies WaitlistAnswer;
      case "outside-quebec":
        return data<WaitlistAnswer>(
          {
            ok: false,
            error: t.errors.outsideQuebec,
            result: submission.reply({ fieldErrors: { postalCode: [t.errors.outsideQuebec] } }),
          },
          { status: 422 },
        );
    }
  } catch (error) {
    // What was typed stays in the form (its reply carries the values), with the form's error.
    const { failure, result } = formFailure(error, submission, {
      texts: { RATE_LIMITED: t.errors.rateLimited, UNKNOWN: t.errors.failed },
    });
    return data<WaitlistAnswer>({ ok: false, error: failure.message, result }, { status: failure.status });
  }
}

export default function WaitlistPage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  return (
    <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-10 sm:py-16">
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{t.page.title}</h1>
        <p className="text-muted-foreground">{t.page.description}</p>
      </header>
      <WaitlistForm defaultPostalCode={loaderData.postalCode} answer={answer} />
    </section>
  );
}
