import { LEGAL_LAST_UPDATED, LegalPage } from "~/components/legal/legal-page";
import { BUSINESS } from "~/lib/business";
import { originFrom, seoMeta } from "~/lib/seo";
import { TERMS_SECTIONS } from "~/components/legal/terms-sections";
import type { Route } from "./+types/terms";

const TITLE = "Conditions d'utilisation";

/** Served at /terms and /terms-and-conditions: both point search engines to /terms. */
export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: TITLE,
    description: `Conditions d'utilisation de ${BUSINESS.name} : réservations, annulation 24 heures à l'avance, prix avant TPS et TVQ, retours de produits, SMS, fidélité et droit applicable au Québec.`,
    path: "/terms",
    origin: originFrom(matches),
  });

export default function Terms() {
  return (
    <LegalPage
      title={TITLE}
      updatedAt={LEGAL_LAST_UPDATED}
      sections={TERMS_SECTIONS}
      intro={
        <p>
          Les présentes conditions d'utilisation régissent l'utilisation du site Web et de la plateforme de{" "}
          {BUSINESS.name}, ainsi que la réservation des services de lavage automobile mobile et l'achat de
          produits d'entretien en ligne. Veuillez les lire attentivement.
        </p>
      }
    />
  );
}
