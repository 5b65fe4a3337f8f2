import { FreedTimeDemandView } from "~/components/freed-time/freed-time-demand";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { freedTimeDemand } from "~/server/services/freed-time/freed-time-demand.server";
import type { Route } from "./+types/freed-times";

const t = freedTimeMessages.demand;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** The network's freed-time requests and offers, counts only (ADR 091, amended). */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireRole({ request, url }, ["admin"]);
  return { demand: await freedTimeDemand(getDb(), { scope: { role: "admin" } }) };
}

export default function AdminFreedTimes({ loaderData }: Route.ComponentProps) {
  return <FreedTimeDemandView intro={t.introAdmin} demand={loaderData.demand} />;
}
