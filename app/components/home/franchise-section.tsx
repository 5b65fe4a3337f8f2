import { ArrowRight, CalendarCheck, GraduationCap, MapPinned, Users } from "lucide-react";
import type { ComponentType, SVGProps } from "react";
import { Link } from "react-router";

import { Button } from "~/components/ui/button";

import { formatList } from "~/lib/format";

const BENEFITS: { Icon: ComponentType<SVGProps<SVGSVGElement>>; title: string; text: string }[] = [
  {
    Icon: MapPinned,
    title: "Un territoire à vous",
    text: "Vous desservez votre propre zone, dans un rayon d'environ 25 km autour de votre ville.",
  },
  {
    Icon: CalendarCheck,
    title: "Des clients dès le départ",
    text: "Les réservations en ligne de votre zone arrivent directement dans votre horaire.",
  },
  {
    Icon: GraduationCap,
    title: "Formation et produits",
    text: "Nos méthodes de lavage, des produits professionnels et un réapprovisionnement simple.",
  },
  {
    Icon: Users,
    title: "Votre équipe, vos disponibilités",
    text: "Vous gérez votre équipe et votre horaire depuis votre tableau de bord de partenaire.",
  },
];

/** The 'franchise' section: the pitch to future franchise partners, leading to /application. */
export function FranchiseSection({ openZones }: { openZones: string[] }) {
  return (
    <section
      id="franchise"
      aria-labelledby="franchise-title"
      className="scroll-mt-24 bg-primary py-16 text-primary-foreground sm:py-24"
    >
      <div className="mx-auto grid max-w-6xl gap-12 px-4 lg:grid-cols-[1fr_1.2fr] lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-wide uppercase">Franchise</p>
          <h2
            id="franchise-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Lancez votre entreprise de lavage mobile
          </h2>
          <p className="mt-4 text-lg leading-8">
            Vous aimez les belles voitures et le service à la clientèle? Devenez partenaire franchisé : vous
            profitez d'une marque reconnue, d'un système de réservation en ligne et du soutien d'une équipe
            qui a fait ses preuves.
          </p>
          {openZones.length > 0 ? (
            <p className="mt-4 leading-7 font-medium">
              {`Nous recherchons des partenaires à ${formatList(openZones)}.`}
            </p>
          ) : null}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button asChild size="lg" variant="secondary" className="h-12 px-7">
              <Link to="/application">
                Devenir partenaire
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <p className="text-sm">Candidature en ligne en 4&nbsp;étapes.</p>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {BENEFITS.map(({ Icon, title, text }) => (
            <li
              key={title}
              className="rounded-lg border border-primary-foreground/25 bg-primary-foreground/10 p-6"
            >
              <Icon aria-hidden="true" className="size-6" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
