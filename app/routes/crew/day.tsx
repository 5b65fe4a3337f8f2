import { CalendarPlus, ChevronLeft, ChevronRight, LogOut } from "lucide-react";
import { data, Form, Link } from "react-router";

import {
  clearCachesThenSubmit,
  OfflineNotice,
  useCrewServiceWorker,
  useOffline,
} from "~/components/crew/crew-app";
import { StatusButtons, type CrewStatusActionData } from "~/components/crew/status-buttons";
import { duration, StopCard } from "~/components/crew/stop-card";
import { itineraryStop } from "~/components/map/itinerary";
import { ItineraryLinks } from "~/components/map/itinerary-links";
import { toMapZone } from "~/components/map/zone-geometry";
import { ZoneMap, type MapRoute } from "~/components/map/zone-map";
import { ThemeToggle } from "~/components/layout/theme-toggle";
import { Button } from "~/components/ui/button";
import { isLocalDate } from "~/domain/time/periods";
import { addDaysToDateString, localDate } from "~/domain/time/zoned";
import { formatDay } from "~/lib/format";
import { formatTime } from "~/domain/time/format-instant";
import { messages } from "~/lib/messages.fr";
import { calendarMessages } from "~/lib/messages/calendar.fr";
import { crewMessages } from "~/lib/messages/crew.fr";
import { jobReportMessages } from "~/lib/messages/job-report.fr";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { mapTiles } from "~/server/map-tiles.server";
import { crewStatusAnswer } from "~/server/http/crew-status.server";
import { loadCrewDay } from "~/server/services/crew/crew-day.server";
import type { Route } from "./+types/day";
import { requireCrew } from "./guard.server";

const t = crewMessages.day;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
  // Installable on the phone (ADR 089): the brand's blue around the app.
  { name: "theme-color", content: "#1d4f91" },
];

export const links: Route.LinksFunction = () => [
  { rel: "manifest", href: "/crew/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/crew/icon-192.png" },
];

/** /crew?date=yyyy-MM-dd (default: today, business time zone): the member's own day (ADR 077). */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { actor, db } = await requireCrew({ request, url });
  const today = localDate(new Date());
  const asked = url.searchParams.get("date");
  const date = isLocalDate(asked) ? asked! : today;
  const day = await loadCrewDay(db, { actor, date });
  // When the day was read: said when the phone shows it offline (« Hors ligne — données du … »).
  const loadedAt = new Date().toISOString();
  return { date, today, loadedAt, firstName: actor.firstName, ...day, tiles: mapTiles() };
}

/**
 * A status tap on one of the member's own stops (ADR 078): « En route », « Arrivé », « Commencé »,
 * « Terminé », with the phone's position when shared. The service checks the stop is the actor's.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const { actor, db } = await requireCrew({ request, url });
  const { answer, status } = await crewStatusAnswer(db, actor, Object.fromEntries(await request.formData()));
  return data<CrewStatusActionData>(answer, { status });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { date, today, loadedAt, firstName, stops, zones, towns, base, baseName, totalDriveMinutes, tiles } =
    loaderData;
  const href = (d: string) => `?date=${d}`;
  useCrewServiceWorker();
  const offline = useOffline();
  const mapRoute: MapRoute = {
    id: "day",
    label: t.title,
    colour: "#0072B2",
    points: [
      ...(base ? [{ latitude: base.lat, longitude: base.lon, number: null, title: baseName ?? "" }] : []),
      ...stops.flatMap((stop, n) =>
        stop.point
          ? [
              {
                latitude: stop.point.lat,
                longitude: stop.point.lon,
                number: n + 1,
                title: `${formatTime(stop.startAt)} · ${stop.customerName}`,
              },
            ]
          : [],
      ),
    ],
  };
  return (
    <div className="mx-auto grid min-h-dvh w-full max-w-xl content-start gap-4 px-4 py-4">
      <header className="flex items-center justify-between gap-2">
        <div className="grid">
          <h1 className="text-2xl font-bold tracking-tight">{t.title}</h1>
          <p className="text-sm text-muted-foreground">{t.hello(firstName)}</p>
        </div>
        <div className="flex items-center gap-1">
          <Button asChild variant="ghost" size="icon">
            <Link to="/crew/calendar" aria-label={calendarMessages.title}>
              <CalendarPlus aria-hidden="true" />
            </Link>
          </Button>
          <ThemeToggle />
          <Form method="post" action="/auth" onSubmit={clearCachesThenSubmit}>
            <input type="hidden" name="intent" value="sign-out" />
            <Button type="submit" variant="ghost" size="icon" aria-label={messages.auth.signOut}>
              <LogOut aria-hidden="true" />
            </Button>
          </Form>
        </div>
      </header>
      {offline ? <OfflineNotice loadedAt={loadedAt} /> : null}
      <nav aria-label={t.period} className="flex items-center gap-2">
        <Button asChild variant="outline" size="icon">
          <Link to={href(addDaysToDateString(date, -1))} aria-label={t.previousDay}>
            <ChevronLeft aria-hidden="true" />
          </Link>
        </Button>
        <p className="flex-1 text-center font-medium first-letter:uppercase" aria-live="polite">
          {formatDay(date, "weekdayYear")}
        </p>
        <Button asChild variant="outline" size="icon">
          <Link to={href(addDaysToDateString(date, 1))} aria-label={t.nextDay}>
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
      </nav>
      {date !== today ? (
        <Button asChild variant="link" size="sm" className="justify-self-center">
          <Link to={href(today)}>{t.today}</Link>
        </Button>
      ) : null}
      {stops.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{t.empty}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {t.stops(stops.length)} · {t.totalDrive(duration(totalDriveMinutes))}
          </p>
          <ZoneMap
            zones={zones.map(toMapZone)}
            routes={[mapRoute]}
            towns={towns}
            label={crewMessages.app.map}
            statusLabels={franchiseeMessages.route.statuses}
            fallbackNote={franchiseeMessages.route.mapFallback}
            attribution={franchiseeMessages.route.mapAttribution}
            tiles={tiles}
          />
          <ItineraryLinks
            start={base ? { latitude: base.lat, longitude: base.lon } : null}
            stops={stops.map(itineraryStop)}
          />
          <ol className="grid gap-3">
            {stops.map((stop, n) => (
              <StopCard
                key={stop.id}
                stop={stop}
                number={n + 1}
                driveText={
                  stop.driveMinutes === null
                    ? t.unknownDrive
                    : n === 0
                      ? t.fromBase(duration(stop.driveMinutes), baseName ?? "")
                      : t.fromPrevious(duration(stop.driveMinutes))
                }
              >
                <StatusButtons
                  appointmentId={stop.id}
                  customerName={stop.customerName}
                  completed={stop.status === "completed"}
                  steps={stop.steps}
                  answer={actionData}
                />
                <Button asChild variant="outline" className="min-h-11 w-full">
                  <Link
                    to={`/crew/stops/${stop.id}`}
                    aria-label={jobReportMessages.stop.openLabel(stop.customerName)}
                  >
                    {jobReportMessages.stop.open}
                  </Link>
                </Button>
              </StopCard>
            ))}
          </ol>
          <p className="text-xs text-muted-foreground">{t.estimateNote}</p>
        </>
      )}
    </div>
  );
}
