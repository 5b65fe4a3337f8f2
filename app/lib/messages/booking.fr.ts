/**
 * The booking engine: slots, bookings and the manage link (JSON API and wizard). Imported as
 * `bookingMessages` where used (not in `messages`: ADR 054).
 */
export const bookingMessages = {
  zoneRequired: "Veuillez choisir une zone de service.",
  zoneNotFound: "Cette zone de service n'existe pas.",
  zoneNotActive: "Cette zone n'accepte pas encore de réservations.",
  carsInvalid: "Le nombre de véhicules doit être de 1 à 3.",
  startRequired: "Veuillez choisir un créneau.",
  startInvalid:
    "Le créneau doit être une date et une heure ISO 8601 avec fuseau, par exemple 2026-03-09T09:00:00-04:00.",
  nameRequired: "Le nom est requis.",
  phoneRequired: "Le numéro de téléphone est requis.",
  phoneInvalid: "Veuillez entrer un numéro de téléphone nord-américain valide, par exemple 450 555-0142.",
  addressRequired: "L'adresse du service est requise.",
  postalCodeInvalid: "Code postal invalide. Exemple : J2G 1A1.",
  dateInvalid: "La date doit être au format AAAA-MM-JJ, par exemple 2026-03-09.",
  daysInvalid: (max: number) => `Le nombre de jours doit être de 1 à ${max}.`,
  tokenRequired: "Le lien de gestion est incomplet.",
  bookingIdRequired: "Le numéro de réservation est requis.",
  upsellsInvalid: "La liste des options est invalide.",
  invalidFields: "Veuillez corriger les champs indiqués.",
  invalidRequest: "Requête invalide : envoyez un objet JSON.",
  methodNotAllowed: (method: string) => `Méthode non permise : utilisez ${method}.`,
  slotTaken: "Ce créneau vient d'être réservé. Choisissez-en un autre.",
  slotUnavailable: "Ce créneau n'est pas offert. Choisissez-en un parmi les créneaux proposés.",
  beyondHorizon: (days: number) =>
    `Les réservations sont ouvertes pour les ${days} prochains jours seulement. Choisissez une date plus rapprochée.`,
  addressOutOfZone: (zone: string) =>
    `Cette adresse est hors de la zone de service de ${zone}. Vérifiez l'adresse ou choisissez une autre zone.`,
  addressNotLocated: "Nous ne trouvons pas cette adresse. Ajoutez la municipalité ou le code postal.",
  appointmentNotFound: "Réservation introuvable.",
  invalidManageToken: "Ce lien de gestion n'est pas valide pour cette réservation.",
  tooLateToChange: (phone: string) =>
    `Il reste moins de 24 heures avant votre rendez-vous : pour l'annuler ou le déplacer, appelez-nous au ${phone}.`,
  notChangeable:
    "Cette réservation est déjà annulée, terminée ou commencée : elle ne peut plus être modifiée.",
  unknownUpsell: (names: string) => `Option inconnue : ${names}.`,
  rateLimited: "Trop de réservations en peu de temps. Veuillez réessayer dans quelques minutes.",
  /** The same Idempotency-Key (or the same wizard form) sent again with another request (ADR 068). */
  requestKeyReused:
    "Cette clé de requête a déjà servi à une autre réservation. Générez une nouvelle clé (ou rechargez la page) pour réserver autre chose.",
  /** The same slot, contact, zone and cars booked minutes ago with other details (ADR 068). */
  duplicateBooking:
    "Une réservation pour ce créneau vient d'être faite avec ce courriel et ce téléphone. Pour la modifier, utilisez le lien de gestion reçu par courriel.",
  /** A malformed Idempotency-Key header. */
  requestKeyInvalid:
    "L'en-tête Idempotency-Key est invalide : de 1 à 255 caractères ASCII visibles, sans espace.",
} as const;
