/**
 * The booking summary's payment lines in French (issue 31, ADR 073), from the terms the booking
 * will freeze: the wizard's summary, the payment page and the assistant say the same.
 */
import { formatMoney } from "~/lib/format";
import { CARD_HOLD_MINUTES, type PaymentTerms } from "./terms";

/** What a late cancellation or a no-show costs, in words. */
function feeText(cents: number, deposit: number): string {
  if (cents === 0) return "sans frais";
  if (deposit > 0 && cents === deposit) return `le dépôt de ${formatMoney(cents)} est conservé`;
  if (deposit > 0 && cents < deposit) {
    return `${formatMoney(cents)} sont retenus sur le dépôt, le reste (${formatMoney(deposit - cents)}) est remboursé`;
  }
  return deposit > 0
    ? `${formatMoney(cents)} : le dépôt est conservé et ${formatMoney(cents - deposit)} sont débités sur la carte enregistrée`
    : `${formatMoney(cents)} sont débités sur la carte enregistrée`;
}

/**
 * The booking summary's payment lines, shown before "Confirmer" (issue 31): what is charged
 * today, what later, and what a cancellation costs, from the terms the booking will freeze.
 */
export function paymentSummary(terms: PaymentTerms): {
  today: string;
  later: string;
  cancellation: string[];
} {
  if (terms.mode === "on_site") {
    return {
      today: "Aujourd'hui : rien à payer.",
      later: `Après le lavage : ${formatMoney(terms.later.totalCents)} taxes incluses, payés sur place par carte ou en argent comptant.`,
      cancellation: ["Annulation sans frais jusqu'à 24 h avant le rendez-vous."],
    };
  }
  const deposit = terms.today.totalCents;
  const today =
    deposit > 0
      ? `Aujourd'hui : dépôt de ${formatMoney(deposit)} taxes incluses, payé sur la page sécurisée de Stripe.`
      : "Aujourd'hui : rien n'est débité. Votre carte est enregistrée sur la page sécurisée de Stripe.";
  return {
    today,
    later: `Après le lavage : ${formatMoney(terms.later.totalCents)} taxes incluses, débités sur la carte enregistrée (pourboire au choix, en plus).`,
    cancellation: [
      deposit > 0
        ? "Annulation 24 h ou plus avant le rendez-vous : sans frais, le dépôt est remboursé en entier."
        : "Annulation 24 h ou plus avant le rendez-vous : sans frais.",
      `Annulation moins de 24 h avant : ${feeText(terms.lateCancelFeeCents, deposit)}.`,
      `Absence au rendez-vous : ${feeText(terms.noShowFeeCents, deposit)}.`,
      `Le créneau est retenu ${CARD_HOLD_MINUTES} minutes, le temps du paiement; sans paiement, il est libéré.`,
    ],
  };
}
