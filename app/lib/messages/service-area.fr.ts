/**
 * Service-area check and postal-code validator: one text per code of domain/geo/service-area.ts.
 * Imported as `serviceAreaMessages` where used (not in `messages`: ADR 054).
 */
export const serviceAreaMessages = {
  IN_AREA: (city: string) => `Bonne nouvelle ! Nous desservons ${city}.`,
  OUT_OF_AREA: "Désolé, cette adresse est hors de nos zones de service pour le moment.",
  OUTSIDE_QUEBEC:
    "Nous desservons uniquement le côté québécois : cette adresse est hors du Québec et hors de nos zones de service.",
  NEEDS_POSTAL_CODE:
    "Nous n'avons pas pu situer cette adresse avec précision. Veuillez ajouter votre code postal.",
  UNKNOWN_PLACE:
    "Nous ne trouvons pas cette adresse. Vérifiez le nom de la municipalité ou entrez votre code postal.",
  ZONE_NOT_ACTIVE: (zone: string, label?: string | null) =>
    `Nous ne desservons pas encore ${zone} (${label ?? "Bientôt disponible"}).`,
  EMPTY: "Veuillez entrer une adresse ou un code postal",
  /** After a "not served" answer: the zones served, and the waiting list (issue 33). */
  served: (names: readonly string[]) =>
    names.length === 0
      ? ""
      : `Nous desservons actuellement ${new Intl.ListFormat("fr-CA", { type: "conjunction" }).format(names)}.`,
  waitlistHint:
    "Inscrivez-vous à la liste d'attente : nous vous écrirons dès que nous desservirons votre secteur.",
  postal: {
    empty: "Veuillez entrer un code postal.",
    invalid: "Code postal invalide. Exemple : J2G 1A1.",
    valid: (code: string) => `Code postal valide : ${code}.`,
    validating: "Validation...",
    error: "Erreur lors de la validation du code postal.",
    title: "Validation du code postal",
    description:
      "Entrez votre code postal pour savoir si nos équipes de lavage mobile se déplacent chez vous.",
    label: "Code postal",
    placeholder: "J2G 1A1",
    submit: "Valider",
    invalidRequest: "Requête invalide : envoyez {postalCode} en JSON.",
  },
  error: "Erreur lors de la validation de l'adresse",
  invalidRequest: "Requête invalide : envoyez {address} en JSON.",
  fieldLabel: "Adresse ou code postal",
  fieldPlaceholder: "Ex. : 123, rue Principale, Granby ou J2G 1A1",
  check: "Vérifier",
  checking: "Vérification...",
  confirm: "Confirmer",
  restart: "Recommencer",
  carsLabel: "Nombre de véhicules",
  cars: (count: number) => (count > 1 ? `${count} véhicules` : `${count} véhicule`),
  dialogTitle: "Vérifiez votre zone de service",
  dialogDescription:
    "Entrez votre adresse ou votre code postal : nous vérifions que nos équipes se déplacent chez vous.",
  booking: {
    title: "Réservation",
    description:
      "Réservez un lavage d'auto mobile à domicile ou au bureau : vérifiez votre adresse, choisissez le nombre de véhicules et votre créneau.",
    checkTitle: "Où devons-nous nous déplacer\u00a0?",
    summaryTitle: "Votre réservation",
    summaryText: "Votre adresse est dans notre zone de service. Choisissez maintenant votre créneau.",
    address: "Adresse",
    continue: "Choisir mon créneau",
    changeAddress: "Changer d'adresse",
  },
  zone: {
    hero: (zone: string) => `Lavage mobile à ${zone}`,
    description: (zone: string) =>
      `Lavage d'auto haut de gamme à domicile ou au bureau à ${zone} et dans un rayon de 25 km. Réservez en ligne en quelques clics.`,
    intro:
      "Nos équipes locales se déplacent chez vous, à la maison comme au bureau, avec tout le matériel nécessaire.",
    active: "Service offert",
    radius: (km: number) => `Rayon de service de ${km} km autour de la ville`,
    pricePerVehicle: (price: string) => `${price} par véhicule, taxes en sus`,
    total: (price: string) => `Total : ${price}`,
    bookTitle: "Réservez votre lavage",
    book: "Réserver",
    seekingTitle: "Ce secteur attend son partenaire",
    seekingText:
      "Nous cherchons un partenaire local pour offrir le lavage mobile dans ce secteur. Vous aimeriez lancer votre entreprise avec nous ?",
    becomePartner: "Devenir partenaire",
    comingSoon: "Bientôt disponible",
  },
} as const;
