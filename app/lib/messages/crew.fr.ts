import { BUSINESS } from "../business";

/** The crew's app ("Ma journée", issue 32) and the franchisee's crew invitations (ADR 077, 078). */
export const crewMessages = {
  invite: {
    notInvited: "Pas encore d'accès à l'application de l'équipe.",
    invited: "Invitation envoyée à l'application de l'équipe.",
    invite: "Inviter à l'application",
    resend: "Renvoyer l'invitation",
    inviteLabel: (name: string) => `Inviter à l'application : ${name}`,
    resendLabel: (name: string) => `Renvoyer l'invitation de ${name}`,
    sent: "Invitation envoyée : le membre choisira son mot de passe avec le lien reçu par courriel.",
    notSent: "Le compte est prêt, mais le courriel d'invitation n'a pas pu partir. Réessayez plus tard.",
    error: "Impossible d'envoyer l'invitation.",
    emailExists:
      "Cette adresse courriel a déjà un compte (client, partenaire ou autre membre) : inscrivez une autre adresse pour ce membre.",
  },
  app: {
    name: "Ma journée · Lavage Mobile Prestige",
    shortName: "Ma journée",
    description: "La journée de l'équipe : arrêts, trajets, clients et statuts.",
    offline: (day: string, time: string) => `Hors ligne — données du ${day} à ${time}`,
    offlineHint: "Les statuts et les changements attendront le retour du réseau.",
    map: "Carte de la journée",
  },
  noMember: "Votre accès à l'application de l'équipe a été retiré. Parlez-en à votre partenaire.",
  day: {
    metaTitle: "Ma journée | Lavage Mobile Prestige",
    title: "Ma journée",
    hello: (firstName: string) => `Bonjour ${firstName}`,
    empty: "Aucun rendez-vous ce jour-là.",
    previousDay: "Jour précédent",
    nextDay: "Jour suivant",
    today: "Aujourd'hui",
    period: "Choisir le jour",
    stops: (n: number) => (n <= 1 ? `${n} arrêt` : `${n} arrêts`),
    totalDrive: (text: string) => `${text} de route`,
    fromBase: (text: string, base: string) => `${text} de route depuis ${base}`,
    fromPrevious: (text: string) => `${text} de route depuis l'arrêt précédent`,
    unknownDrive: "Temps de route inconnu (adresse non localisée)",
    late: (minutes: number) => `En retard de ${minutes} min sur l'horaire`,
    directions: "Itinéraire",
    directionsLabel: (address: string) => `Itinéraire vers ${address}`,
    call: "Appeler",
    callLabel: (name: string) => `Appeler ${name}`,
    text: "Texto",
    textLabel: (name: string) => `Envoyer un texto à ${name}`,
    cars: (n: number) => (n <= 1 ? "1 véhicule" : `${n} véhicules`),
    extras: "Extras",
    noExtras: "Aucun extra",
    notes: "Note du client",
    estimateNote: "Temps de route estimés, selon le modèle de trajets de l'entreprise.",
    completed: "Terminé",
  },
  status: {
    title: "Avancement",
    steps: { en_route: "En route", arrived: "Arrivé", started: "Commencé", finished: "Terminé" },
    done: (label: string, time: string) => `${label} à ${time}`,
    eta: (time: string) => `Arrivée prévue vers ${time}`,
    saved: (label: string) => `Statut enregistré : ${label}.`,
    unchanged: "Ce statut était déjà enregistré.",
    error: "Impossible d'enregistrer le statut. Réessayez.",
    notFound: "Ce rendez-vous n'est pas dans votre journée.",
    notChangeable: "Ce rendez-vous a été annulé ou n'a plus lieu.",
    usePosition: "Utiliser ma position pour l'heure d'arrivée",
    mark: (label: string, name: string) => `${label} : ${name}`,
    backwards: "Ce statut est déjà dépassé : l'étape suivante a été enregistrée.",
    notStarted: "« Terminé » n'est possible qu'à partir de l'heure du rendez-vous.",
    sending: "Envoi…",
    /** A tap made offline, kept on the phone until the network is back (ADR 088). */
    queued: "en attente",
    queuedNote: (n: number) =>
      n <= 1
        ? "Hors ligne : 1 statut en attente, envoyé dès le retour du réseau."
        : `Hors ligne : ${n} statuts en attente, envoyés dès le retour du réseau.`,
    queuedSent: "Statut en attente envoyé.",
    noQueue: "Hors ligne : ce téléphone ne peut pas garder le statut. Réessayez avec du réseau.",
    lateNext: (name: string, time: string) => `Retard : ${name} a été prévenu(e) d'une arrivée vers ${time}.`,
  },
  /** What the customer gets (SMS and e-mail, ADR 078). */
  customer: {
    enRouteSms: (time: string | null) =>
      time
        ? `${BUSINESS.name} : notre équipe est en route, arrivée prévue vers ${time}. Info : ${BUSINESS.phone}.`
        : `${BUSINESS.name} : notre équipe est en route vers chez vous. Info : ${BUSINESS.phone}.`,
    lateSms: (time: string) =>
      `${BUSINESS.name} : notre équipe a du retard, nouvelle heure d'arrivée prévue vers ${time}. Désolés! Info : ${BUSINESS.phone}.`,
    enRouteSubject: (time: string | null) =>
      time ? `Notre équipe est en route : arrivée vers ${time}` : "Notre équipe est en route",
    lateSubject: (time: string) => `Nouvelle heure d'arrivée : vers ${time}`,
    enRouteText: (time: string | null, address: string) =>
      time
        ? `Notre équipe vient de partir vers ${address}. Arrivée prévue vers ${time}, selon la route.`
        : `Notre équipe vient de partir vers ${address}.`,
    lateText: (time: string, start: string) =>
      `Notre équipe a pris du retard sur l'arrêt précédent. Prévu à ${start}, votre lavage commencera vers ${time}. Merci de votre patience.`,
    questions: `Une question? Appelez-nous au ${BUSINESS.phone}.`,
  },
  schedule: {
    status: "Statut de l'équipe",
    late: (time: string, minutes: number) => `En retard : arrivée prévue vers ${time} (${minutes} min)`,
    lateShort: (minutes: number) => `Retard ${minutes} min`,
    historyTitle: "Statuts de l'équipe",
    historyItem: (label: string, name: string) => `${label} · ${name}`,
    eta: (time: string) => `arrivée annoncée vers ${time}`,
  },
} as const;
