import { data } from "react-router";
import { SignedLinkPage } from "~/components/forms/signed-link-page";
import { getDb } from "~/server/db.server";
import {
  confirmApplicationEmail,
  readApplicationLink,
} from "~/server/services/applications/confirm-application-email.server";
import type { Route } from "./+types/confirm-email";
import { applicationMessages } from "~/lib/messages/application.fr";

const t = applicationMessages.confirmEmail;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

function linkOf(request: Request, form?: FormData) {
  const params = new URL(request.url).searchParams;
  return {
    id: String(form?.get("id") ?? params.get("id") ?? ""),
    token: String(form?.get("token") ?? params.get("token") ?? ""),
  };
}

/**
 * The link of the application-received e-mail (ADR 043). Nothing changes until the button is
 * pressed: mail scanners open links.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { id, token } = linkOf(request);
  const link = await readApplicationLink(getDb(), id, token);
  if (link.status === "invalid")
    return data({ state: "invalid" as const, id: "", token: "", email: "" }, { status: 400 });
  return {
    state: link.status === "confirmed" ? ("done" as const) : ("ask" as const),
    id,
    token,
    email: link.email,
  };
}

/** Records that the applicant confirmed the address (once). */
export async function action({ request }: Route.ActionArgs) {
  const { id, token } = linkOf(request, await request.formData());
  const link = await confirmApplicationEmail(getDb(), { id, token });
  if (link.status === "invalid") return data({ state: "invalid" as const, email: "" }, { status: 400 });
  return { state: "done" as const, email: link.email };
}

export default function ConfirmApplicationEmail({ loaderData, actionData }: Route.ComponentProps) {
  const email = actionData?.email || loaderData.email;
  return (
    <SignedLinkPage
      texts={t}
      state={actionData?.state ?? loaderData.state}
      doneText={t.doneText(email)}
      fields={
        <>
          <input type="hidden" name="id" value={loaderData.id} />
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="break-words">{t.intro(email)}</p>
        </>
      }
    />
  );
}
