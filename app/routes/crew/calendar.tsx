import { ChevronLeft } from "lucide-react";
import { Link } from "react-router";

import { CalendarFeedPanel } from "~/components/calendar/calendar-feed-panel";
import { ThemeToggle } from "~/components/layout/theme-toggle";
import { Button } from "~/components/ui/button";
import { calendarMessages } from "~/lib/messages/calendar.fr";
import { calendarFeedView, renewCalendarFeedAction } from "~/server/http/calendar-feed-page.server";
import type { Route } from "./+types/calendar";
import { requireCrew } from "./guard.server";

const t = calendarMessages;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** /crew/calendar: the member's private calendar link (ADR 082). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { actor, db } = await requireCrew({ request, url });
  return { feed: await calendarFeedView(db, actor.userId) };
}

/** « Renouveler le lien » (a plain post): only the signed-in member's own link. */
export async function action({ request, url }: Route.ActionArgs) {
  const { actor, db } = await requireCrew({ request, url });
  return renewCalendarFeedAction(db, actor.userId, await request.formData());
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid min-h-dvh w-full max-w-xl content-start gap-4 px-4 py-4">
      <header className="flex items-center justify-between gap-2">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to="/crew">
            <ChevronLeft aria-hidden="true" />
            {t.back}
          </Link>
        </Button>
        <ThemeToggle />
      </header>
      <CalendarFeedPanel titleAs="h1" feed={loaderData.feed} intro={t.introCrew} answer={actionData} />
    </div>
  );
}
