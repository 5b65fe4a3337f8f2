/**
 * The booking wizard /booking/{id} (docs/product.md, sections 2 and 4): choices, slot picker, details, price.
 * Imported as `wizardMessages` where used (not in `messages`: ADR 054).
 */
export const wizardMessages = {
  title: "Réservation",
  description:
    "Réservez votre lavage d'auto mobile : choisissez votre région, le nombre de véhicules et votre créneau.",
  steps: { vehicles: "Choisir les véhicules", slot: "Réserver le créneau" },
  vehiclesTitle: "Choisissez vos véhicules",
  vehiclesText: "Indiquez votre région et le nombre de véhicules à laver.",
  regionLegend: "Région",
  carsLegend: "Nombre de véhicules",
  continue: "Continuer",
  continueHint: "Choisissez une région et un nombre de véhicules pour continuer.",
  slotTitle: "Choisissez votre créneau",
  /** « Modifier » at step 2: back to step 1, which holds the address and the vehicles. */
  editServices: "Modifier l'adresse et les véhicules",
  home: "Accueil",
  summaryBadge: (cars: string, city: string) => `${cars} · ${city}`,
  slotsLegend: "Date et heure",
  duration: (duration: string) => `Durée prévue du lavage\u00a0: ${duration}.`,
  noSlots: (phone: string) =>
    `Aucun créneau disponible dans les 30 prochains jours. Appelez-nous au ${phone}.`,
  detailsTitle: "Vos coordonnées",
  requiredNote: "Les champs marqués d'un * sont obligatoires.",
  name: "Nom complet",
  email: "Adresse courriel",
  phone: "Téléphone",
  phoneHint: "Pour vous joindre le jour du lavage, par exemple 450 555-0142.",
  address: "Adresse du service",
  addressHint: "Numéro, rue et municipalité, par exemple 120, rue Principale, Granby.",
  postalCode: "Code postal",
  optional: "facultatif",
  smsConsent:
    "J'accepte de recevoir par texto les offres de Lavage Mobile Prestige (4 par mois au maximum). Je peux me désabonner en tout temps en répondant STOP ou ARRET.",
  smsConsentHint:
    "Facultatif : les offres seulement. Les textos de votre rendez-vous suivent la case ci-dessus.",
  serviceTexts:
    "Recevoir par texto la confirmation, le rappel la veille et l'arrivée de l'équipe pour ce rendez-vous.",
  serviceTextsHint:
    "Décochez pour les recevoir par courriel seulement. Répondez STOP en tout temps pour arrêter.",
  summaryTitle: "Résumé",
  serviceLine: (service: string, cars: string) => `${service} (${cars})`,
  unitPrice: (price: string, cars: number) => `${price} × ${cars}`,
  subtotal: "Sous-total",
  tps: "TPS (5 %)",
  tvq: "TVQ (9,975 %)",
  total: "Total",
  pricesNote: "Prix en dollars canadiens. Aucuns frais de déplacement.",
  submit: "Confirmer la réservation",
  noService: "Aucun service n'est offert pour le moment. Veuillez réessayer plus tard.",
  /** Step 1 of the one path (ADR 044): the address or postal code, typed once, and the cars. */
  whereTitle: "Où devons-nous nous déplacer\u00a0?",
  whereText:
    "Entrez votre adresse ou votre code postal\u00a0: nous vérifions que nos équipes se déplacent chez vous.",
  /** A referral link (/booking?promo=AMI-...): its discount, announced on step 1 (ADR 050). */
  referralApplied: (amount: string) =>
    `Votre rabais de parrainage de ${amount} sera appliqué à votre première réservation.`,
  whereRequired: "Veuillez entrer une adresse ou un code postal.",
  zoneChoice: "Deux de nos zones desservent cette adresse. Laquelle préférez-vous\u00a0?",
  zoneChoiceRequired: "Choisissez la zone qui fera votre lavage.",
  seeSlots: "Voir les disponibilités",
  /**
   * Step 1 with JavaScript (ADR 107): once the address and the vehicles are given, the times
   * show below them, without « Voir les disponibilités »; a time chosen opens step 2 with it.
   */
  previewTitle: "Heures disponibles",
  previewHint: "Choisissez une heure : les options et vos coordonnées suivent.",
  previewLoading: "Recherche des heures disponibles…",
  previewShown: (city: string) => `Heures disponibles à ${city} affichées sous le formulaire.`,
  changeWhere: "Modifier",
  extrasLegend: "Options (facultatif)",
  extrasText: "Réalisées pendant le même rendez-vous. Vous pouvez aussi les changer plus tard.",
  summaryDate: "Date",
  summaryTime: "Heure",
  summaryLength: "Durée",
  summaryAddress: "Adresse",
  summaryCars: "Véhicules",
  summaryExtras: "Options",
  noExtras: "Aucune",
  toChoose: "À choisir",
  timeRange: (start: string, end: string) => `${start} à ${end}`,
  paymentTitle: "Paiement",
  barTotal: (total: string) => `Total ${total}`,
  barToggle: "Voir le résumé",
  slotChosen: (when: string) => `Créneau choisi\u00a0: ${when}`,
  /**
   * Back from « Modifier » (issue 33): what was chosen and no longer holds, in one sentence
   * (`when`: the time no longer open, 'lundi 9 mars à 9 h 30'; `extras`: options no longer offered).
   */
  /** A visitor's details kept in this browser, with their consent (ADR 107). */
  remember: "Se souvenir de mes coordonnées sur cet appareil",
  rememberHint:
    "Votre nom, votre courriel, votre téléphone et votre adresse restent dans ce navigateur seulement, pour votre prochaine réservation.",
  remembered: "Vos coordonnées enregistrées sur cet appareil ont été remplies.",
  forget: "Oublier mes coordonnées",
  forgotten: "Vos coordonnées ne sont plus enregistrées sur cet appareil.",
  keptLost: (when: string | null, extras: number) => {
    const options =
      extras === 0
        ? ""
        : extras === 1
          ? "l'option choisie n'est plus offerte"
          : "les options choisies ne sont plus offertes";
    if (!when) return `${options.charAt(0).toUpperCase()}${options.slice(1)}.`;
    const time = `L'heure choisie (${when}) n'est plus libre pour cette adresse et ces véhicules`;
    return options
      ? `${time}, et ${options}\u00a0: choisissez une autre heure.`
      : `${time}\u00a0: choisissez-en une autre.`;
  },
} as const;
