/**
 * French text of the money after the wash (issue 31, ADR 079): the completion e-mail and SMS with
 * the tip link, the tip page, receipts, the customer's "Moyens de paiement" and booking history.
 */
import { formatDay, formatMoney } from "../format";

export type ReceiptKind = "deposit" | "balance" | "charge" | "tip" | "refund" | "gift_card" | "membership";

export const afterWashMessages = {
  completed: {
    subject: "Votre lavage est terminé",
    intro: (date: string) => `Notre équipe a terminé le lavage de votre véhicule le ${date}. Merci !`,
    balance: (amount: string) =>
      `Le solde de ${amount} taxes incluses sera débité sur la carte enregistrée; un reçu suit par courriel une fois le paiement accepté.`,
    noBalance: "Votre réservation est entièrement payée; rien d'autre n'est débité.",
    tipText:
      "Si vous le souhaitez, vous pouvez laisser un pourboire à l'équipe, versé en entier à votre franchisé. C'est entièrement facultatif.",
    tipButton: "Pourboire (facultatif)",
    note: "Le lien vous est personnel.",
    sms: (url: string) =>
      `Lavage Mobile Prestige : votre lavage est terminé, merci ! Pourboire facultatif : ${url} Répondez STOP pour ne plus recevoir de textos.`,
  },
  balanceRefused: {
    subject: "Paiement refusé pour votre lavage",
    intro: (date: string) => `Votre carte a été refusée pour le solde du lavage du ${date}.`,
    amount: (amount: string) => `Montant dû : ${amount} taxes incluses.`,
    payText: "Vous pouvez le régler avec une autre carte sur la page de paiement sécurisée de Stripe.",
    payButton: "Payer le solde",
    contact: (business: string, orByLink: boolean) =>
      orByLink
        ? `Vous pouvez aussi communiquer avec ${business} pour régler ce montant.`
        : `Communiquez avec ${business} pour régler ce montant avec une autre carte ou sur place.`,
    lines: {
      subtotal: "Solde du lavage (avant taxes)",
      tps: "TPS (5 %)",
      tvq: "TVQ (9,975 %)",
      tip: "Pourboire",
      total: "Total",
    },
    phone: (phone: string) => `Téléphone : ${phone}`,
    email: (email: string) => `Courriel : ${email}`,
    note: "Aucun autre essai ne sera fait sur cette carte.",
    /** The franchisee's copy: who owes what, the link the customer got, and where to record it. */
    franchisee: {
      subject: (bookingId: string) => `Solde refusé : réservation ${bookingId}`,
      intro: (customer: string, date: string, bookingId: string) =>
        `La carte enregistrée de ${customer} a refusé le solde du lavage du ${date} (réservation ${bookingId}).`,
      amount: (amount: string) => `Montant dû : ${amount} taxes incluses.`,
      told: "Le client a reçu un courriel avec un lien pour payer avec une autre carte. Aucun autre essai ne sera fait sur la carte refusée.",
      onSite:
        "S'il vous paie sur place, notez-le dans vos Paiements : le lien du client ne prendra plus rien.",
      button: "Ouvrir mes paiements",
    },
  },
  tip: {
    metaTitle: "Pourboire",
    title: "Pourboire pour l'équipe",
    intro: (date: string, amount: string) =>
      `Lavage du ${date}, ${amount} avant taxes. Le pourboire est facultatif et versé en entier à l'équipe de votre franchisé.`,
    legend: "Votre choix",
    percent: (percent: number, amount: string) => `${percent} % (${amount})`,
    percentNote: "Les pourcentages sont calculés sur le montant avant taxes.",
    custom: "Autre montant",
    customAmount: "Montant du pourboire ($)",
    customHint: "Par exemple 12,50.",
    none: "Aucun pourboire",
    submit: "Confirmer mon choix",
    card: "Le pourboire est débité sur la carte enregistrée lors de la réservation.",
    chooseOne: "Choisissez une option.",
    amountRequired: "Entrez le montant du pourboire.",
    amountInvalid: "Entrez un montant en dollars, par exemple 12,50.",
    amountTooSmall: (min: string) => `Le montant minimal est de ${min}.`,
    amountTooLarge: (max: string) => `Le montant maximal est de ${max}.`,
    thanksTip: (amount: string) =>
      `Merci ! Votre pourboire de ${amount} est débité sur la carte enregistrée; un reçu suit par courriel.`,
    thanksNone: "Merci ! Votre choix est noté : aucun pourboire ne sera débité.",
    alreadyNone: "Votre choix est déjà noté pour ce lavage : aucun pourboire. Merci !",
    alreadyTip: (amount: string) => `Un pourboire de ${amount} a déjà été laissé pour ce lavage. Merci !`,
    refused:
      "Votre carte a été refusée pour le pourboire. Vous pouvez réessayer avec un autre montant ou donner le pourboire à l'équipe sur place.",
    invalidTitle: "Lien invalide",
    invalidText:
      "Ce lien de pourboire n'est pas valide ou ce lavage ne peut pas recevoir de pourboire en ligne.",
    home: "Retour à l'accueil",
    balanceTitle: "Solde à régler",
    balanceDue: (amount: string) =>
      `Votre carte a refusé le solde de ce lavage : ${amount} taxes incluses. Réglez-le avec une autre carte sur la page sécurisée de Stripe.`,
    balancePay: "Payer le solde",
    balancePaid: "Merci ! Le paiement du solde est reçu; un reçu suit par courriel.",
  },
  receipt: {
    subject: (bookingId: string, refund: boolean) =>
      refund
        ? `Reçu de remboursement, réservation ${bookingId}`
        : `Reçu de paiement, réservation ${bookingId}`,
    title: "Reçu",
    kinds: {
      deposit: "Dépôt",
      balance: "Solde après le lavage",
      charge: "Frais d'annulation ou d'absence",
      tip: "Pourboire",
      refund: "Remboursement",
      gift_card: "Part payée par carte-cadeau",
      membership: "Abonnement",
    } satisfies Record<ReceiptKind, string>,
    intro: (kind: string, bookingId: string) => `${kind}, réservation ${bookingId}.`,
    /** A membership's period (ADR 095): its reference stands where a booking's number would. */
    membershipSubject: (reference: string, refund: boolean) =>
      refund ? `Reçu de remboursement, abonnement ${reference}` : `Reçu de paiement, abonnement ${reference}`,
    membershipIntro: (plan: string, from: string, to: string) =>
      `Abonnement ${plan}, période du ${from} au ${to}.`,
    plan: "Forfait",
    period: "Période",
    /**
     * A receipt's title, first line and the rows naming what was paid: the booking's service, or
     * a membership's plan and period (ADR 095). One text for the page and the e-mail.
     */
    heading(receipt: {
      kind: ReceiptKind;
      bookingId: string;
      serviceName: string;
      membership?: { planName: string; vehicles: number; from: string; to: string } | null;
    }): { subject: string; intro: string; about: [string, string][] } {
      const refund = receipt.kind === "refund";
      const plan = receipt.membership;
      if (!plan) {
        return {
          subject: this.subject(receipt.bookingId, refund),
          intro: this.intro(this.kinds[receipt.kind], receipt.bookingId),
          about: [[this.service, receipt.serviceName]],
        };
      }
      const from = formatDay(plan.from, "long");
      const to = formatDay(plan.to, "long");
      return {
        subject: this.membershipSubject(receipt.bookingId, refund),
        intro: refund
          ? this.intro(this.kinds.refund, receipt.bookingId)
          : this.membershipIntro(plan.planName, from, to),
        about: [
          [this.plan, `${plan.planName} (${plan.vehicles} véhicule${plan.vehicles > 1 ? "s" : ""})`],
          [this.service, receipt.serviceName],
          [this.period, `${from} au ${to}`],
        ],
      };
    },
    number: "Numéro du reçu",
    date: "Date",
    service: "Service",
    subtotal: "Sous-total",
    tps: "TPS (5 %)",
    tvq: "TVQ (9,975 %)",
    tip: "Pourboire (sans taxes)",
    total: "Total payé",
    totalRefunded: "Total remboursé",
    card: "Payé par carte",
    refundedTo: "Remboursé sur la carte utilisée",
    giftCard: "Payé par carte-cadeau (le montant a été déduit de son solde)",
    refundedToGiftCard: "Remis sur la carte-cadeau utilisée",
    /** The receipt's last line: how the money moved (ADR 079, 087). */
    methodText(refund: boolean, method: string | undefined) {
      if (method === "gift_card") return refund ? this.refundedToGiftCard : this.giftCard;
      return refund ? this.refundedTo : this.card;
    },
    tpsNumber: "No TPS",
    tvqNumber: "No TVQ",
    notRegistered: "non fourni",
    seller: "Vendeur",
    keep: "Conservez ce reçu pour vos dossiers.",
  },
  history: {
    paid: (amount: string) => `Payé : ${amount}`,
    refunded: (amount: string) => `Remboursé : ${amount}`,
    refused: "Paiement refusé",
    receipt: (kind: string, amount: string) => `Reçu : ${kind}, ${amount}`,
  },
  methods: {
    metaTitle: "Moyens de paiement",
    title: "Moyens de paiement",
    intro:
      "Les cartes enregistrées lors de vos réservations. Leurs numéros sont conservés par Stripe, notre fournisseur de paiement, jamais par nous.",
    empty: "Aucune carte enregistrée.",
    onSite: "Le paiement se fait au moment du service, directement auprès de l'équipe.",
    expires: (month: number, year: number) => `Expire le ${String(month).padStart(2, "0")}/${year}`,
    card: (brand: string, last4: string) => `${brand} se terminant par ${last4}`,
    remove: "Retirer",
    removeLabel: (brand: string, last4: string) => `Retirer la carte ${brand} se terminant par ${last4}`,
    removed: "La carte est retirée.",
    notFound: "Cette carte n'est plus enregistrée.",
    unavailable: "Les cartes ne peuvent pas être affichées pour le moment. Réessayez plus tard.",
    upcomingNote:
      "Une carte retirée ne peut plus servir au solde ni au pourboire d'un lavage à venir : vous paierez alors sur place.",
    back: "Retour à mon espace",
  },
  franchisee: {
    refused: (code: string) => `Paiement refusé (${code})`,
    balanceCharged: (amount: string) => `Solde débité : ${amount}`,
    balancePending: (amount: string) => `Solde en cours : ${amount}`,
  },
  /** A card brand as Stripe names it, in words. */
  brand: (brand: string) =>
    (
      ({
        visa: "Visa",
        mastercard: "Mastercard",
        amex: "American Express",
        discover: "Discover",
        jcb: "JCB",
        unionpay: "UnionPay",
        diners: "Diners Club",
      }) as Record<string, string>
    )[brand] ?? "Carte",
  money: formatMoney,
};
