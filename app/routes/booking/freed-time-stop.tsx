import { data } from "react-router";
import { SignedLinkPage } from "~/components/forms/signed-link-page";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";
import { getDb } from "~/server/db.server";
import { findFreedTimeRequest, stopFreedTimeRequest } from "~/server/services/freed-time/freed-time.server";
import type { Route } from "./+types/freed-time-stop";

const t = freedTimeMessages.stop;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** Nothing stops until the button is pressed (mail scanners open links, ADR 091). */
export async function loader({ params }: Route.LoaderArgs) {
  const known = await findFreedTimeRequest(getDb(), params.token);
  return known ? { state: "ask" as const } : data({ state: "invalid" as const }, { status: 404 });
}

export async function action({ params }: Route.ActionArgs) {
  const stopped = await stopFreedTimeRequest(getDb(), { token: params.token });
  return stopped ? { state: "done" as const } : data({ state: "invalid" as const }, { status: 404 });
}

export default function FreedTimeStop({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SignedLinkPage
      texts={t}
      state={actionData?.state ?? loaderData.state}
      doneText={t.doneText}
      fields={<p>{t.intro}</p>}
    />
  );
}
