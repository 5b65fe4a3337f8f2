/** French text of promo codes, referrals and win-back offers (ADR 050); `messages.offers`. */
import { BUSINESS } from "../business";

/** The one refusal of a code that is not proven valid for this booking (ADR 068). */
const NOT_APPLICABLE =
  "Ce code promo ne s'applique pas à cette réservation. Vérifiez l'orthographe ou réservez sans code.";

export const offersMessages = {
  /** The booking summary's code field and the price line. */
  promo: {
    label: "Code promo (facultatif)",
    hint: "Le rabais est appliqué avant les taxes.",
    appliedNote: (code: string) => `Code ${code} appliqué : le rabais est déduit avant les taxes.`,
    apply: "Appliquer",
    discountLine: (code: string) => `Rabais (${code})`,
    discountNone: "Aucun rabais",
    codeInvalid: "Ce code promo n'est pas valide : lettres, chiffres et tirets seulement (3 à 32).",
    /** 'Appliquer' past its rate limit (ADR 068). */
    tooManyTries: "Trop d'essais de codes promo en peu de temps. Réessayez dans quelques minutes.",
    /** The refusals, as the booking form and the API say them. */
    refused: {
      // One text for every refusal that would tell a guesser that a code exists, or tell anyone
      // whether an e-mail, phone or address is a customer's or a referrer's (ADR 068).
      UNKNOWN: NOT_APPLICABLE,
      INACTIVE: NOT_APPLICABLE,
      NOT_STARTED: NOT_APPLICABLE,
      EXPIRED: NOT_APPLICABLE,
      EXHAUSTED: NOT_APPLICABLE,
      FIRST_BOOKING_ONLY: NOT_APPLICABLE,
      ALREADY_USED: NOT_APPLICABLE,
      NOT_YOURS: NOT_APPLICABLE,
      OWN_REFERRAL: NOT_APPLICABLE,
      // A code in force, not used up, that this booking's own shape does not meet: said plainly.
      ZONE: "Ce code promo ne s'applique pas dans ce secteur.",
      MIN_CARS: "Ce code promo demande plus de véhicules pour cette réservation.",
    },
    /** The client's list of bookings: the price shown is already after it. */
    clientDiscount: (amount: string) => `rabais de ${amount} inclus`,
    /** In e-mails, the .ics and the client's space. */
    discountText: (amount: string, code: string) => `Rabais ${code} : -${amount} (avant taxes)`,
  },
  /** The client's referral card in /client. */
  referral: {
    title: "Parrainez un proche",
    intro: (amount: string, points: number) =>
      `Votre proche obtient ${amount} de rabais sur sa première réservation avec votre code. Vous recevez ${points} points quand son lavage est terminé.`,
    codeLabel: "Votre code",
    linkLabel: "Votre lien personnel",
    rules: "Le code ne fonctionne pas pour vous-même (même courriel, téléphone ou adresse).",
    used: (n: number) => (n === 0 ? "Aucun proche n'a encore utilisé votre code." : `Utilisé ${n} fois.`),
    copy: "Copier",
    copied: "Copié !",
    copyError: "La copie n'a pas fonctionné : le lien est sélectionné, copiez-le à la main.",
    share: "Partager",
    /** What the phone's share sheet sends with the link. */
    shareTitle: "Un rabais sur votre premier lavage",
    shareText: (amount: string, code: string) =>
      `Obtenez ${amount} de rabais sur votre premier lavage à domicile avec mon code ${code}.`,
  },
  /** The win-back offer (commercial: consent, identification and unsubscribe, ADR 015). */
  winback: {
    emailTitle: "Votre auto s'ennuie de nous : 15 % de rabais",
    emailBody: (name: string, percent: number, code: string, until: string, url: string) =>
      [
        `Bonjour ${name},`,
        `Cela fait un moment depuis votre dernier lavage avec ${BUSINESS.name}. Pour vous revoir, voici ${percent} % de rabais (avant taxes) sur votre prochaine réservation, avec votre code personnel ${code}, valide jusqu'au ${until}, une seule fois.`,
        `Réserver : ${url}`,
      ].join("\n\n"),
    sms: (percent: number, code: string, until: string) =>
      `${BUSINESS.name} : ${percent} % de rabais sur votre prochain lavage avec le code ${code}, jusqu'au ${until}. STOP pour ne plus recevoir d'offres.`,
  },
  /** The thank-you offer after a wash (commercial: consent, identification and unsubscribe, ADR 057). */
  thankyou: {
    subject: `Merci de votre confiance : un rabais pour votre prochain lavage`,
    intro: (discount: string) =>
      `Merci d'avoir choisi ${BUSINESS.name} pour votre dernier lavage. Pour vous remercier, voici ${discount} de rabais (avant taxes) sur votre prochaine réservation.`,
    code: (code: string, until: string) =>
      `Votre code personnel : ${code}, valide jusqu'au ${until}, une seule fois et pour vous seulement.`,
    button: "Réserver avec mon code",
    sms: (discount: string, code: string, until: string) =>
      `${BUSINESS.name} : merci ! ${discount} de rabais sur votre prochain lavage avec le code ${code}, jusqu'au ${until}. STOP pour ne plus recevoir d'offres.`,
  },
  /** The admin's promo codes page. */
  admin: {
    title: "Codes promo",
    description:
      "Créez des codes de rabais et suivez les offres envoyées : envois, utilisations, réservations et revenus.",
    nav: "Codes promo",
    createTitle: "Nouveau code",
    code: "Code",
    codeHint: "Lettres, chiffres et tirets (3 à 32). Les clients peuvent l'écrire en minuscules.",
    kind: "Type de rabais",
    kindPercent: "Pourcentage",
    kindFixed: "Montant fixe",
    value: "Valeur",
    valueHint: "Pourcentage de 1 à 100, ou montant en dollars (ex. 10 ou 12,50).",
    startsAt: "Début (facultatif)",
    endsAt: "Fin (facultatif)",
    maxUses: "Utilisations au total (facultatif)",
    maxUsesHint: "Vide : illimité.",
    oncePerCustomer: "Une fois par client (par courriel et par téléphone)",
    firstBookingOnly: "Première réservation seulement",
    zones: "Secteurs (aucun coché : tous)",
    minCars: "Véhicules minimum",
    create: "Créer le code",
    created: (code: string) => `Le code ${code} est créé.`,
    deactivate: "Désactiver",
    activate: "Réactiver",
    deactivated: (code: string) => `Le code ${code} est désactivé.`,
    activated: (code: string) => `Le code ${code} est réactivé.`,
    codeTaken: "Ce code existe déjà.",
    valueInvalid: "Entrez un pourcentage de 1 à 100, ou un montant positif.",
    datesInvalid: "La fin doit venir après le début.",
    maxUsesInvalid: "Entrez un nombre entier d'au moins 1, ou laissez vide.",
    campaignsTitle: "Résultats par campagne",
    codesTitle: "Codes",
    noCodes: "Aucun code pour l'instant.",
    columns: {
      campaign: "Campagne",
      code: "Code",
      discount: "Rabais",
      period: "Période",
      uses: "Utilisations",
      sent: "Envoyés",
      used: "Utilisés",
      bookings: "Réservations",
      revenue: "Revenus (avant taxes, après rabais)",
      discounts: "Rabais accordés",
      status: "État",
      actions: "Actions",
    },
    campaigns: {
      admin: "Codes de l'administration",
      referral: "Parrainage",
      winback: "Relance (reconquête)",
      thankyou: "Remerciement après un lavage",
    },
    active: "Actif",
    inactive: "Inactif",
    unlimited: "illimité",
    always: "Toujours",
    winbackTitle: "Relance automatique",
    winbackDays: "Jours sans lavage avant la relance",
    winbackDaysHint:
      "Une offre personnelle de 15 % est envoyée une fois par période, avec consentement valide.",
    winbackSave: "Enregistrer",
    winbackSaved: (days: number) => `La relance part après ${days} jours sans lavage.`,
    winbackDaysInvalid: (min: number, max: number) => `Entrez un nombre de jours entre ${min} et ${max}.`,
    thankyouTitle: "Remerciement après un lavage",
    thankyouHint:
      "Le lendemain de la demande d'avis, un code personnel à usage unique pour la prochaine réservation, envoyé seulement avec un consentement valide.",
    thankyouEnabled: "Envoyer l'offre de remerciement",
    thankyouValidDays: "Validité du code (jours)",
    thankyouSave: "Enregistrer",
    thankyouSaved: "L'offre de remerciement est enregistrée.",
    thankyouDaysInvalid: (min: number, max: number) => `Entrez une validité entre ${min} et ${max} jours.`,
    edit: "Modifier",
    editTitle: (code: string) => `Modifier le code ${code}`,
    editDescription:
      "Les utilisations déjà faites restent comptées ; les changements valent pour les prochaines réservations.",
    save: "Enregistrer les changements",
    saved: (code: string) => `Le code ${code} est modifié.`,
    back: "Retour aux codes",
    maxUsesBelowUses: (uses: number) =>
      `Ce code a déjà servi ${uses} fois : le total ne peut pas être plus bas.`,
    renameUsed: "Un code déjà utilisé ne peut pas changer de nom.",
    campaignFilter: "Campagne",
    campaignFilterShow: "Afficher",
    latestCodes: (n: number) => `Les ${n} codes les plus récents.`,
  },
} as const;
