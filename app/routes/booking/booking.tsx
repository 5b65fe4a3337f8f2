import { Car, MapPin } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { z } from "zod";

import { ServiceAreaCheck } from "~/components/booking/service-area-dialog";
import { useOpenWizard } from "~/components/booking/use-open-wizard";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { messages } from "~/lib/messages.fr";
import { originFrom, seoMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { listActiveServices } from "~/server/services/catalog/list-active-services.server";
import { listZones } from "~/server/services/zones/list-zones.server";
import type { Route } from "./+types/booking";

const t = messages.serviceArea;

/** The router state the service-area check leaves (spec section 2, /booking). */
const PreBookingStateSchema = z.object({
  fromPreBooking: z.literal(true),
  cars: z.number().int().min(1).max(3),
  city: z.string().min(1),
  validatedAddress: z.string().default(""),
});

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: t.booking.title,
    description: t.booking.description,
    path: "/booking",
    origin: originFrom(matches),
  });

/** The active zones (to find the slug of the validated city) and the service of ?service, if any. */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const serviceId = new URL(request.url).searchParams.get("service");
  const [zones, services] = await Promise.all([
    listZones(db),
    serviceId ? listActiveServices(db) : Promise.resolve([]),
  ]);
  const service = services.find((s) => s.id === serviceId);
  return {
    zones: zones
      .filter((zone) => zone.status === "active")
      .map(({ zoneName, routeSlug }) => ({ zoneName, routeSlug })),
    service: service ? { id: service.id, name: service.name } : null,
  };
}

const subscribeNothing = () => () => {};

/**
 * Router state lives in the browser's history only: the server renders the check, and the
 * summary appears once the page runs in the browser, so both renders agree at hydration.
 */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

export default function BookingPage({ loaderData }: Route.ComponentProps) {
  const { zones, service } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const openWizard = useOpenWizard();
  const inBrowser = useInBrowser();

  const parsed = PreBookingStateSchema.safeParse(location.state);
  const preBooking = inBrowser && parsed.success ? parsed.data : null;
  const zone = preBooking ? zones.find((z) => z.zoneName === preBooking.city) : undefined;

  return (
    <section className="mx-auto grid w-full max-w-xl gap-6 px-4 py-10 sm:py-16">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t.booking.title}</h1>
        {service ? <p className="text-muted-foreground">{service.name}</p> : null}
      </header>

      {preBooking && zone ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t.booking.summaryTitle}</CardTitle>
            <CardDescription>{t.booking.summaryText}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="flex flex-wrap gap-2">
              <Badge variant="success">
                <MapPin aria-hidden="true" />
                {zone.zoneName}
              </Badge>
              <Badge variant="secondary">
                <Car aria-hidden="true" />
                {t.cars(preBooking.cars)}
              </Badge>
            </div>
            {preBooking.validatedAddress ? (
              <p className="text-sm">
                <span className="text-muted-foreground">{t.booking.address} : </span>
                {preBooking.validatedAddress}
              </p>
            ) : null}
          </CardContent>
          <CardFooter className="flex-col-reverse items-stretch sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              onClick={() => void navigate(`${location.pathname}${location.search}`, { replace: true })}
            >
              {t.booking.changeAddress}
            </Button>
            <Button
              onClick={() =>
                openWizard({
                  cars: preBooking.cars,
                  city: zone.zoneName,
                  citySlug: zone.routeSlug,
                  fromCitySelection: false,
                })
              }
            >
              {t.booking.continue}
            </Button>
          </CardFooter>
        </Card>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t.booking.checkTitle}</CardTitle>
            <CardDescription>{t.dialogDescription}</CardDescription>
          </CardHeader>
          <CardContent>
            <ServiceAreaCheck serviceId={service?.id} />
          </CardContent>
        </Card>
      )}
    </section>
  );
}
