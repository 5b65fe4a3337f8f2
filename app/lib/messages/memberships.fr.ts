/** French text of memberships (issue 34, item 3; ADR 095): what the customer reads. */
export const membershipsMessages = {
  title: "Mon abonnement",
  /** A past-due membership's card, changed on Stripe's page (ADR 095, amended). */
  cardChange: {
    pastDue:
      "Le dernier renouvellement a été refusé par votre carte. Nous réessaierons automatiquement; vos lavages inclus reprendront une fois le paiement accepté.",
    offer: "Vous pouvez aussi changer de carte : le paiement sera tenté de nouveau dès votre retour.",
    button: "Changer de carte",
    paid: "Carte enregistrée et paiement accepté. Vos lavages inclus reprennent.",
    refused: "Carte enregistrée, mais le paiement a été refusé. Nous réessaierons automatiquement.",
    cancelled:
      "Carte enregistrée, mais le paiement a été refusé une troisième fois : l'abonnement est annulé.",
    pending: "Carte enregistrée. Le paiement est en cours; cette page le montrera une fois accepté.",
  },
} as const;
