/**
 * Recurring washes (issue 34, ADR 086): the manage page's card and the e-mails. Imported as
 * `recurringMessages` where used.
 */
const NBSP = "\u00a0";

export const recurringMessages = {
  title: "Lavage récurrent",
  offerTitle: "Un lavage qui revient tout seul",
  offerText: "Toutes les 2, 3, 4 ou 6 semaines, le même jour et à la même heure.",
  offerLink: "Rendre ce lavage récurrent",
  spaceLink: "Répéter ce lavage",
  intro:
    "Répétez ce lavage le même jour de la semaine, à la même heure, avec la même équipe si elle est libre.",
  intervalLabel: "Fréquence",
  interval: (weeks: number) => `Toutes les ${weeks} semaines`,
  start: "Activer la récurrence",
  startedToast: "Lavage récurrent activé.",
  rule: (weeks: number, weekday: string, time: string) =>
    `Toutes les ${weeks} semaines, le ${weekday} à ${time}.`,
  status: { active: "Active", paused: "En pause", ended: "Terminée" },
  statusBadge: (status: string) => `Récurrence${NBSP}: ${status}`,
  upcomingTitle: "Prochains lavages",
  noUpcoming: "Aucun autre lavage prévu pour le moment.",
  occurrence: {
    planned: "Sera réservé",
    placed: "Réservé",
    moved: "Réservé à une autre heure",
    skipped: "Sauté",
    unplaced: "Aucune heure libre",
    cancelled: "Annulé",
  },
  payByLink:
    "Votre carte enregistrée n'a pas pu être débitée. Payez avec le lien reçu par courriel, sinon l'heure sera libérée.",
  placedHint:
    "Chaque lavage est une vraie réservation, faite environ 8 semaines à l'avance. Vous recevez sa confirmation par courriel.",
  skip: "Sauter",
  skipLabel: (date: string) => `Sauter le lavage du ${date}`,
  skippedToast: (date: string) => `Le lavage du ${date} est sauté.`,
  move: "Déplacer",
  moveLabel: (date: string) => `Déplacer le lavage du ${date}`,
  pause: "Mettre en pause",
  pauseHint: `Par exemple pour l'hiver${NBSP}: les lavages réservés à plus de 24${NBSP}h sont annulés, rien n'est réservé jusqu'à la reprise.`,
  pausedToast: "Récurrence en pause.",
  resume: "Reprendre",
  resumedToast: "Récurrence reprise.",
  end: "Arrêter la récurrence",
  endTitle: `Arrêter la récurrence${NBSP}?`,
  endText: "Les lavages déjà réservés à plus de 24 h seront annulés. Ce rendez-vous-ci reste tel quel.",
  endConfirm: "Oui, arrêter",
  endKeep: "Garder la récurrence",
  endedToast: "Récurrence arrêtée.",
  pending: "Un instant…",
  errors: {
    notAllowed: "Cette réservation ne peut pas devenir récurrente.",
    tooLate: `Trop tard pour changer ce lavage en ligne (moins de 24${NBSP}h avant).`,
    intervalInvalid: "Choisissez une fréquence de 2, 3, 4 ou 6 semaines.",
    dateInvalid: "Date de lavage invalide.",
  },
  mail: {
    movedSubject: (date: string) => `Lavage récurrent du ${date}${NBSP}: nouvelle heure`,
    movedText: (planned: string, placed: string) =>
      `L'heure habituelle de votre lavage récurrent (${planned}) était déjà prise. Nous avons réservé l'heure libre la plus proche${NBSP}: ${placed}.`,
    movedNext:
      "Le courriel de confirmation de cette réservation contient le lien pour la déplacer ou l'annuler. Les lavages suivants gardent leur heure habituelle.",
    unplacedSubject: (date: string) => `Lavage récurrent du ${date}${NBSP}: aucune heure libre`,
    unplacedText: (planned: string) =>
      `Aucune heure n'était libre autour de votre lavage récurrent du ${planned}${NBSP}: ce lavage n'est pas réservé. Les suivants le seront comme d'habitude.`,
    unplacedBook: "Réserver une autre date",
  },
};
