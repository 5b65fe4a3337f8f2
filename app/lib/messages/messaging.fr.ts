/** French text of this area; composed into `messages.messaging` by app/lib/messages.fr.ts. */
import { BUSINESS } from "../business";

/** When and how a booking is paid (docs/product-decisions.md, 'Payment'): shown before and after booking. */
export const PAYMENT_NOTE =
  "Sur place, une fois le lavage terminé : carte ou comptant, avec l'équipe. Rien à payer en ligne.";

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export const messagingMessages = {
  email: {
    greeting: (name: string) => `Bonjour ${name},`,
    signature: `L'équipe ${BUSINESS.name}`,
    /** Sender identification, in every e-mail (Canada's anti-spam law for commercial ones). */
    identification: `${BUSINESS.name} · ${BUSINESS.postalAddress} · ${BUSINESS.phone} · ${BUSINESS.email}`,
    transactionalNote:
      "Vous recevez ce message au sujet de votre réservation. Il ne contient aucune offre commerciale.",
    commercialNote: "Vous recevez ce message parce que vous avez accepté de recevoir nos offres.",
    unsubscribe: "Se désabonner des offres par courriel",
    cars: (n: number) => plural(n, "véhicule", "véhicules"),
    labels: {
      bookingId: "Numéro de réservation",
      date: "Date",
      time: "Heure",
      address: "Adresse",
      service: "Service",
      cars: "Véhicules",
      extras: "Extras",
      noExtras: "Aucun",
      subtotal: "Sous-total",
      discount: "Rabais",
      tps: "TPS (5 %)",
      tvq: "TVQ (9,975 %)",
      total: "Total",
    },
    manageLink: "Gérer ma réservation",
    manageNote:
      "Vous pouvez modifier ou annuler votre rendez-vous en ligne jusqu'à 24 heures avant l'heure prévue. Ensuite, appelez-nous.",
    callUs: `Une question ? Appelez-nous au ${BUSINESS.phone} ou écrivez à ${BUSINESS.email}.`,
    pricesNote: "Prix en dollars canadiens. Aucuns frais de déplacement.",
    calendarNote: "Le fichier joint (rendez-vous.ics) ajoute le rendez-vous à votre calendrier.",
    icsFileName: "rendez-vous.ics",
    icsSummary: (service: string) => `${BUSINESS.name} : ${service}`,
    icsDescription: (
      bookingId: string,
      total: string,
      extras: string,
      manageUrl?: string,
      discount?: string,
    ) =>
      [
        `Réservation ${bookingId}`,
        `Options : ${extras}`,
        discount ?? null,
        `Total avec taxes : ${total}`,
        `Paiement : ${PAYMENT_NOTE}`,
        manageUrl ? `Gérer la réservation : ${manageUrl}` : null,
        BUSINESS.phone,
      ]
        .filter(Boolean)
        .join("\n"),
    paymentNote: `Paiement : ${PAYMENT_NOTE}`,
    paymentText: PAYMENT_NOTE,
    confirmation: {
      subject: (date: string) => `Réservation confirmée : ${date}`,
      intro: "Votre lavage est réservé. Voici le détail de votre rendez-vous.",
    },
    changed: {
      subject: (date: string) => `Réservation modifiée : ${date}`,
      intro: "Votre réservation a été modifiée. Voici le détail à jour, avec le nouveau total.",
    },
    cancelled: {
      subject: (date: string) => `Réservation annulée : ${date}`,
      intro: "Votre rendez-vous est annulé. Aucun lavage n'aura lieu à cette date.",
      rebook: "Réserver un autre rendez-vous",
    },
    reminder: {
      subject: (time: string) => `Rappel : votre lavage demain à ${time}`,
      intro: "Petit rappel : notre équipe passe demain. Merci de laisser le véhicule accessible.",
    },
    applicationReceived: {
      subject: "Nous avons bien reçu votre candidature",
      intro: (city: string) =>
        `Merci pour votre candidature de franchisé à ${city}. Notre équipe l'étudie et vous répondra par courriel.`,
      next: "Si elle est retenue, vous recevrez un lien pour créer le mot de passe de votre espace partenaire.",
      confirmText:
        "Confirmez d'abord que cette adresse est bien la vôtre : votre candidature ne peut pas être approuvée avant.",
      confirm: "Confirmer mon adresse courriel",
    },
    contactReceived: {
      subject: (name: string) => `Nouveau message de ${name} (formulaire de contact)`,
      intro: "Un visiteur a écrit par le formulaire de contact du site.",
      name: "Nom",
      email: "Courriel",
      phone: "Téléphone",
      noPhone: "non fourni",
      message: "Message",
      replyNote: "Répondez directement à ce courriel pour écrire à l'expéditeur.",
    },
    passwordReset: {
      subject: "Réinitialisation de votre mot de passe",
      intro: "Vous avez demandé à changer le mot de passe de votre compte.",
      action: "Choisir un nouveau mot de passe",
      expiry: "Ce lien est valable 1 heure et ne sert qu'une fois. Il remplace tout lien envoyé avant lui.",
      ignore: "Si vous n'avez rien demandé, ignorez ce courriel : votre mot de passe reste le même.",
    },
    setPassword: {
      subject: `Bienvenue chez ${BUSINESS.name} : créez votre mot de passe`,
      intro: "Votre compte est prêt. Choisissez votre mot de passe pour y accéder.",
      action: "Créer mon mot de passe",
      expiry: "Ce lien est valable 24 heures et ne sert qu'une fois.",
    },
    promotion: {
      subject: (title: string) => title,
    },
  },
  sms: {
    /** The start of every confirmation SMS: also how a second one for a booking is recognised. */
    confirmationStart: `${BUSINESS.name} : réservation confirmée`,
    confirmation: (date: string, time: string, address: string) =>
      `${BUSINESS.name} : réservation confirmée pour votre lavage du ${date} à ${time}, ${address}. Info : ${BUSINESS.phone}. Répondez ARRET pour ne plus recevoir d'offres.`,
    reminder: (time: string, address: string) =>
      `${BUSINESS.name} : rappel de votre lavage demain à ${time}, ${address}. Info : ${BUSINESS.phone}. ARRET pour ne plus recevoir d'offres.`,
    help: {
      fr: `${BUSINESS.name} : rappels de rendez-vous et au plus 4 offres par mois. Aide : ${BUSINESS.phone} ou ${BUSINESS.email}. Répondez ARRET pour vous désabonner. Des frais de messagerie peuvent s'appliquer.`,
      en: `${BUSINESS.name}: appointment reminders and at most 4 offers a month. Help: ${BUSINESS.phone} or ${BUSINESS.email}. Reply STOP to unsubscribe. Msg & data rates may apply.`,
    },
    stop: {
      fr: `${BUSINESS.name} : vous êtes désabonné et ne recevrez plus d'offres. Les messages de vos rendez-vous déjà réservés continuent. Répondez START ou DEBUT pour vous réabonner.`,
      en: `${BUSINESS.name}: you are unsubscribed and will receive no more offers. Messages about appointments already booked continue. Reply START to resubscribe.`,
    },
    start: {
      fr: `${BUSINESS.name} : vous êtes réabonné (au plus 4 offres par mois). Répondez ARRET pour vous désabonner, AIDE pour de l'aide.`,
      en: `${BUSINESS.name}: you are resubscribed (at most 4 offers a month). Reply STOP to unsubscribe, HELP for help.`,
    },
  },
  unsubscribe: {
    title: "Se désabonner",
    metaTitle: `Désabonnement | ${BUSINESS.name}`,
    intro: (address: string) => `Ne plus recevoir les offres de ${BUSINESS.name} à l'adresse ${address} ?`,
    note: "Les courriels de vos réservations (confirmation, rappel, modification) continueront d'arriver.",
    submit: "Me désabonner",
    done: "Vous êtes désabonné",
    doneText: (address: string) =>
      `Nous n'enverrons plus d'offres à ${address}. Le désabonnement prend effet immédiatement.`,
    invalid: "Lien de désabonnement invalide",
    invalidText: `Ce lien est incomplet ou a été modifié. Écrivez-nous à ${BUSINESS.email} et nous vous désabonnerons.`,
    home: "Retour à l'accueil",
  },
  /** Double opt-in (ADR 071): the e-mail and the page of its link. */
  consentConfirm: {
    subject: `Confirmez votre abonnement aux offres de ${BUSINESS.name}`,
    hello: "Bonjour,",
    intro: (address: string) =>
      `Vous avez demandé à recevoir les offres et nouvelles de ${BUSINESS.name} à l'adresse ${address}. Confirmez-le d'un clic :`,
    button: "Confirmer mon abonnement",
    ignore:
      "Vous n'avez rien demandé ? Ignorez ce courriel : sans confirmation, nous ne vous enverrons aucune offre.",
    title: "Confirmer l'abonnement aux offres",
    metaTitle: `Confirmation d'abonnement | ${BUSINESS.name}`,
    ask: (address: string) => `Recevoir les offres et nouvelles de ${BUSINESS.name} à l'adresse ${address} ?`,
    note: "Vous pourrez vous désabonner en tout temps par le lien au bas de chaque offre.",
    submit: "Confirmer",
    done: "Abonnement confirmé",
    doneText: (address: string) =>
      `Merci ! ${address} recevra nos offres et nouvelles. Vous pouvez vous désabonner en tout temps.`,
    invalid: "Lien de confirmation invalide",
    invalidText: `Ce lien est incomplet ou a été modifié. Écrivez-nous à ${BUSINESS.email} pour vous abonner.`,
    home: "Retour à l'accueil",
  },
  devMail: {
    title: "Boîte de courriels (développement)",
    metaTitle: "Courriels envoyés | développement",
    intro:
      "Les courriels écrits dans le dossier DATA_DIR/mail quand SMTP_URL n'est pas défini. Cette page n'existe qu'en développement ou avec DEMO_ACCOUNTS=1.",
    empty: "Aucun courriel pour le moment. Faites une réservation ou une demande de mot de passe.",
    subject: "Objet",
    to: "Destinataire",
    date: "Date",
    attachments: "Pièces jointes",
    links: "Liens du message",
    text: "Version texte",
    html: "Version HTML",
    back: "Tous les courriels",
    open: (subject: string) => `Ouvrir : ${subject}`,
    notFound: "Courriel introuvable.",
  },
  forgotPassword: {
    link: "Mot de passe oublié ?",
    title: "Mot de passe oublié",
    metaTitle: `Mot de passe oublié | ${BUSINESS.name}`,
    intro:
      "Entrez l'adresse de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.",
    email: "Adresse courriel",
    submit: "Envoyer le lien",
    sent: "Vérifiez vos courriels",
    sentText: (email: string) =>
      `Si un compte existe pour ${email}, un lien de réinitialisation vient d'y être envoyé. Il est valable 1 heure.`,
    backToSignIn: "Retour à la connexion",
    error: "Impossible d'envoyer le lien pour le moment. Veuillez réessayer.",
  },
  resetPassword: {
    title: "Nouveau mot de passe",
    metaTitle: `Nouveau mot de passe | ${BUSINESS.name}`,
    intro: "Choisissez le mot de passe de votre compte.",
    password: "Nouveau mot de passe",
    passwordHint: "8 caractères au minimum.",
    confirm: "Confirmez le mot de passe",
    mismatch: "Les deux mots de passe ne sont pas identiques.",
    submit: "Enregistrer le mot de passe",
    success: "Mot de passe enregistré. Vous pouvez vous connecter.",
    invalidToken: "Ce lien n'est plus valide",
    invalidTokenText: "Il a expiré ou a déjà servi. Demandez un nouveau lien.",
    requestNew: "Demander un nouveau lien",
  },
  wizard: {
    emailConsent: `J'accepte de recevoir par courriel les offres de ${BUSINESS.name}. Je peux me désabonner en tout temps.`,
    emailConsentHint: "Facultatif. La confirmation de votre réservation vous est envoyée dans tous les cas.",
  },
} as const;
