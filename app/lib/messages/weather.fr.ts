import { BUSINESS } from "../business";

/** A day moved in one go for the weather (issue 32 item 8, ADR 090): the franchisee, the customer. */
export const weatherMessages = {
  nav: "Journées reportées",
  reasons: { rain: "Pluie", ice: "Verglas", watering_ban: "Interdiction d'arrosage" },
  /** The reason inside a sentence: « à cause de la pluie ». */
  because: {
    rain: "à cause de la pluie",
    ice: "à cause du verglas",
    watering_ban: "à cause d'une interdiction d'arrosage",
  },
  form: {
    metaTitle: "Reporter une journée (météo) | Lavage Mobile Prestige",
    title: "Reporter une journée",
    description:
      "Pluie, verglas ou interdiction d'arrosage : chaque client de la période reçoit un seul message avec un lien pour choisir une nouvelle heure. Son rendez-vous reste en place jusqu'à son choix, sans frais ni pénalité.",
    zone: "Zone",
    date: "Jour",
    from: "De (facultatif)",
    to: "À (facultatif)",
    wholeDay: "Laissez les heures vides pour toute la journée.",
    reason: "Raison",
    submit: "Prévenir les clients",
    confirm: (n: number) =>
      n <= 1 ? "Prévenir le client de cette période ?" : `Prévenir les ${n} clients de cette période ?`,
    zoneRequired: "Choisissez une zone.",
    dateRequired: "Choisissez un jour.",
    timeInvalid: "Heure invalide (HH:MM).",
    order: "L'heure de fin doit suivre l'heure de début.",
    reasonRequired: "Choisissez une raison.",
    done: (told: number, already: number) =>
      `${told <= 1 ? `${told} client prévenu` : `${told} clients prévenus`}${
        already > 0 ? ` (${already} l'étai${already <= 1 ? "t" : "ent"} déjà)` : ""
      }.`,
    none: "Aucun rendez-vous à venir dans cette période.",
    error: "Impossible de reporter cette période. Réessayez.",
    noZone: "Aucune zone à votre nom.",
  },
  list: {
    title: "Journées reportées",
    empty: "Aucune journée reportée pour l'instant.",
    window: (day: string, from: string, to: string) => `${day}, de ${from} à ${to}`,
    counts: (rebooked: number, total: number) => `${rebooked} sur ${total} ont choisi une nouvelle heure`,
    customer: "Client",
    was: "Prévu",
    state: "Nouvelle heure",
    rebooked: (when: string) => `Reporté au ${when}`,
    waiting: "En attente du choix du client",
    cancelled: "Annulé par le client",
  },
  schedule: {
    waiting: (reason: string) => `${reason} : en attente d'une nouvelle heure`,
    rebooked: (reason: string) => `${reason} : nouvelle heure choisie`,
    link: "Journées reportées (météo)",
  },
  customer: {
    subject: (date: string) => `Votre lavage du ${date} est à reporter`,
    text: (because: string, when: string) =>
      `Nous devons reporter votre lavage du ${when} ${because}. Choisissez une nouvelle heure avec le lien ci-dessous : votre rendez-vous reste réservé jusqu'à votre choix, sans aucuns frais, et votre dépôt, s'il y a lieu, vaut pour la nouvelle heure.`,
    button: "Choisir une nouvelle heure",
    sms: (because: string, when: string) =>
      `${BUSINESS.name} : nous devons reporter votre lavage du ${when} ${because}. Choisissez une nouvelle heure avec le lien reçu par courriel, sans frais.`,
    banner: (because: string) =>
      `Votre lavage doit être reporté ${because}. Choisissez une nouvelle heure ci-dessous : aucuns frais, votre rendez-vous reste réservé jusqu'à votre choix.`,
  },
} as const;
