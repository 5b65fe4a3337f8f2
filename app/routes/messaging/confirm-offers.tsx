import { data } from "react-router";
import { SignedLinkPage } from "~/components/forms/signed-link-page";
import { messagingMessages } from "~/lib/messages/messaging.fr";
import { getDb } from "~/server/db.server";
import {
  confirmConsentWithToken,
  readConsentConfirmToken,
} from "~/server/services/messaging/consent-confirm.server";
import type { Route } from "./+types/confirm-offers";

const t = messagingMessages.consentConfirm;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** The address the signed link names; nothing changes until the button is pressed (mail scanners open links). */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const address = token ? await readConsentConfirmToken(getDb(), token) : null;
  if (!address) return data({ state: "invalid" as const, token: "", address: "" }, { status: 400 });
  return { state: "ask" as const, token, address };
}

/** Records the express consent the link proves (double opt-in, ADR 071). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
  const address = token ? await confirmConsentWithToken(getDb(), token) : null;
  if (!address) return data({ state: "invalid" as const, address: "" }, { status: 400 });
  return { state: "done" as const, address };
}

export default function ConfirmOffers({ loaderData, actionData }: Route.ComponentProps) {
  const address = actionData?.address || loaderData.address;
  return (
    <SignedLinkPage
      texts={t}
      state={actionData?.state ?? loaderData.state}
      doneText={t.doneText(address)}
      fields={
        <>
          <input type="hidden" name="token" value={loaderData.token} />
          <p>{t.ask(address)}</p>
          <p className="text-sm text-muted-foreground">{t.note}</p>
        </>
      }
    />
  );
}
