/** « Mon calendrier »: the private calendar feed of a crew member or a franchisee (ADR 082). */
export const calendarMessages = {
  metaTitle: "Mon calendrier | Lavage Mobile Prestige",
  title: "Mon calendrier",
  introCrew:
    "Abonnez votre agenda (Google, Apple ou Outlook) à vos rendez-vous : ils s'y ajoutent et s'y mettent à jour tout seuls.",
  introFranchisee:
    "Abonnez votre agenda (Google, Apple ou Outlook) à tous les rendez-vous de votre entreprise : ils s'y ajoutent et s'y mettent à jour tout seuls.",
  urlLabel: "Lien d'abonnement",
  copy: "Copier le lien",
  copied: "Lien copié.",
  openWebcal: "Ouvrir dans Apple Calendrier ou Outlook",
  googleTitle: "Dans Google Agenda",
  googleSteps: [
    "Ouvrez Google Agenda sur un ordinateur (calendar.google.com).",
    "À gauche, à côté de « Autres agendas », cliquez sur « + », puis sur « À partir de l'URL ».",
    "Collez le lien d'abonnement, puis cliquez sur « Ajouter un agenda ».",
  ],
  googleNote: "Google met l'agenda à jour de lui-même, parfois avec quelques heures de retard.",
  privateNote:
    "Ce lien est personnel : quiconque l'a voit vos rendez-vous. Ne le partagez pas ; renouvelez-le s'il a circulé.",
  none: "Vous n'avez pas encore de lien d'abonnement.",
  create: "Créer mon lien",
  renew: "Renouveler le lien",
  renewWarning:
    "L'ancien lien cessera de fonctionner aussitôt : les agendas abonnés devront l'être de nouveau.",
  renewed: "Nouveau lien créé. L'ancien ne fonctionne plus : abonnez vos agendas au nouveau lien.",
  created: "Lien créé. Abonnez votre agenda avec le lien ci-dessous.",
  error: "Impossible de créer le lien pour le moment. Réessayez plus tard.",
  since: (date: string) => `Lien créé le ${date}.`,
  back: "Retour à ma journée",
  feedName: (name: string) => `Lavage Mobile Prestige · ${name}`,
  event: {
    summary: (service: string, customer: string) => `${service} · ${customer}`,
    summaryWithMember: (service: string, customer: string, member: string) =>
      `${service} · ${customer} (${member})`,
    booking: (id: string) => `Réservation ${id}`,
    zone: (zone: string) => `Zone : ${zone}`,
    cars: (n: number) => (n <= 1 ? "1 véhicule" : `${n} véhicules`),
    extras: (names: string) => `Extras : ${names}`,
    noExtras: "Extras : aucun",
    phone: (phone: string) => `Téléphone : ${phone}`,
    notes: (notes: string) => `Notes du client : ${notes}`,
    member: (name: string) => `Équipe : ${name}`,
    cancelled: "Annulé",
  },
  notFound: "Calendrier introuvable.",
} as const;
