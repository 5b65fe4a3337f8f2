import { Link } from "react-router";

import { toMapZone } from "~/components/map/zone-geometry";
import { ZoneMap } from "~/components/map/zone-map";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { mapTiles, mapTowns } from "~/server/map-tiles.server";
import { listTerritory } from "~/server/services/franchisee/list-territory.server";
import type { Route } from "./+types/territory";
import { requireFranchisee } from "./guard.server";
import { franchiseeMessages } from "~/lib/messages/franchisee.fr";
import { formatNumber } from "~/lib/format";

const t = franchiseeMessages.territory;

export const meta: Route.MetaFunction = () => [
  { title: t.metaTitle },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url }: Route.LoaderArgs) {
  const { franchisee, db } = await requireFranchisee({ request, url });
  const zones = await listTerritory(db, { franchiseeId: franchisee.id });
  return { zones, towns: mapTowns(zones), tiles: mapTiles() };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { zones, towns, tiles } = loaderData;
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        <p className="text-muted-foreground">{t.description}</p>
      </header>
      {zones.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{t.empty}</p>
      ) : (
        <>
          <ZoneMap
            zones={zones.map(toMapZone)}
            towns={towns}
            label={t.map}
            statusLabels={t.statuses}
            fallbackNote={t.mapFallback}
            attribution={t.mapAttribution}
            tiles={tiles}
          />
          {zones.map((zone) => (
            <Card key={zone.id}>
              <CardHeader>
                <CardTitle as="h2">{zone.zoneName}</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid content-start gap-3 text-sm">
                  <div>
                    <dt className="text-muted-foreground">{t.status}</dt>
                    <dd>
                      <Badge variant={zone.status === "active" ? "success" : "secondary"}>
                        {t.statuses[zone.status]}
                      </Badge>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t.centre}</dt>
                    <dd className="font-medium tabular-nums">
                      {formatNumber(zone.centerLatitude, 4)}, {formatNumber(zone.centerLongitude, 4)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t.radius}</dt>
                    <dd className="font-medium">{t.radiusValue(formatNumber(zone.serviceRadiusKm, 3))}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground">{t.bookingPage}</dt>
                    <dd>
                      <Link
                        to={`/franchise/${zone.routeSlug}`}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        /franchise/{zone.routeSlug}
                      </Link>
                    </dd>
                  </div>
                </dl>
              </CardContent>
            </Card>
          ))}
        </>
      )}
    </div>
  );
}
