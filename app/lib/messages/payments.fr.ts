/** French text of payments (issue 31, ADR 073); services keep codes, these are what people read. */

export const paymentsMessages = {
  /** The cancel reason of a booking whose card step did not finish within its hold. */
  releasedUnpaid: "Paiement non reçu dans le délai : créneau libéré",
  /** The reason of the automatic refund of a payment that arrived after its slot was released. */
  lateRefund: "Paiement reçu après la libération du créneau : remboursé",
  /** The label of the deposit on Stripe's hosted page and on the card statement's detail. */
  depositLabel: (bookingId: string) => `Dépôt, réservation ${bookingId}`,
};
