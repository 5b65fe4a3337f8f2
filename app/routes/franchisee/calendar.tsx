import { CalendarFeedPanel } from "~/components/calendar/calendar-feed-panel";
import { calendarMessages } from "~/lib/messages/calendar.fr";
import { calendarFeedView, renewCalendarFeedAction } from "~/server/http/calendar-feed-page.server";
import type { Route } from "./+types/calendar";
import { requireFranchisee } from "./guard.server";

const t = calendarMessages;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** /franchisee/calendar: the franchisee's private link to all of its appointments (ADR 082). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { user, db } = await requireFranchisee({ request, url });
  return { feed: await calendarFeedView(db, user.id) };
}

/** « Renouveler le lien » (a plain post): only the signed-in franchisee's own link. */
export async function action({ request, url }: Route.ActionArgs) {
  const { user, db } = await requireFranchisee({ request, url });
  return renewCalendarFeedAction(db, user.id, await request.formData());
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid max-w-3xl gap-6">
      <CalendarFeedPanel titleAs="h1" feed={loaderData.feed} intro={t.introFranchisee} answer={actionData} />
    </div>
  );
}
