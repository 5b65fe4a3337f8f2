/** The assistant's French texts (ADR 051): tools' answers, the chat panel, the guided mode. */
export const assistantMessages = {
  tools: {
    bookingNotFound:
      "Aucune réservation ne correspond à ce numéro et à ce courriel ou téléphone. Vérifiez-les (le numéro est dans le courriel de confirmation).",
    proofRequired:
      "Pour modifier ou annuler une réservation, donnez d'abord son numéro et le courriel ou le téléphone utilisé pour réserver.",
    proofMissing: "Donnez le courriel ou le téléphone utilisé pour réserver.",
    needsConfirmation:
      "Voici le résumé. La réservation sera faite seulement quand le client l'aura confirmé (bouton Confirmer, ou en redonnant le code de confirmation).",
    confirmationMismatch:
      "Le résumé a changé depuis la confirmation : montrez le nouveau résumé et faites-le confirmer.",
    booked: (bookingId: string) =>
      `C'est réservé ! Votre numéro de réservation est ${bookingId}. Un courriel de confirmation est en route.`,
    cancelled: (bookingId: string) => `La réservation ${bookingId} est annulée. Un courriel le confirme.`,
    rescheduled: (bookingId: string, when: string) =>
      `La réservation ${bookingId} est déplacée au ${when}. Un courriel le confirme.`,
    handedOver: "Votre message est transmis à l'équipe, qui vous répondra par courriel ou par téléphone.",
    handOverIntro: "Message laissé par l'assistant au nom du client.",
    transcriptTitle: "Conversation avec l'assistant",
    statuses: {
      scheduled: "prévue",
      completed: "terminée",
      cancelled: "annulée",
      no_show: "absence",
    } as Record<string, string>,
    at: (date: string, time: string) => `${date} à ${time}`,
  },
};
