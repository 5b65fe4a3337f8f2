/** French text of the waiting list (ADR 046); composed into `messages.waitlist` by app/lib/messages.fr.ts. */
import { BUSINESS } from "../business";

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export const waitlistMessages = {
  form: {
    title: "Prévenez-moi quand vous desservirez mon secteur",
    intro:
      "Laissez votre courriel : nous vous écrirons une seule fois, dès qu'une équipe se déplacera chez vous.",
    email: "Courriel",
    emailPlaceholder: "vous@exemple.com",
    postalCode: "Code postal",
    postalCodePlaceholder: "J2S 1A1",
    consent: `J'accepte de recevoir un courriel de ${BUSINESS.name} quand le service arrivera dans mon secteur. Je peux me désabonner en tout temps.`,
    submit: "Me prévenir",
    submitting: "Envoi...",
    honeypot: "Ne remplissez pas ce champ",
  },
  done: {
    title: "C'est noté !",
    text: (postalCode: string) =>
      `Nous vous écrirons dès que nous desservirons le secteur ${postalCode}. Un seul courriel, promis.`,
    alreadyServed: (zone: string) =>
      `Bonne nouvelle : nous desservons déjà ce secteur (${zone}). Vous pouvez réserver dès maintenant.`,
    book: "Réserver",
  },
  errors: {
    postalCodeRequired: "Veuillez entrer un code postal.",
    postalCodeInvalid: "Code postal invalide. Exemple : J2S 1A1.",
    outsideQuebec: "Nous desservons uniquement le Québec : ce code postal est hors du Québec.",
    consentRequired: "Cochez la case pour que nous puissions vous écrire quand le service arrivera.",
    invalidFields: "Veuillez corriger les champs indiqués.",
    rateLimited: "Trop de demandes depuis votre connexion. Veuillez réessayer dans quelques minutes.",
    failed: "Votre demande n'a pas pu être enregistrée. Veuillez réessayer.",
  },
  page: {
    title: "Liste d'attente",
    description: "Soyez prévenu par courriel quand nos équipes de lavage mobile desserviront votre secteur.",
  },
  email: {
    hello: "Bonjour,",
    subject: (zone: string) => `Le lavage mobile arrive dans votre secteur : ${zone}`,
    intro: (postalCode: string, zone: string) =>
      `Vous nous aviez demandé de vous prévenir : nos équipes se déplacent maintenant au ${postalCode}, dans la zone de ${zone}.`,
    once: "C'est le seul courriel que nous vous envoyons à ce sujet.",
    book: "Réserver mon lavage",
  },
  admin: {
    title: "Liste d'attente",
    description:
      "Les personnes qui attendent le service dans un secteur non desservi. Chacune reçoit un seul courriel quand une zone active couvre son secteur.",
    byTown: "Par municipalité",
    byFsa: "Par secteur postal (3 caractères)",
    town: "Municipalité",
    fsa: "Secteur",
    waiting: "En attente",
    notified: "Prévenues",
    unknownTown: "Municipalité inconnue",
    empty: "Personne n'attend le service pour le moment.",
    total: (waiting: number, notified: number) =>
      `${plural(waiting, "personne en attente", "personnes en attente")} · ${plural(notified, "déjà prévenue", "déjà prévenues")}`,
  },
} as const;
