import { FreedTimeDemandView } from "~/components/freed-time/freed-time-demand";
import { freedTimeMessages } from "~/lib/messages/freed-time.fr";
import { freedTimeDemand } from "~/server/services/freed-time/freed-time-demand.server";
import type { Route } from "./+types/freed-times";
import { requireFranchisee } from "./guard.server";

const t = freedTimeMessages.demand;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** This franchisee's zones only (ADR 019's data scope): counts of requests and offers (ADR 091). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  return {
    demand: await freedTimeDemand(db, { scope: { role: "franchisee", franchiseeId: franchisee.id } }),
  };
}

export default function FranchiseeFreedTimes({ loaderData }: Route.ComponentProps) {
  return <FreedTimeDemandView intro={t.introFranchisee} demand={loaderData.demand} />;
}
