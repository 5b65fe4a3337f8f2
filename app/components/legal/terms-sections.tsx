import { Link } from "react-router";
import { MailLink, PhoneLink } from "./business-contact-links";
import type { LegalSection } from "./legal-page";
import { BUSINESS } from "~/lib/business";

/** The sections of the terms of use, shown by routes/_site/terms.tsx. */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: "objet",
    title: "Objet et acceptation",
    content: (
      <>
        <p>Le site permet notamment&nbsp;:</p>
        <ul>
          <li>de vérifier si votre adresse se trouve dans une zone desservie&nbsp;;</li>
          <li>
            de réserver un lavage automobile mobile, à domicile ou au bureau, selon votre région et le nombre
            de véhicules (de 1 à 3)&nbsp;;
          </li>
          <li>de gérer vos rendez-vous et d'y ajouter des options&nbsp;;</li>
          <li>d'acheter des produits d'entretien en ligne&nbsp;;</li>
          <li>de participer au programme de fidélité depuis votre espace client&nbsp;;</li>
          <li>de nous joindre et de poser votre candidature pour devenir partenaire franchisé.</li>
        </ul>
        <p>
          En utilisant le site, en créant un compte, en réservant un service ou en achetant un produit, vous
          acceptez les présentes conditions. Si vous ne les acceptez pas, veuillez ne pas utiliser le site.
        </p>
        <p>
          Si vous êtes un consommateur, vous bénéficiez de la protection de la Loi sur la protection du
          consommateur (RLRQ, c. P-40.1). Aucune disposition des présentes conditions ne peut être interprétée
          comme limitant les droits que cette loi vous accorde.
        </p>
      </>
    ),
  },
  {
    id: "role-intermediaire",
    title: "Notre rôle d'intermédiaire",
    content: (
      <>
        <p>
          {BUSINESS.name} exploite la plateforme de réservation et agit comme intermédiaire entre vous et les
          franchisés indépendants qui réalisent les services de lavage dans chaque zone. Le service de lavage
          est fourni par le franchisé de la zone où se trouve votre véhicule.
        </p>
        <p>
          Dans toute la mesure permise par la loi, {BUSINESS.name} n'est pas responsable des actes, omissions
          ou fautes des franchisés, de leurs employés ou de leurs sous-traitants. Nous demeurons responsables
          de nos propres obligations&nbsp;: le fonctionnement de la plateforme, l'exactitude des
          renseignements que nous publions, la vente des produits d'entretien en ligne et la protection de vos
          renseignements personnels.
        </p>
        <p>
          Si un problème survient avec un service, écrivez-nous&nbsp;: nous le transmettrons au franchisé et
          nous vous aiderons à trouver une solution.
        </p>
      </>
    ),
  },
  {
    id: "franchises",
    title: "Les franchisés",
    content: (
      <>
        <p>
          Les franchisés sont des entités juridiques distinctes de {BUSINESS.name}. Ils ne sont ni ses
          employés, ni ses mandataires, ni ses représentants.
        </p>
        <p>Chaque franchisé est seul responsable&nbsp;:</p>
        <ul>
          <li>
            de ses propres activités, notamment la qualité du travail, son équipe, ses assurances et le
            respect des lois qui s'appliquent à lui&nbsp;;
          </li>
          <li>
            de son calendrier&nbsp;: c'est lui qui fixe les créneaux disponibles offerts sur le site et qui
            gère les disponibilités de son équipe&nbsp;;
          </li>
          <li>de ses paiements et de ses obligations financières.</li>
        </ul>
        <p>Sur demande, nous vous indiquons l'identité du franchisé qui réalise votre service.</p>
      </>
    ),
  },
  {
    id: "reservations",
    title: "Réservations et confirmations",
    content: (
      <>
        <p>
          Pour réserver, vous choisissez votre zone, le nombre de véhicules (de 1 à 3) et un créneau parmi
          ceux que le franchisé a rendus disponibles, puis vous indiquez votre nom, votre adresse courriel,
          votre numéro de téléphone et l'adresse du service, qui doit se trouver dans une zone desservie. Vous
          vous engagez à fournir des renseignements exacts.
        </p>
        <p>
          Votre rendez-vous est confirmé par courriel ou par SMS. La confirmation indique la date, l'heure, le
          service, le prix et un lien qui vous permet de gérer votre rendez-vous. Si vous ne la recevez pas
          dans les minutes qui suivent, vérifiez vos courriels indésirables ou communiquez avec nous.
        </p>
        <p>Un rappel vous est envoyé 24 heures avant le rendez-vous.</p>
        <p>
          Le jour du rendez-vous, assurez-vous que le véhicule est accessible et qu'il y a suffisamment
          d'espace autour pour travailler, et retirez-en vos objets de valeur. Si les conditions ne permettent
          pas de réaliser le service de façon sécuritaire (par exemple en raison des intempéries), le
          franchisé vous propose un nouveau rendez-vous, sans frais.
        </p>
      </>
    ),
  },
  {
    id: "annulation",
    title: "Annulation et modification d'un rendez-vous",
    content: (
      <>
        <p>
          Vous pouvez annuler ou reporter un rendez-vous au moins 24 heures avant l'heure prévue, sans frais,
          au moyen du lien figurant dans votre confirmation. Les sommes déjà versées pour un rendez-vous
          annulé dans ce délai vous sont remboursées en totalité.
        </p>
        <p>
          Moins de 24 heures avant le rendez-vous, l'annulation ou la modification n'est plus possible en
          ligne&nbsp;: appelez-nous au <PhoneLink />. Nous ferons notre possible, avec le franchisé, pour
          trouver une solution, mais une annulation tardive peut ne pas donner lieu à un remboursement.
        </p>
        <p>
          Si le franchisé doit lui-même annuler ou déplacer un rendez-vous, il vous en avise dès que possible
          et vous pouvez choisir un autre créneau ou obtenir le remboursement intégral des sommes versées.
        </p>
      </>
    ),
  },
  {
    id: "retard",
    title: "Retard",
    content: (
      <>
        <p>
          Si vous êtes en retard ou si le véhicule n'est pas disponible à l'heure prévue, le franchisé peut
          écourter le service afin de respecter les rendez-vous suivants, ou l'annuler, sans remboursement.
        </p>
        <p>De son côté, l'équipe du franchisé vous prévient à l'avance si elle prévoit arriver en retard.</p>
      </>
    ),
  },
  {
    id: "prix-et-taxes",
    title: "Prix et taxes",
    content: (
      <>
        <p>
          Les prix sont indiqués en dollars canadiens (CAD), avant taxes. La taxe sur les produits et services
          (TPS, 5&nbsp;%) et la taxe de vente du Québec (TVQ, 9,975&nbsp;%) sont ajoutées au moment du
          paiement et présentées sur des lignes distinctes.
        </p>
        <p>
          Le prix affiché comprend tous les autres frais&nbsp;: aucuns frais de déplacement, de réservation ou
          d'administration ne s'y ajoutent. Le prix d'un lavage dépend du service choisi, du nombre de
          véhicules et des options ajoutées&nbsp;; le prix applicable est celui qui figure dans votre
          confirmation. Conformément à la Loi sur la protection du consommateur, aucun prix supérieur au prix
          annoncé ne peut vous être exigé.
        </p>
      </>
    ),
  },
  {
    id: "paiement",
    title: "Paiement",
    content: (
      <>
        <p>
          Les paiements en ligne sont traités de façon sécurisée par un fournisseur de paiement par carte ou
          par le service de paiement de la plateforme de commerce électronique de notre boutique. Nous ne
          recevons ni ne conservons le numéro complet de votre carte.
        </p>
        <p>
          Le moment du paiement et les moyens acceptés vous sont indiqués avant que vous confirmiez votre
          réservation ou votre commande. Les remboursements sont faits par le même moyen de paiement que celui
          utilisé pour l'achat.
        </p>
      </>
    ),
  },
  {
    id: "produits-et-retours",
    title: "Produits d'entretien et retours",
    content: (
      <>
        <p>
          Nous vendons en ligne des produits d'entretien pour véhicules. Leur description, leur prix et leur
          disponibilité sont indiqués sur le site au moment de la commande.
        </p>
        <ul>
          <li>
            Vous pouvez retourner un produit dans les 14 jours suivant sa réception, à condition qu'il soit
            inutilisé et non ouvert, dans son emballage d'origine. Écrivez-nous d'abord à{" "}
            <MailLink email={BUSINESS.email} /> pour obtenir les instructions de retour.
          </li>
          <li>
            Les frais de retour sont à votre charge, sauf si le produit est défectueux ou non conforme à la
            commande&nbsp;: nous assumons alors les frais de retour et nous remplaçons ou remboursons le
            produit, à votre choix.
          </li>
          <li>
            Le remboursement, taxes comprises, est fait dans les 15 jours suivant la réception du produit
            retourné.
          </li>
        </ul>
        <p>
          Ces conditions s'ajoutent aux garanties légales de qualité et de durabilité prévues par la Loi sur
          la protection du consommateur et aux droits de résolution qu'elle accorde pour les contrats conclus
          à distance&nbsp;; elles ne les limitent pas.
        </p>
      </>
    ),
  },
  {
    id: "fidelite",
    title: "Programme de fidélité",
    content: (
      <>
        <p>
          Les titulaires d'un compte client accumulent des points&nbsp;: 100 points de bienvenue à l'ouverture
          du compte, puis 50 points pour chaque rendez-vous réalisé, crédités lorsque le franchisé indique que
          le service est terminé. Un rendez-vous annulé ne donne droit à aucun point.
        </p>
        <p>
          Les points peuvent être échangés contre les récompenses offertes dans votre espace client. Ils n'ont
          aucune valeur monétaire&nbsp;: ils ne peuvent être ni échangés contre de l'argent, ni vendus, ni
          transférés. Ils sont perdus à la suppression du compte.
        </p>
        <p>
          Nous pouvons modifier le programme moyennant un préavis de 30 jours&nbsp;; les récompenses déjà
          échangées sont honorées.
        </p>
      </>
    ),
  },
  {
    id: "sms",
    title: "Messages texte (SMS) et courriels",
    content: (
      <>
        <h3>Messages transactionnels</h3>
        <p>
          Les confirmations, le rappel envoyé 24 heures avant le rendez-vous et les avis de modification sont
          envoyés par courriel ou par SMS aux coordonnées que vous nous fournissez. Ces messages
          transactionnels continuent d'être envoyés tant que vous avez une réservation active, même si vous
          vous êtes désabonné des messages promotionnels.
        </p>
        <h3>Messages promotionnels</h3>
        <ul>
          <li>
            Le consentement aux SMS promotionnels est facultatif&nbsp;: il n'est pas une condition pour
            obtenir un service ou acheter un produit, et la case de consentement n'est jamais cochée d'avance.
          </li>
          <li>Nous envoyons au plus 4 SMS promotionnels par mois.</li>
          <li>
            Chaque message promotionnel identifie {BUSINESS.name} comme expéditeur et comprend un moyen de
            désabonnement fonctionnel.
          </li>
          <li>
            Un achat ou une réservation vaut consentement tacite aux messages commerciaux pendant 2 ans, au
            sens de la Loi canadienne anti-pourriel&nbsp;; vous pouvez le retirer en tout temps.
          </li>
        </ul>
        <h3>Mots-clés</h3>
        <p>Répondez à l'un de nos SMS par&nbsp;:</p>
        <ul>
          <li>
            <strong>STOP</strong> ou <strong>ARRET</strong> pour vous désabonner des SMS&nbsp;;
          </li>
          <li>
            <strong>HELP</strong>, <strong>AIDE</strong> ou <strong>INFO</strong> pour obtenir de
            l'aide&nbsp;;
          </li>
          <li>
            <strong>START</strong> pour vous réabonner.
          </li>
        </ul>
        <p>
          Des frais de messagerie texte et de données de votre fournisseur de services sans fil peuvent
          s'appliquer. Pour les courriels promotionnels, utilisez le lien de désabonnement présent dans chaque
          message.
        </p>
      </>
    ),
  },
  {
    id: "compte-et-age",
    title: "Compte et âge minimal",
    content: (
      <>
        <p>
          Vous devez avoir au moins 13 ans pour utiliser le site ou créer un compte. Les réservations et les
          achats doivent être faits par une personne majeure ou avec l'autorisation du titulaire de l'autorité
          parentale.
        </p>
        <p>
          Vous êtes responsable de la confidentialité de votre mot de passe et des activités effectuées avec
          votre compte. Avisez-nous sans délai de toute utilisation non autorisée.
        </p>
        <p>
          Vous vous engagez à utiliser le site de manière légale, à ne pas effectuer de fausses réservations,
          à ne pas nuire à son fonctionnement et à ne pas en extraire le contenu de façon automatisée. Nous
          pouvons suspendre un compte utilisé de manière frauduleuse ou abusive.
        </p>
      </>
    ),
  },
  {
    id: "propriete-intellectuelle",
    title: "Propriété intellectuelle",
    content: (
      <>
        <p>
          Les textes, photos, logos, marques, éléments graphiques et logiciels du site appartiennent à{" "}
          {BUSINESS.name} ou à ses concédants de licence. Vous pouvez les consulter pour votre usage personnel
          et non commercial&nbsp;; toute autre reproduction ou utilisation nécessite notre autorisation
          écrite.
        </p>
        <p>
          Certaines données géographiques proviennent de GeoNames, sous licence CC BY 4.0&nbsp;: voir la
          section «&nbsp;Sources des données géographiques&nbsp;» de notre{" "}
          <Link to="/privacy-policy">politique de confidentialité</Link>.
        </p>
        <p>
          Si vous nous transmettez un avis sur un service, vous nous autorisez, avec votre accord, à le
          publier sur le site avec votre prénom et votre ville.
        </p>
      </>
    ),
  },
  {
    id: "responsabilite",
    title: "Limitation de responsabilité",
    content: (
      <>
        <p>
          <strong>
            Si vous êtes un consommateur, certaines des limitations ci-dessous peuvent ne pas s'appliquer à
            vous.
          </strong>{" "}
          Rien dans les présentes conditions n'exclut ni ne limite une responsabilité ou une garantie que la
          Loi sur la protection du consommateur ou le Code civil du Québec ne permettent pas d'exclure ou de
          limiter.
        </p>
        <p>Sous cette réserve, et dans toute la mesure permise par la loi&nbsp;:</p>
        <ul>
          <li>
            {BUSINESS.name}, à titre d'intermédiaire, n'est pas responsable des actes ou omissions des
            franchisés&nbsp;;
          </li>
          <li>
            le site est offert tel quel&nbsp;; nous ne garantissons pas qu'il sera disponible sans
            interruption, par exemple pendant une maintenance&nbsp;;
          </li>
          <li>
            nous ne sommes pas responsables des dommages indirects, ni des sites de tiers vers lesquels le
            site renvoie&nbsp;;
          </li>
          <li>
            nous ne sommes pas responsables d'un manquement causé par une force majeure, au sens du Code civil
            du Québec.
          </li>
        </ul>
        <p>
          Si vous constatez un dommage après un service, nous vous invitons à le signaler au franchisé et à
          nous-mêmes dans les meilleurs délais, idéalement dans les 48 heures et photos à l'appui, afin de
          faciliter le traitement de votre réclamation.
        </p>
      </>
    ),
  },
  {
    id: "droit-applicable",
    title: "Droit applicable et tribunaux compétents",
    content: (
      <>
        <p>
          Les présentes conditions sont régies par les lois du Québec et par les lois fédérales du Canada qui
          s'y appliquent.
        </p>
        <p>
          Sous réserve des règles d'ordre public qui permettent au consommateur d'intenter un recours devant
          le tribunal de son domicile, tout litige relatif aux présentes conditions relève des tribunaux du
          district judiciaire de Bedford, au Québec. Selon le montant en litige, vous pouvez vous adresser à
          la Division des petites créances de la Cour du Québec. Aucune clause des présentes ne vous oblige à
          soumettre un litige à l'arbitrage.
        </p>
        <p>
          Avant tout recours, nous vous invitons à communiquer avec nous afin de chercher ensemble un
          règlement à l'amiable.
        </p>
      </>
    ),
  },
  {
    id: "modifications",
    title: "Modifications des conditions",
    content: (
      <>
        <p>
          Nous pouvons modifier les présentes conditions. La version en vigueur au moment d'une réservation ou
          d'un achat s'applique à cette réservation ou à cet achat. La date de la dernière mise à jour figure
          en haut de la page.
        </p>
        <p>
          Si vous avez un compte client, nous vous transmettrons par courriel, au moins 30 jours avant son
          entrée en vigueur, un avis présentant toute modification importante&nbsp;; vous pourrez alors la
          refuser et fermer votre compte sans frais.
        </p>
        <p>
          Si une disposition des présentes conditions est jugée invalide, les autres demeurent en vigueur. Le
          fait de ne pas exercer un droit ne constitue pas une renonciation à ce droit.
        </p>
      </>
    ),
  },
  {
    id: "nous-joindre",
    title: "Nous joindre",
    content: (
      <>
        <p>
          Pour toute question au sujet des présentes conditions, de vos rendez-vous ou de vos commandes&nbsp;:
        </p>
        <dl className="rounded-lg border border-border bg-card p-5 text-card-foreground">
          <dt>Entreprise</dt>
          <dd>{BUSINESS.name}</dd>
          <dt>Courriel</dt>
          <dd>
            <MailLink email={BUSINESS.email} />
          </dd>
          <dt>Téléphone</dt>
          <dd>
            <PhoneLink />
          </dd>
          <dt>Adresse postale</dt>
          <dd>
            <address className="not-italic">{BUSINESS.postalAddress}</address>
          </dd>
        </dl>
        <p>
          Pour les questions relatives à vos renseignements personnels, consultez notre{" "}
          <Link to="/privacy-policy">politique de confidentialité</Link>.
        </p>
      </>
    ),
  },
];
