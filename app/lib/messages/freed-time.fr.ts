import { BUSINESS } from "../business";

/**
 * « Prévenez-moi si une heure se libère » (ADR 091): the time step's request form, its e-mail,
 * the stop page. Imported as `freedTimeMessages` where used.
 */
export const freedTimeMessages = {
  toggle: "Aucune heure ne vous convient ?",
  title: "Prévenez-moi si une heure se libère",
  intro: (cars: string, zone: string) =>
    `Si une réservation est annulée un des jours choisis (${cars}, ${zone}), nous vous écrivons une fois par heure libérée. Premier arrivé, premier servi.`,
  email: "Adresse courriel",
  daysLegend: "Jours qui vous conviennent (14 prochains jours)",
  submit: "Me prévenir",
  success: (days: number, texto = false) =>
    `C'est noté. Nous vous écrirons${texto ? " et vous enverrons un texto" : ""} si une heure se libère ${days === 1 ? "ce jour-là" : `l'un de ces ${days} jours`}. Chaque courriel contient un lien pour arrêter.${texto ? " Pour les textos, répondez STOP." : ""}`,
  phone: "Cellulaire (facultatif)",
  phoneHint: "Seulement si vous voulez aussi être prévenu par texto.",
  smsConsent: "Me prévenir aussi par texto pour cette demande",
  smsConsentHint:
    "Un texto par heure libérée, jusqu'au dernier jour choisi. Ce n'est pas une inscription aux offres : répondez STOP pour arrêter.",
  errors: {
    phoneForSms: "Entrez votre cellulaire pour être prévenu par texto.",
    daysRequired: "Choisissez au moins un jour.",
    dayInvalid: "Choisissez des jours parmi les 14 prochains.",
  },
  /** The offer by SMS (ADR 091, amended): when, zone, the wizard's link, the stop link. */
  sms: (when: string, zone: string, bookUrl: string, stopUrl: string) =>
    `${BUSINESS.name} : une heure s'est libérée le ${when} à ${zone}. Premier arrivé, premier servi : ${bookUrl} Arrêter ma demande : ${stopUrl} ou répondez STOP.`,
  email_: {
    subject: (when: string) => `Une heure s'est libérée : ${when}`,
    hello: "Bonjour,",
    intro: (when: string, zone: string) =>
      `Une réservation vient d'être annulée : le ${when} est libre à ${zone}. Vous aviez demandé à être prévenu.`,
    book: "Réserver cette heure",
    first:
      "Premier arrivé, premier servi : si quelqu'un l'a réservée avant vous, la page vous proposera les heures les plus proches.",
    stopText: "Vous ne voulez plus de ces courriels ? Arrêtez votre demande :",
    stop: "Arrêter ma demande",
  },
  stop: {
    title: "Arrêter ma demande",
    metaTitle: `Arrêter ma demande | ${BUSINESS.name}`,
    intro: "Ne plus recevoir de courriel quand une heure se libère, pour cette demande ?",
    submit: "Arrêter ma demande",
    done: "Demande arrêtée",
    doneText: "Vous ne recevrez plus de courriel pour les heures libérées de cette demande.",
    invalid: "Lien invalide",
    invalidText: "Ce lien est incomplet ou a été modifié.",
    home: "Retour à l'accueil",
  },
  /** « Heures libérées »: the admin's network view and the franchisee's zones (ADR 091, amended). */
  demand: {
    nav: "Heures libérées",
    title: "Heures libérées",
    metaTitle: "Heures libérées | Lavage Mobile Prestige",
    introAdmin:
      "Les demandes « Prévenez-moi si une heure se libère » encore ouvertes et les offres envoyées après une annulation, dans tout le réseau. Des nombres seulement : ni courriel ni téléphone.",
    introFranchisee:
      "Les demandes « Prévenez-moi si une heure se libère » encore ouvertes dans vos zones et les offres envoyées après une annulation. Des nombres seulement : ni courriel ni téléphone.",
    openRequests: "Demandes ouvertes",
    withSms: "Dont avec texto",
    offersSent: "Offres envoyées (7 jours)",
    requestsTitle: "Demandes ouvertes par jour voulu",
    offersTitle: "Offres envoyées par jour",
    noRequests: "Aucune demande ouverte.",
    noOffers: "Aucune offre envoyée ces 7 derniers jours.",
    zone: "Zone",
    day: "Jour",
    count: "Nombre",
    kept: "Les demandes sont supprimées après leur dernier jour voulu et les offres après 7 jours.",
  },
} as const;
