import { data } from "react-router";
import { SignedLinkPage } from "~/components/forms/signed-link-page";
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
  const address = actionData?.address || loaderData.address;
  return (
    <SignedLinkPage
      texts={t}
      state={actionData?.state ?? loaderData.state}
      doneText={t.doneText(address)}
      fields={
        <>
          <input type="hidden" name="token" value={loaderData.token} />
          <p>{t.intro(address)}</p>
          <p className="text-sm text-muted-foreground">{t.note}</p>
        </>
      }
    />
  );
}
