import { CalendarPlus, Check, Clock } from "lucide-react";
import { useId } from "react";

import { StartBookingLink } from "~/components/layout/start-booking-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { BUSINESS } from "~/lib/business";
import { formatMoney } from "~/lib/format";

import { SectionHeading } from "./section-heading";

export interface HomeService {
  id: string;
  name: string;
  description: string;
  basePriceCents: number;
  durationMinutes: number;
}

const INCLUDED = [
  "Aucuns frais de déplacement : le prix affiché est le prix payé, avant taxes",
  "Jusqu'à 3 véhicules au même rendez-vous",
  "Confirmation et rappel par courriel ou texto",
] as const;

function ServiceCard({ service }: { service: HomeService }) {
  const titleId = useId();
  return (
    <Card className="h-full border-primary/30 shadow-md">
      <CardHeader>
        <CardTitle as="h3" id={titleId} className="text-2xl">
          {service.name}
        </CardTitle>
        <CardDescription className="text-base leading-7">{service.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-4xl font-extrabold tracking-tight">
            {formatMoney(service.basePriceCents)}
          </span>
          <span className="text-muted-foreground">par véhicule</span>
        </p>
        <p className="text-sm text-muted-foreground">Taxes en sus (TPS et TVQ)</p>
        <p className="mt-2 flex items-center gap-2 text-sm">
          <Clock aria-hidden="true" className="size-4 text-primary" />
          Environ {service.durationMinutes} minutes par véhicule
        </p>
      </CardContent>
      <CardFooter className="mt-auto">
        <Button asChild size="lg" className="w-full">
          <StartBookingLink role="button" aria-describedby={titleId}>
            <CalendarPlus aria-hidden="true" />
            Réserver
          </StartBookingLink>
        </Button>
      </CardFooter>
    </Card>
  );
}

/** The 'services' section: the washes on sale, from the database, with their price and duration. */
export function ServicesSection({ services }: { services: HomeService[] }) {
  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-24 py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 lg:grid-cols-[1fr_1.1fr] lg:gap-16">
        <div>
          <SectionHeading id="services-title" eyebrow="Services" title="Un forfait complet, un prix clair">
            <p>
              Un seul rendez-vous pour tout faire : l'extérieur lavé à la main, l'intérieur nettoyé à fond,
              les vitres, les jantes et les pneus. Nous arrivons avec tout le nécessaire; vous n'avez qu'à
              nous confier les clés.
            </p>
          </SectionHeading>
          <ul className="mt-8 grid gap-3">
            {INCLUDED.map((item) => (
              <li key={item} className="flex gap-3">
                <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>

        {services.length > 0 ? (
          <ul className="grid gap-6">
            {services.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border bg-card p-6 text-card-foreground">
            Nos forfaits sont en cours de mise à jour. Appelez-nous au{" "}
            <a
              href={`tel:${BUSINESS.phoneHref}`}
              className="font-semibold text-primary underline underline-offset-4"
            >
              {BUSINESS.phone}
            </a>{" "}
            pour réserver.
          </p>
        )}
      </div>
    </section>
  );
}
