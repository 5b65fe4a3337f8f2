/** The gift cards' texts (issue 34, item 5; ADR 087): the page, the e-mails, the booking field, the admin. */
export const giftCardMessages = {
  nav: "Cartes-cadeaux",
  page: {
    metaTitle: "Cartes-cadeaux",
    metaDescription:
      "Offrez un lavage mobile à domicile : une carte-cadeau envoyée par courriel le jour de votre choix, sans date d'expiration.",
    title: "Offrez un lavage avec une carte-cadeau",
    intro:
      "Choisissez le montant, écrivez un mot, et nous l'envoyons par courriel à la personne de votre choix le jour voulu. Elle l'utilise en réservant, en une ou plusieurs fois.",
    noExpiry:
      "Nos cartes-cadeaux n'ont pas de date d'expiration, comme le prévoit la Loi sur la protection du consommateur du Québec.",
    howTitle: "Comment ça marche",
    how: [
      "Vous payez en ligne par carte, de façon sécurisée.",
      "La personne reçoit un courriel avec son code à la date choisie.",
      "Elle entre le code à l'étape de la réservation : le montant est déduit du total, et le reste demeure sur la carte.",
    ],
    formTitle: "Acheter une carte-cadeau",
    amount: "Montant",
    amountHint: (min: string, max: string) => `Entre ${min} et ${max}, en dollars.`,
    buyerName: "Votre nom",
    buyerEmail: "Votre courriel",
    recipientName: "Nom de la personne",
    recipientEmail: "Courriel de la personne",
    message: "Votre mot (facultatif)",
    messageHint: (max: number) => `${max} caractères au plus.`,
    deliverOn: "Date d'envoi",
    deliverOnHint: "Aujourd'hui ou plus tard. Le courriel part vers 9 h ce jour-là.",
    submit: "Continuer vers le paiement",
    unavailableTitle: "Achat en ligne indisponible",
    unavailable:
      "Le paiement en ligne n'est pas offert pour le moment. Communiquez avec nous pour offrir une carte-cadeau.",
    balanceTitle: "Vérifier le solde d'une carte",
    balanceCode: "Code de la carte",
    balanceSubmit: "Vérifier le solde",
    balanceIs: (balance: string, amount: string) => `Solde : ${balance} (sur ${amount}).`,
    balanceUnknown: "Ce code ne correspond à aucune carte-cadeau payée.",
    tooMany: "Trop de vérifications. Réessayez dans quelques minutes.",
  },
  validation: {
    amountRequired: "Entrez un montant.",
    amountInvalid: "Entrez un montant en dollars, par exemple 50 ou 75,00.",
    amountRange: (min: string, max: string) => `Le montant doit être entre ${min} et ${max}.`,
    nameRequired: "Entrez un nom.",
    emailRequired: "Entrez un courriel.",
    emailInvalid: "Entrez un courriel valide.",
    tooLong: (max: number) => `${max} caractères au plus.`,
    dateRequired: "Choisissez une date d'envoi.",
    dateInvalid: "Choisissez une date valide.",
    dateInPast: "La date d'envoi doit être aujourd'hui ou plus tard.",
    dateTooFar: "La date d'envoi doit être dans les 12 prochains mois.",
    codeInvalid: "Entrez le code de 16 caractères de la carte-cadeau.",
  },
  purchase: {
    metaTitle: "Votre carte-cadeau",
    awaitingTitle: "Dernière étape : le paiement",
    awaiting: (amount: string, name: string, date: string) =>
      `Carte-cadeau de ${amount} pour ${name}, envoyée par courriel le ${date}.`,
    pay: (amount: string) => `Payer ${amount}`,
    payNote:
      "Le paiement se fait sur la page sécurisée de Stripe. Aucun numéro de carte ne passe par notre site.",
    expired: "Ce lien de paiement a expiré. Recommencez l'achat pour obtenir un nouveau lien.",
    restart: "Recommencer l'achat",
    paidTitle: "Merci, votre carte-cadeau est payée",
    paid: (amount: string, name: string, email: string, date: string) =>
      `Votre carte-cadeau de ${amount} sera envoyée à ${name} (${email}) le ${date}.`,
    delivered: (name: string) => `La carte a été envoyée à ${name}.`,
    codeLabel: "Code de la carte",
    codeNote: "Gardez ce code : il se saisit à l'étape de la réservation. La carte n'expire pas.",
    /** After the admin refunded the card's unused balance (ADR 087, amended). */
    refundedTitle: "Remboursée",
    refunded: (amount: string, date: string) =>
      `${amount} vous ont été remboursés le ${date}, sur la carte qui a payé l'achat.`,
    refundedClosed: "Le code ne peut plus payer une réservation.",
    invalidTitle: "Lien invalide",
    invalid: "Ce lien d'achat n'est pas valide.",
    home: "Retour à l'accueil",
    checkoutLabel: "Carte-cadeau Lavage Mobile Prestige",
  },
  booking: {
    label: "Carte-cadeau (facultatif)",
    hint: "Le montant de la carte est déduit du total, taxes incluses ; le reste demeure sur la carte.",
    refused: {
      UNKNOWN: "Ce code ne correspond à aucune carte-cadeau payée.",
      EMPTY: "Cette carte-cadeau n'a plus de solde.",
      REFUNDED: "Le solde de cette carte-cadeau a été remboursé : elle ne peut plus payer de réservation.",
    },
    appliedTitle: "Carte-cadeau",
    applied: (used: string, remaining: string) =>
      `${used} payés avec la carte-cadeau. Solde restant sur la carte : ${remaining}.`,
  },
  refund: {
    refused: {
      USED: "Cette carte-cadeau a été entièrement utilisée : il n'y a rien à rembourser.",
      REFUNDED: "Le solde de cette carte-cadeau a déjà été remboursé : il n'y reste rien à rembourser.",
      UNPAID: "Cette carte-cadeau n'a pas de paiement en ligne à rembourser.",
    },
  },
  restoredReason: "Réservation annulée : montant remis sur la carte-cadeau",
  mail: {
    recipientSubject: (buyer: string) => `${buyer} vous offre une carte-cadeau`,
    recipientIntro: (buyer: string, amount: string) =>
      `${buyer} vous offre une carte-cadeau de ${amount} pour un lavage mobile à domicile.`,
    messageFrom: (buyer: string) => `Le mot de ${buyer} :`,
    code: (code: string) => `Votre code : ${code}`,
    how: "Entrez ce code à l'étape de la réservation : le montant est déduit du total, et le reste demeure sur la carte. La carte n'a pas de date d'expiration.",
    book: "Réserver un lavage",
    buyerSubject: "Votre carte-cadeau est payée",
    buyerIntro: (amount: string, name: string, date: string) =>
      `Merci ! Votre carte-cadeau de ${amount} sera envoyée à ${name} le ${date}.`,
    refundSubject: "Votre carte-cadeau a été remboursée",
    refundIntro: (amount: string, code: string) =>
      `Nous vous avons remboursé ${amount}, le solde inutilisé de la carte-cadeau ${code}, sur la carte de paiement utilisée pour l'achat.`,
    refundDelay: "Le montant paraîtra sur votre relevé d'ici 5 à 10 jours ouvrables.",
    refundClosed: "La carte n'a plus de solde : son code ne peut plus payer une réservation.",
    refundReceipt: (amount: string, date: string) =>
      `Montant remboursé : ${amount}, le ${date} (sans taxes : une carte-cadeau n'est pas taxée à l'achat).`,
    receipt: (amount: string) =>
      `Montant payé : ${amount} (une carte-cadeau n'est pas taxée à l'achat ; les taxes s'appliquent au lavage).`,
  },
  admin: {
    title: "Cartes-cadeaux",
    intro:
      "L'argent des cartes est encaissé par le réseau ; le franchisé est crédité quand une carte paie une réservation (ligne « Carte-cadeau » de son relevé, redevance déduite).",
    sold: "Vendues",
    used: "Utilisées",
    outstanding: "En circulation (passif)",
    count: (n: number) => (n === 1 ? "1 carte" : `${n} cartes`),
    empty: "Aucune carte-cadeau vendue pour le moment.",
    columns: {
      code: "Code",
      paidAt: "Payée le",
      buyer: "Acheteur",
      recipient: "Destinataire",
      amount: "Montant",
      balance: "Solde",
      delivery: "Envoi",
    },
    refunded: "Remboursées",
    refundedNote: (n: number) => (n === 1 ? "1 remboursement" : `${n} remboursements`),
    refund: (amount: string) => `Rembourser le solde (${amount})`,
    refundHint:
      "Le solde inutilisé est remboursé à l'acheteur sur sa carte de paiement ; la carte ne peut plus servir.",
    refundedBadge: "Remboursée",
    refundedOn: (amount: string, date: string) => `${amount} remboursés le ${date}`,
    refunding: (amount: string) => `Remboursement de ${amount} en cours`,
    refundDone: (amount: string) => `Remboursement de ${amount} envoyé à Stripe.`,
    refundAgain: "Ce remboursement avait déjà été demandé.",
    sent: "Envoyée",
    scheduled: (date: string) => `Prévue le ${date}`,
    search: "Trouver une carte par son code",
    searchHint: "Les 16 caractères du code, avec ou sans tirets (un client au téléphone, par exemple).",
    searchButton: "Trouver",
    searchShowAll: "Toutes les cartes",
    searchInvalid:
      "Ce n'est pas un code de carte-cadeau : 16 lettres et chiffres, par exemple K7QM-3XDP-9A2B-TV4R.",
    searchNone: "Aucune carte payée ne porte ce code.",
    searchFound: "La carte de ce code :",
  },
} as const;
