import { BUSINESS } from "../business";

/**
 * The checklist, the before/after photos and the wash report (issue 32, items 4 to 6, ADR 088):
 * the crew's stop page, the admin's checklist editor, the customer's report.
 */
export const jobReportMessages = {
  stop: {
    metaTitle: "Arrêt | Lavage Mobile Prestige",
    back: "Ma journée",
    open: "Liste et photos",
    openLabel: (name: string) => `Liste de vérification et photos : ${name}`,
    cars: (n: number) => (n <= 1 ? "1 véhicule" : `${n} véhicules`),
    ready: "Tout est prêt pour « Terminé ».",
    missingSteps: (n: number) =>
      n <= 1 ? "1 étape obligatoire à cocher." : `${n} étapes obligatoires à cocher.`,
    missingPhotos: (kind: string, cars: string) => `Photo « ${kind} » manquante : ${cars}.`,
    reportIncomplete:
      "« Terminé » demande les étapes obligatoires cochées et une photo avant et après de chaque véhicule.",
    completed: "Lavage terminé : le rapport est parti au client.",
  },
  checklist: {
    title: "Liste de vérification",
    empty: "Aucune étape pour ce service.",
    required: "obligatoire",
    optional: "facultative",
    error: "Impossible d'enregistrer la case. Réessayez.",
    progress: (done: number, total: number) => `${done} sur ${total} cochées`,
  },
  photos: {
    title: "Photos avant et après",
    car: (n: number) => `Véhicule ${n}`,
    kinds: { before: "Avant", after: "Après" },
    take: (kind: string) => `Photo ${kind.toLowerCase()}`,
    takeLabel: (kind: string, car: number) => `Prendre une photo ${kind.toLowerCase()} du véhicule ${car}`,
    none: "Aucune photo.",
    alt: (kind: string, car: number) => `Photo ${kind.toLowerCase()}, véhicule ${car}`,
    pending: (n: number) => (n <= 1 ? `${n} photo en attente` : `${n} photos en attente`),
    pendingNote: "Elles partiront dès que le réseau le permettra. Gardez l'application ouverte.",
    sending: "Envoi en cours…",
    sent: "Photos envoyées.",
    refused: "Une photo a été refusée (format ou taille) : reprenez-la.",
    tooMany: "Trop de photos pour ce véhicule.",
    noStorage: "Ce téléphone ne peut pas garder les photos hors ligne : elles sont envoyées tout de suite.",
    submit: "Envoyer la photo",
    pickFile: "Choisir la photo",
  },
  /** The customer's wash report (e-mail and SMS). */
  report: {
    subject: "Votre lavage est terminé : le rapport et les photos",
    intro: (date: string, service: string) =>
      `Notre équipe a terminé votre ${service} le ${date}. Voici le rapport, avec les photos avant et après.`,
    photosTitle: "Photos avant et après",
    car: (n: number) => `Véhicule ${n}`,
    before: "Avant",
    after: "Après",
    checklistTitle: "Ce qui a été fait",
    total: "Total",
    totalValue: (amount: string) => `${amount} taxes incluses`,
    paidOnSite: "Le paiement se fait avec l'équipe, sur place.",
    reviewText: "Votre avis compte : dites-nous en une minute comment s'est passé le lavage.",
    reviewButton: "Donner mon avis",
    nextText:
      "Votre prochain lavage se réserve en quelques clics; vos rendez-vous se gèrent dans votre espace client.",
    nextButton: "Réserver mon prochain lavage",
    manage: "Gérer mes rendez-vous",
    photoNote: "Les liens des photos vous sont personnels.",
    sms: (reviewUrl: string, tipUrl: string | null) =>
      `${BUSINESS.name} : votre lavage est terminé, merci! Le rapport et les photos sont dans votre courriel. Votre avis : ${reviewUrl}` +
      (tipUrl ? ` Pourboire facultatif : ${tipUrl}` : "") +
      " Répondez STOP pour ne plus recevoir de textos.",
  },
  admin: {
    metaTitle: "Liste de vérification | Lavage Mobile Prestige",
    title: (service: string) => `Liste de vérification : ${service}`,
    intro:
      "Les étapes que l'équipe coche à chaque lavage de ce service. « Terminé » demande toutes les étapes obligatoires.",
    link: "Liste de vérification",
    linkLabel: (service: string) => `Liste de vérification de ${service}`,
    back: "Services",
    empty: "Aucune étape : l'équipe n'aura rien à cocher pour ce service.",
    label: "Étape",
    required: "Obligatoire",
    add: "Ajouter l'étape",
    newStep: "Nouvelle étape",
    save: "Enregistrer",
    remove: "Retirer",
    removeLabel: (label: string) => `Retirer l'étape ${label}`,
    up: (label: string) => `Monter ${label}`,
    down: (label: string) => `Descendre ${label}`,
    editLabel: (label: string) => `Modifier l'étape ${label}`,
    saved: "Étape enregistrée.",
    removed: "Étape retirée.",
    moved: "Ordre modifié.",
    notFound: "Ce service n'existe pas.",
  },
} as const;
