import { BellRing, Leaf, ShieldCheck, ThumbsUp } from "lucide-react";
import type { ComponentType, SVGProps } from "react";

import { BUSINESS } from "~/lib/business";

import { SectionHeading } from "./section-heading";

/** The claims of docs/product.md, section 1. */
const FIGURES = [
  { value: "6+", label: "années d'expérience" },
  { value: "10\u00a0000+", label: "clients satisfaits" },
  { value: "90\u00a0min", label: "en moyenne par véhicule" },
  { value: "100\u00a0%", label: "garantie qualité" },
] as const;

const PROMISES: { Icon: ComponentType<SVGProps<SVGSVGElement>>; title: string; text: string }[] = [
  {
    Icon: ThumbsUp,
    title: "Qualité et satisfaction garanties",
    text: "Nous faisons le tour du véhicule avec vous avant de partir. Un détail vous déplaît? Nous le reprenons sur place.",
  },
  {
    Icon: ShieldCheck,
    title: "Entièrement assurés",
    text: "Chaque intervention est couverte par une assurance responsabilité : votre véhicule et votre propriété sont protégés.",
  },
  {
    Icon: BellRing,
    title: "Ponctuels, avec avis préalable",
    text: "Nous arrivons à l'heure convenue et vous prévenons avant notre arrivée. Votre rendez-vous est confirmé par courriel ou texto.",
  },
  {
    Icon: Leaf,
    title: "Engagés pour le climat",
    text: "Une part de nos revenus est réinvestie dans des projets de réduction des émissions de CO₂.",
  },
];

/** The 'about' section: who we are, the figures of docs/product.md, section 1 and our four promises. */
export function AboutSection() {
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className="scroll-mt-24 border-y bg-card py-16 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4">
        <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
          <SectionHeading
            id="about-title"
            eyebrow="À propos"
            title="Le soin d'un atelier, le confort de chez vous"
          >
            <p>
              Depuis plus de 6 ans, {BUSINESS.name} lave les véhicules des Québécois là où ils se trouvent :
              dans l'entrée de la maison ou dans le stationnement du bureau. Nos équipes locales, formées à
              nos méthodes, traitent chaque voiture comme si c'était la leur.
            </p>
          </SectionHeading>
          <dl className="grid grid-cols-2 gap-4">
            {FIGURES.map(({ value, label }) => (
              <div
                key={label}
                className="flex flex-col-reverse gap-1 rounded-lg border bg-background p-5 text-center sm:p-6"
              >
                <dt className="text-sm text-muted-foreground">{label}</dt>
                <dd className="text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">{value}</dd>
              </div>
            ))}
          </dl>
        </div>

        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PROMISES.map(({ Icon, title, text }) => (
            <li key={title} className="rounded-lg border bg-background p-6">
              <span className="flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
