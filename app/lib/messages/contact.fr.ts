/**
 * The contact form and the ways to reach us (home page, footer, legal pages). Imported as
 * `contactMessages` where used (not in `messages`: ADR 054).
 */
export const contactMessages = {
  title: "Contactez-nous",
  description:
    "Une question, une soumission pour plusieurs véhicules ? Écrivez-nous, nous vous répondrons sous peu.",
  name: "Nom",
  email: "Adresse courriel",
  phone: "Téléphone",
  optional: "facultatif",
  message: "Message",
  messagePlaceholder: "Votre question, le nombre de véhicules, votre ville...",
  submit: "Envoyer le message",
  requiredNote: "Les champs marqués d'un astérisque (*) sont requis.",
  honeypot: "Ne remplissez pas ce champ",
  nameRequired: "Le nom est requis.",
  messageRequired: "Le message est requis.",
  phoneInvalid: "Veuillez entrer un numéro de téléphone valide.",
  missingFieldsTitle: "Champs requis",
  missingFields: "Nom, email et message sont requis.",
  invalidFields: "Veuillez corriger les champs indiqués.",
  invalidRequest: "Requête invalide.",
  methodNotAllowed: "Méthode non permise : envoyez le message en POST.",
  sendErrorTitle: "Échec de l'envoi",
  sendError: "Erreur lors de l'envoi du message",
  unknownError: "Erreur inconnue",
  rateLimited:
    "Vous avez envoyé plusieurs messages en peu de temps. Veuillez réessayer dans quelques minutes.",
  successTitle: "Message envoyé",
  success: "Nous vous répondrons sous peu.",
  callUs: "Appelez-nous",
  preferToCall: "Vous préférez nous parler ?",
  writeUs: "Écrivez-nous",
  hours: "Heures de service",
  copy: "Copier",
  copyPhone: (phone: string) => `Copier le numéro ${phone}`,
  phoneCopied: "Numéro copié !",
  phoneCopyError: "Impossible de copier le numéro. Veuillez réessayer.",
} as const;
