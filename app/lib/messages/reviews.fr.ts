import { formatNumber } from "~/lib/format";
import { BUSINESS } from "../business";

/** Customer reviews (ADR 049): the request, the review page, the public sections, moderation. */
export const reviewsMessages = {
  policy: {
    title: "Règles de publication",
    intro:
      "Tous les avis sont publiés, positifs comme négatifs. Un avis est masqué seulement s'il contient :",
    reasons: {
      insult: "des propos injurieux, haineux ou menaçants",
      personal_data:
        "des renseignements personnels (numéro de téléphone, adresse, nom complet d'une autre personne…)",
      off_topic: "un contenu sans lien avec le service reçu (publicité, autre entreprise…)",
    },
    reasonLabels: {
      insult: "Propos injurieux",
      personal_data: "Renseignements personnels",
      off_topic: "Hors sujet",
    },
    never: "Un avis n'est jamais masqué parce qu'il est négatif.",
  },
  email: {
    subject: "Comment s'est passé votre lavage ?",
    hello: (name: string) => `Bonjour ${name},`,
    intro: (date: string) =>
      `Merci d'avoir fait laver votre véhicule par notre équipe le ${date}. Votre avis, positif ou négatif, aide les prochains clients et nous aide à nous améliorer.`,
    button: "Donner mon avis",
    note: "Le lien vous est personnel. Vous pourrez modifier votre avis pendant 30 jours.",
  },
  sms: (url: string) =>
    `${BUSINESS.name} : merci pour votre lavage ! Votre avis en 1 minute : ${url} ARRET pour ne plus recevoir d'offres.`,
  page: {
    metaTitle: "Donner mon avis",
    title: "Votre avis sur votre lavage",
    intro: (date: string, service: string) => `${service}, le ${date}.`,
    invalidTitle: "Lien invalide",
    invalidText:
      "Ce lien d'avis n'est pas valide ou le lavage n'est pas encore terminé. Utilisez le lien reçu par courriel ou passez par votre espace client.",
    rating: "Votre note",
    ratingHint: "De 1 (très insatisfait) à 5 (très satisfait).",
    star: (n: number) => (n === 1 ? "1 étoile" : `${n} étoiles`),
    comment: "Votre commentaire",
    commentHint: "Facultatif, 2 000 caractères au plus.",
    displayName: "Nom affiché",
    displayNameHint: "Par défaut, votre prénom et l'initiale de votre nom.",
    consent: "J'accepte que mon avis soit publié sur le site avec le nom affiché.",
    consentHint: "Sans votre accord, seule l'équipe lit votre avis.",
    submit: "Publier mon avis",
    update: "Modifier mon avis",
    saved: "Merci ! Votre avis est enregistré.",
    savedPublished: "Il est publié sur le site.",
    savedPrivate: "Il n'est pas publié (vous n'avez pas donné votre accord).",
    editableUntil: (date: string) => `Vous pouvez le modifier jusqu'au ${date}.`,
    locked: "Le délai de 30 jours pour modifier cet avis est passé.",
    hidden: (reason: string) => `Cet avis est masqué par l'administration : ${reason}.`,
    response: "Réponse de l'entreprise",
    home: "Retour à l'accueil",
  },
  errors: {
    rating: "Choisissez une note de 1 à 5 étoiles.",
    comment: "Le commentaire doit faire 2 000 caractères au plus.",
    displayName: "Indiquez le nom à afficher (60 caractères au plus).",
    reason: "Choisissez un motif parmi les règles de publication.",
    response: "Écrivez une réponse (2 000 caractères au plus).",
    tooLate: "Le délai de 30 jours pour modifier cet avis est passé.",
    alreadyAnswered: "Cet avis a déjà une réponse.",
    notFound: "Cet avis n'existe pas.",
  },
  section: {
    eyebrow: "Avis",
    title: "Ce que nos clients en disent",
    intro: "Les avis laissés par nos clients après leur lavage, tous publiés, positifs comme négatifs.",
    zoneIntro: (zone: string) => `Les avis laissés par nos clients de ${zone} après leur lavage.`,
    average: (average: string, count: number) => `${average} sur 5, d'après ${count} avis`,
    empty: "Aucun avis pour l'instant.",
    emptyInvite:
      "Nos premiers clients recevront une invitation à donner leur avis après leur lavage. Le vôtre pourrait être le premier !",
    book: "Réserver un lavage",
    response: "Réponse de l'entreprise",
    /** "4,5 étoiles sur 5": French plural from 2, the decimal comma. */
    rating: (stars: number) => `${formatNumber(stars, 1)} étoile${stars >= 2 ? "s" : ""} sur 5`,
    policyLink: "Nos règles de publication",
  },
  client: {
    give: "Donner mon avis",
    giveOf: (bookingId: string) => `Donner mon avis sur la réservation n° ${bookingId}`,
    edit: "Modifier mon avis",
    editOf: (bookingId: string) => `Modifier mon avis sur la réservation n° ${bookingId}`,
    given: (stars: number) => `Votre avis : ${stars} sur 5`,
  },
  franchisee: {
    nav: "Avis",
    title: "Avis des clients",
    intro: "Les avis sur vos lavages. Vous pouvez répondre une fois, publiquement, à chaque avis.",
    empty: "Aucun avis pour l'instant.",
    respond: "Répondre",
    responseLabel: "Votre réponse publique",
    responded: "Réponse publiée",
    notPublished: "Non publié (le client n'a pas donné son accord)",
    hiddenBadge: "Masqué",
  },
  admin: {
    nav: "Avis",
    title: "Avis",
    intro:
      "Tous les avis du réseau. Vous pouvez masquer un avis seulement s'il enfreint les règles de publication, jamais parce qu'il est négatif. Chaque action est consignée.",
    empty: "Aucun avis pour l'instant.",
    hide: "Masquer",
    restore: "Rétablir",
    reason: "Motif (règles de publication)",
    chooseReason: "Choisir un motif",
    hiddenDone: "Avis masqué",
    restoredDone: "Avis rétabli",
    hiddenInfo: (reason: string, who: string, when: string) => `Masqué (${reason}) par ${who} le ${when}`,
    log: "Historique",
  },
};
