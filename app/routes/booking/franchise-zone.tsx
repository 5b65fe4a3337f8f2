import { Handshake, MapPin, Tag } from "lucide-react";
import { useState } from "react";
import { Link, redirect, useNavigate } from "react-router";

import { CarCountPicker } from "~/components/booking/service-area-parts";
import { PlacedPicture } from "~/components/home/placed-picture";
import { ReviewsSection, reviewsJsonLd } from "~/components/home/reviews-section";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { newWizardVisitId } from "~/lib/wizard-visit-id";
import { BUSINESS } from "~/lib/business";
import { formatMoney } from "~/lib/format";
import { serviceAreaMessages } from "~/lib/messages/service-area.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { listActiveServices } from "~/server/services/catalog/list-active-services.server";
import { listPublishedReviews, reviewSummary } from "~/server/services/reviews/reviews.server";
import { listZones } from "~/server/services/zones/list-zones.server";
import { placementSlot } from "~/domain/gallery/placements";
import { placedPhoto } from "~/server/services/gallery/placements.server";
import type { Route } from "./+types/franchise-zone";

const t = serviceAreaMessages.zone;

export const meta: Route.MetaFunction = ({ loaderData: data, params, matches }) => {
  if (!data) return [];
  const origin = originFrom(matches);
  const path = `/franchise/${params.slug}`;
  return [
    ...seoMeta({
      title: t.hero(data.zone.zoneName),
      description: t.description(data.zone.zoneName),
      path,
      origin,
    }),
    // The zone's published reviews, for search engines (ADR 049).
    ...(data.reviews.summary.count > 0
      ? [
          {
            "script:ld+json": {
              "@context": "https://schema.org",
              "@type": "AutoWash",
              "@id": `${origin}${path}#entreprise`,
              name: `${BUSINESS.name} · ${data.zone.zoneName}`,
              url: `${origin}${path}`,
              telephone: BUSINESS.phoneHref,
              areaServed: { "@type": "City", name: data.zone.zoneName },
              ...reviewsJsonLd(data.reviews.latest, data.reviews.summary),
            },
          },
        ]
      : []),
  ];
};

/** The zone of the slug (an unknown slug goes back to the home page) and the wash's price. */
export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const [zones, services] = await Promise.all([listZones(db), listActiveServices(db)]);
  const zone = zones.find((z) => z.routeSlug === params.slug);
  if (!zone) throw redirect("/");
  const [latest, summary, photo] = await Promise.all([
    listPublishedReviews(db, { zoneSlug: zone.routeSlug, limit: 6 }),
    reviewSummary(db, { zoneSlug: zone.routeSlug }),
    placedPhoto(db, placementSlot("zone", zone.id)),
  ]);
  const { zoneName, routeSlug, status, statusLabel, serviceRadiusKm } = zone;
  return {
    zone: { zoneName, routeSlug, active: status === "active", statusLabel, serviceRadiusKm },
    priceCents: services[0]?.basePriceCents ?? null,
    /** The zone's latest published reviews, its average and count (ADR 049). */
    reviews: { latest, summary },
    /** The photo the admin chose for the zone's page (ADR 106), or null: no image. */
    photo,
  };
}

export default function FranchiseZonePage({ loaderData }: Route.ComponentProps) {
  const { zone, priceCents, reviews, photo } = loaderData;
  const navigate = useNavigate();
  const [cars, setCars] = useState<number | null>(1);

  return (
    <>
      <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:py-16">
        <header className="grid gap-4">
          {zone.active ? (
            <Badge variant="success">{t.active}</Badge>
          ) : (
            <Badge variant="secondary">{zone.statusLabel ?? t.comingSoon}</Badge>
          )}
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {t.hero(zone.zoneName)}
          </h1>
          <p className="text-lg text-muted-foreground">{t.intro}</p>
          <ul className="grid gap-2 text-sm sm:flex sm:flex-wrap sm:gap-6">
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 text-primary" />
              {t.radius(zone.serviceRadiusKm)}
            </li>
            {priceCents !== null ? (
              <li className="flex items-center gap-2">
                <Tag aria-hidden="true" className="size-4 text-primary" />
                {t.pricePerVehicle(formatMoney(priceCents))}
              </li>
            ) : null}
          </ul>
        </header>

        {photo ? (
          <PlacedPicture
            image={photo}
            sizes="(min-width: 768px) 736px, calc(100vw - 2rem)"
            className="aspect-[16/9] w-full rounded-xl border bg-muted object-cover"
          />
        ) : null}

        {zone.active ? (
          <Card>
            <CardHeader>
              <CardTitle as="h2">{t.bookTitle}</CardTitle>
            </CardHeader>
            <CardContent>
              <CarCountPicker value={cars} onChange={setCars} />
            </CardContent>
            <CardFooter className="flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
              {priceCents !== null && cars !== null ? (
                <p className="text-lg font-semibold" aria-live="polite">
                  {t.total(formatMoney(priceCents * cars))}
                </p>
              ) : null}
              <Button
                size="lg"
                disabled={cars === null}
                onClick={() => {
                  // One path (ADR 044): the address decides; the zone and cars come along.
                  if (cars === null) return;
                  const search = new URLSearchParams({ zone: zone.routeSlug, cars: String(cars) });
                  void navigate(`/booking/${newWizardVisitId()}?${search.toString()}`, {
                    state: { cars, city: zone.zoneName, citySlug: zone.routeSlug, fromCitySelection: true },
                  });
                }}
              >
                {t.book}
              </Button>
            </CardFooter>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle as="h2">{t.seekingTitle}</CardTitle>
              <CardDescription>{t.seekingText}</CardDescription>
            </CardHeader>
            <CardFooter>
              <Button asChild>
                <Link to="/application">
                  <Handshake aria-hidden="true" />
                  {t.becomePartner}
                </Link>
              </Button>
            </CardFooter>
          </Card>
        )}
      </div>
      {zone.active ? (
        <ReviewsSection reviews={reviews.latest} summary={reviews.summary} zoneName={zone.zoneName} />
      ) : null}
    </>
  );
}
