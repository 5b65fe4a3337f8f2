/**
 * The booking's card step (issue 31, ADR 074): the page between the booking and Stripe's hosted
 * page, the returns from it, and the e-mails of a booking awaiting its card. Imported as
 * `bookingPaymentMessages` where used.
 */
export const bookingPaymentMessages = {
  title: "Paiement de la réservation",
  description: "Le paiement sécurisé de votre réservation.",
  bookingNumber: (id: string) => `Réservation n° ${id}`,
  awaitingTitle: "Dernière étape : le paiement sécurisé",
  awaitingLead: (time: string) =>
    `Votre créneau est retenu jusqu'à ${time}. Sans paiement d'ici là, il est libéré.`,
  abandonedTitle: "Paiement non terminé",
  abandonedLead: (time: string) =>
    `Votre réservation n'est pas encore confirmée. Le créneau reste retenu jusqu'à ${time} : vous pouvez reprendre le paiement ou annuler.`,
  continue: "Continuer vers le paiement sécurisé",
  retry: "Reprendre le paiement",
  cancel: "Annuler la réservation",
  stripeNote:
    "Le paiement se fait sur la page sécurisée de Stripe : votre numéro de carte ne passe jamais par notre site.",
  todayLine: "À payer maintenant",
  laterLine: "Après le lavage",
  cardKeptToday: "Carte enregistrée, rien n'est débité aujourd'hui",
  termsTitle: "Conditions d'annulation",
  releasedTitle: "Créneau libéré",
  releasedLead:
    "Le paiement n'a pas été fait dans le délai, ou la réservation a été annulée : le créneau est libéré et rien ne vous est facturé.",
  rebook: "Réserver à nouveau",
  cancelledTitle: "Réservation annulée",
  cancelledLead: "Votre réservation est annulée et le créneau est libéré. Rien ne vous a été facturé.",
  invalidLink: "Ce lien de paiement n'est pas valide. Utilisez le lien reçu par courriel ou écrivez-nous.",
  unavailable:
    "Le paiement sécurisé ne répond pas pour le moment. Réessayez dans un instant; votre créneau reste retenu.",
  /** The cancel reason of a booking its customer cancelled before paying. */
  cancelledUnpaid: "Annulée par le client avant le paiement",
  /** The confirmation page's payment lines. */
  paidDeposit: (amount: string) => `Dépôt payé : ${amount}`,
  cardKept: "Carte enregistrée pour le paiement après le lavage",
  laterCharge: (amount: string) => `Après le lavage : ${amount} débités sur la carte enregistrée`,
  paymentTitle: "Paiement",
  /** The card step could not start (Stripe unreachable, retried): the booking is paid on site. */
  onSiteFallback:
    "Paiement : le paiement en ligne n'a pas pu être préparé pour cette réservation. Rien n'a été facturé : vous paierez sur place, une fois le lavage terminé, par carte ou comptant, avec l'équipe.",
  // E-mails
  released: {
    subject: (date: string) => `Créneau libéré : ${date}`,
    intro:
      "Le paiement de votre réservation n'a pas été reçu dans le délai prévu : le créneau a été libéré et rien ne vous a été facturé. Pour réserver de nouveau, choisissez un autre moment en ligne.",
  },
  payLink: {
    subject: (date: string) => `Paiement à compléter : réservation du ${date}`,
    intro: (time: string) =>
      `Votre rendez-vous est retenu jusqu'à ${time}. Pour le confirmer, complétez le paiement sur la page sécurisée.`,
    button: "Payer et confirmer",
    sms: (time: string, url: string) =>
      `Lavage Prestige : votre rendez-vous est retenu jusqu'à ${time}. Complétez le paiement pour le confirmer : ${url}`,
  },
};
