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
  success: (days: number) =>
    `C'est noté. Nous vous écrirons si une heure se libère ${days === 1 ? "ce jour-là" : `l'un de ces ${days} jours`}. Chaque courriel contient un lien pour arrêter.`,
  errors: {
    daysRequired: "Choisissez au moins un jour.",
    dayInvalid: "Choisissez des jours parmi les 14 prochains.",
  },
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
} as const;
