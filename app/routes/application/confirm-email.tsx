import { data, Form, Link, useNavigation } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
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
  const navigation = useNavigation();
  const state = actionData?.state ?? loaderData.state;
  const email = actionData?.email || loaderData.email;
  return (
    <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
      {state === "invalid" ? (
        <Alert variant="destructive">
          <AlertTitle>{t.invalid}</AlertTitle>
          <AlertDescription>{t.invalidText}</AlertDescription>
        </Alert>
      ) : state === "done" ? (
        <Alert variant="success" role="status">
          <AlertTitle>{t.done}</AlertTitle>
          <AlertDescription>{t.doneText(email)}</AlertDescription>
        </Alert>
      ) : (
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="id" value={loaderData.id} />
          <input type="hidden" name="token" value={loaderData.token} />
          <p className="break-words">{t.intro(email)}</p>
          <Button type="submit" className="justify-self-start" loading={navigation.state !== "idle"}>
            {t.submit}
          </Button>
        </Form>
      )}
      <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
        {t.home}
      </Link>
    </section>
  );
}
