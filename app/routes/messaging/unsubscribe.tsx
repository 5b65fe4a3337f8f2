import { data, Form, Link, useNavigation } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { getDb } from "~/server/db.server";
import { readUnsubscribeToken, unsubscribeWithToken } from "~/server/services/messaging/unsubscribe.server";
import type { Route } from "./+types/unsubscribe";

const t = messagingMessages.unsubscribe;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** The address the signed link names; nothing changes until the button is pressed (mail scanners open links). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const target = token ? await readUnsubscribeToken(getDb(), token) : null;
  if (!target) return data({ state: "invalid" as const, token: "", address: "" }, { status: 400 });
  return { state: "ask" as const, token, address: target.address };
}

/** Records the withdrawal in the consent ledger (source unsubscribe_link). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
  const target = token ? await unsubscribeWithToken(getDb(), token) : null;
  if (!target) return data({ state: "invalid" as const, address: "" }, { status: 400 });
  return { state: "done" as const, address: target.address };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const state = actionData?.state ?? loaderData.state;
  const address = actionData?.address || loaderData.address;
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
          <AlertDescription>{t.doneText(address)}</AlertDescription>
        </Alert>
      ) : (
        <Form method="post" className="grid gap-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <p>{t.intro(address)}</p>
          <p className="text-sm text-muted-foreground">{t.note}</p>
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
