import { LEGAL_LAST_UPDATED, LegalPage } from "~/components/legal/legal-page";
import { BUSINESS } from "~/lib/business";
import { originFrom, seoMeta } from "~/lib/seo";
import { PRIVACY_SECTIONS } from "~/components/legal/privacy-sections";
import type { Route } from "./+types/privacy-policy";

const TITLE = "Politique de confidentialité";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: TITLE,
    description: `Comment ${BUSINESS.name} recueille, utilise, communique, conserve et protège vos renseignements personnels, et comment exercer vos droits selon la loi québécoise (Loi 25).`,
    path: "/privacy-policy",
    origin: originFrom(matches),
  });

export default function PrivacyPolicy() {
  return (
    <LegalPage
      title={TITLE}
      updatedAt={LEGAL_LAST_UPDATED}
      sections={PRIVACY_SECTIONS}
      intro={
        <p>
          {BUSINESS.name} («&nbsp;nous&nbsp;») exploite le site Web et la plateforme de réservation de lavage
          automobile mobile offerts au Québec par l'entremise de franchisés indépendants. Nous accordons une
          grande importance à la protection de vos renseignements personnels. La présente politique explique
          quels renseignements nous recueillons, pourquoi, avec qui nous les communiquons, combien de temps
          nous les conservons et comment exercer vos droits, conformément à la Loi sur la protection des
          renseignements personnels dans le secteur privé (RLRQ, c. P-39.1), modifiée par la Loi 25, et aux
          lois fédérales applicables.
        </p>
      }
    />
  );
}
