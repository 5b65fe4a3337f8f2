import { ChevronLeft, ChevronRight, TriangleAlert } from "lucide-react";
import { Link } from "react-router";

import { itineraryStop } from "~/components/map/itinerary";
import { ItineraryLinks } from "~/components/map/itinerary-links";
import { toMapZone } from "~/components/map/zone-geometry";
import { ZoneMap, type MapRoute } from "~/components/map/zone-map";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { isLocalDate } from "~/domain/time/periods";
import { addDaysToDateString, localDate } from "~/domain/time/zoned";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { loadDayRoutes } from "~/server/services/franchisee/day-route.server";
import { mapTiles } from "~/server/map-tiles.server";
import type { Route } from "./+types/route";
import { requireFranchisee } from "./guard.server";
import { formatDay } from "~/lib/format";
import { formatTime } from "~/domain/time/format-instant";

const t = franchiseeMessages.route;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

/** /franchisee/route?date=yyyy-MM-dd (default: today, business time zone). ADR 048. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const params = new URL(request.url).searchParams;
  const today = localDate(new Date());
  const date = isLocalDate(params.get("date")) ? params.get("date")! : today;
  const routes = await loadDayRoutes(db, { franchiseeId: franchisee.id, date });
  return { date, today, ...routes, tiles: mapTiles() };
}

/** Okabe-Ito colours: told apart with the common colour-vision deficiencies, on both themes. */
const COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];

/** 75 -> '1 h 15', 40 -> '40 min'. */
function duration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest === 0 ? "" : ` ${String(rest).padStart(2, "0")}`}`;
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { date, today, zones, members, towns, tiles } = loaderData;
  const href = (d: string) => `?date=${d}`;
  const mapRoutes: MapRoute[] = members.map((member, i) => ({
    id: member.memberId,
    label: member.memberName,
    colour: COLOURS[i % COLOURS.length]!,
    points: [
      ...(member.base
        ? [
            {
              latitude: member.base.lat,
              longitude: member.base.lon,
              number: null,
              title: t.base(member.baseName ?? ""),
            },
          ]
        : []),
      ...member.stops.flatMap((stop, n) =>
        stop.point
          ? [
              {
                latitude: stop.point.lat,
                longitude: stop.point.lon,
                number: n + 1,
                title: `${formatTime(stop.startAt)} · ${stop.city ?? stop.address}`,
              },
            ]
          : [],
      ),
    ],
  }));
  return (
    <div className="grid min-w-0 gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="text-muted-foreground">{t.description}</p>
      </header>
      <nav aria-label={t.period} className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline" size="icon">
          <Link to={href(addDaysToDateString(date, -1))} aria-label={t.previousDay}>
            <ChevronLeft aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <Link to={href(today)}>{t.today}</Link>
        </Button>
        <Button asChild variant="outline" size="icon">
          <Link to={href(addDaysToDateString(date, 1))} aria-label={t.nextDay}>
            <ChevronRight aria-hidden="true" />
          </Link>
        </Button>
        <p className="font-medium first-letter:uppercase" aria-live="polite">
          {formatDay(date, "weekdayYear")}
        </p>
        <Link
          to={`/franchisee/schedule?view=day&date=${date}`}
          className="ml-auto text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t.backToSchedule}
        </Link>
      </nav>
      {members.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{t.empty}</p>
      ) : (
        <>
          <ZoneMap
            zones={zones.map(toMapZone)}
            routes={mapRoutes}
            towns={towns}
            label={t.map}
            statusLabels={t.statuses}
            fallbackNote={t.mapFallback}
            attribution={t.mapAttribution}
            tiles={tiles}
          />
          <p className="text-sm text-muted-foreground">{t.estimateNote}</p>
          <div className="grid gap-4 lg:grid-cols-2">
            {members.map((member, i) => (
              <Card key={member.memberId} data-testid="member-route">
                <CardHeader className="gap-1">
                  <CardTitle as="h2" className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="size-3 shrink-0 rounded-full"
                      style={{ background: COLOURS[i % COLOURS.length] }}
                    />
                    {member.memberName}
                  </CardTitle>
                  <p className="text-sm text-muted-foreground">
                    {t.stops(member.stops.length)} ·{" "}
                    <span>{t.totalDrive(duration(member.totalDriveMinutes))}</span>
                  </p>
                  {member.unknownLegs > 0 ? (
                    <p className="text-sm text-muted-foreground">{t.unknownLegs(member.unknownLegs)}</p>
                  ) : null}
                  <ItineraryLinks
                    className="pt-2"
                    who={member.memberName}
                    start={member.base ? { latitude: member.base.lat, longitude: member.base.lon } : null}
                    stops={member.stops.map(itineraryStop)}
                  />
                </CardHeader>
                <CardContent className="grid gap-3">
                  {member.stops
                    .filter((stop) => stop.lateMinutes > 0)
                    .map((stop) => (
                      <Alert key={stop.id} variant="destructive">
                        <AlertDescription className="text-foreground">
                          {t.late(member.memberName, stop.lateMinutes, formatTime(stop.startAt))}
                        </AlertDescription>
                      </Alert>
                    ))}
                  <ol className="grid gap-0">
                    {member.stops.map((stop, n) => (
                      <li
                        key={stop.id}
                        className="grid gap-1 border-l-2 py-2 pl-4"
                        style={{ borderColor: COLOURS[i % COLOURS.length] }}
                      >
                        <p className="text-sm text-muted-foreground" data-testid="drive">
                          {stop.driveMinutes === null
                            ? t.unknownDrive
                            : n === 0
                              ? t.fromBase(duration(stop.driveMinutes), member.baseName ?? "")
                              : t.fromPrevious(duration(stop.driveMinutes))}
                        </p>
                        <p className="font-medium">
                          <span className="tabular-nums">
                            {n + 1}. {formatTime(stop.startAt)} – {formatTime(stop.endAt)}
                          </span>{" "}
                          · {stop.customerName}
                        </p>
                        <p className="text-sm break-words">
                          {stop.address}
                          {stop.city && !stop.address.includes(stop.city) ? `, ${stop.city}` : ""}
                        </p>
                        {stop.lateMinutes > 0 ? (
                          <p className="flex items-center gap-1 text-sm font-medium text-destructive">
                            <TriangleAlert aria-hidden="true" className="size-4" />
                            {t.lateBadge(stop.lateMinutes)}
                          </p>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </CardContent>
              </Card>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
