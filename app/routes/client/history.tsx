import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { AppointmentList } from "~/components/client/appointment-list";
import { Button } from "~/components/ui/button";
import { originFrom, seoMeta } from "~/lib/seo";
import { requireRole } from "~/server/http/require-role.server";
import { getDb } from "~/server/db.server";
import { listClientAppointments } from "~/server/services/account/list-client-appointments.server";
import type { Route } from "./+types/history";
import { clientMessages } from "~/lib/messages/client.fr";

const t = clientMessages;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: t.history.title,
    description: t.history.description,
    path: "/client/history",
    origin: originFrom(matches),
    noindex: true,
  });

/** The full booking history of the signed-in client. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireRole({ request, url }, ["client"]);
  return listClientAppointments(getDb(), { userId: user.id });
}

export default function ClientHistoryPage({ loaderData }: Route.ComponentProps) {
  const { upcoming, past, total } = loaderData;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/client">
            <ArrowLeft aria-hidden="true" />
            {t.history.back}
          </Link>
        </Button>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{t.history.title}</h1>
        <p className="mt-1 text-muted-foreground">
          {t.history.description} {t.stats.historyCount(total)}.
        </p>
      </div>
      {total === 0 ? (
        <p className="font-medium">{t.appointments.empty}</p>
      ) : (
        <>
          <section aria-labelledby="history-upcoming" className="grid gap-3">
            <h2 id="history-upcoming" className="text-xl font-semibold">
              {t.appointments.upcoming}
            </h2>
            <AppointmentList items={upcoming} empty={t.appointments.emptyUpcoming} />
          </section>
          <section aria-labelledby="history-past" className="grid gap-3">
            <h2 id="history-past" className="text-xl font-semibold">
              {t.appointments.past}
            </h2>
            <AppointmentList items={past} empty={t.appointments.emptyPast} />
          </section>
        </>
      )}
    </div>
  );
}
